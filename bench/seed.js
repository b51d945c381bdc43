'use strict';
/** Realistic bench data, inserted with multi-row INSERTs (deterministic: the same rows every run). */

const FIRST = [
  'Aarav',
  'Vivaan',
  'Aditya',
  'Vihaan',
  'Arjun',
  'Sai',
  'Reyansh',
  'Krishna',
  'Ishaan',
  'Rohan',
  'Ananya',
  'Diya',
  'Priya',
  'Kavya',
  'Meera',
  'Lakshmi',
  'Sneha',
  'Pooja',
  'Rahul',
  'Amit',
  'Suresh',
  'Ramesh',
  'Deepak',
  'Vikram',
  'Manoj',
  'Sunita',
  'Anita',
  'Harpreet',
  'Gurpreet',
  'Imran',
  'Farhan',
  'Joseph',
  'Thomas',
  'Venkatesh',
  'Srinivas',
  'Lalit',
];
const LAST = [
  'Sharma',
  'Verma',
  'Patel',
  'Shah',
  'Mehta',
  'Iyer',
  'Nair',
  'Reddy',
  'Rao',
  'Gupta',
  'Agarwal',
  'Jain',
  'Singh',
  'Kaur',
  'Khan',
  'Das',
  'Banerjee',
  'Chatterjee',
  'Mukherjee',
  'Pillai',
  'Menon',
  'Joshi',
  'Kulkarni',
  'Deshpande',
  'Naidu',
  'Bhat',
  'Malhotra',
  'Kapoor',
  'Chopra',
  'Sinha',
  'Mishra',
  'Pandey',
  'Thakur',
  'Yadav',
  'Gill',
  'DSouza',
];
const TRADE = [
  'Traders',
  'Enterprises',
  'Textiles',
  'Steel Works',
  'Agencies',
  'Electricals',
  'Pharma',
  'Foods',
  'Hardware',
  'Logistics',
  'Garments',
  'Plastics',
  'Auto Parts',
  'Stationers',
  'Jewellers',
  'Builders',
  'Motors',
  'Exports',
];
const FORM = ['', '', ' Pvt Ltd', ' LLP', ' & Co', ' & Sons', ' Industries'];
const CITY = [
  ['27', 'Mumbai, Maharashtra'],
  ['27', 'Pune, Maharashtra'],
  ['29', 'Bengaluru, Karnataka'],
  ['33', 'Chennai, Tamil Nadu'],
  ['07', 'New Delhi, Delhi'],
  ['24', 'Ahmedabad, Gujarat'],
  ['24', 'Surat, Gujarat'],
  ['36', 'Hyderabad, Telangana'],
  ['19', 'Kolkata, West Bengal'],
  ['08', 'Jaipur, Rajasthan'],
  ['09', 'Lucknow, Uttar Pradesh'],
  ['32', 'Kochi, Kerala'],
  ['03', 'Ludhiana, Punjab'],
  ['23', 'Indore, Madhya Pradesh'],
];
const STREET = [
  'MG Road',
  'Station Road',
  'Gandhi Nagar',
  'Industrial Area Phase 2',
  'Market Yard',
  'Nehru Chowk',
  'Ring Road',
  'Old City',
  'Sector 18',
  'Link Road',
];
const DOMAINS = ['gmail.com', 'yahoo.co.in', 'outlook.com', 'rediffmail.com'];
const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Small deterministic PRNG (mulberry32). */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The GSTIN check character (mod 36 over the first 14 characters). */
function gstinCheckChar(first14) {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36];
}

function sqlTime(ms) {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** `count` client rows for one account, created over the last two years. */
function clientRows(accountId, count, seed = 42) {
  const rand = rng(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const letters = (n) => Array.from({ length: n }, () => GSTIN_CHARS[10 + Math.floor(rand() * 26)]).join('');
  const now = Date.now();
  const span = 730 * 24 * 3600 * 1000;
  const rows = [];
  for (let i = 0; i < count; i++) {
    const first = pick(FIRST);
    const last = pick(LAST);
    const business = rand() < 0.6;
    const name = business ? `${last} ${pick(TRADE)}${pick(FORM)}` : `${first} ${last}`;
    const phone = String(6 + Math.floor(rand() * 4)) + String(Math.floor(rand() * 1e9)).padStart(9, '0');
    const email = `${first}.${last}${i}@${pick(DOMAINS)}`.toLowerCase();
    const [state, city] = pick(CITY);
    let gstin = null;
    if (business && rand() < 0.7) {
      const pan = `${letters(3)}${pick(['C', 'F', 'P'])}${letters(1)}${String(Math.floor(rand() * 10000)).padStart(4, '0')}${letters(1)}`;
      const first14 = `${state}${pan}1Z`;
      gstin = first14 + gstinCheckChar(first14);
    }
    const address = rand() < 0.8 ? `${1 + Math.floor(rand() * 400)}, ${pick(STREET)}, ${city}` : null;
    const created = now - Math.floor(rand() * span);
    const updated = Math.min(now, created + Math.floor(rand() * 30 * 24 * 3600 * 1000));
    rows.push([accountId, name, phone, '+91', email, address, gstin, gstin ? state : rand() < 0.5 ? state : null, sqlTime(created), sqlTime(updated)]);
  }
  return rows;
}

/** Inserts `count` clients for the account in batches of 1,000 rows. */
async function seedClients(pool, accountId, count) {
  const rows = clientRows(accountId, count);
  for (let i = 0; i < rows.length; i += 1000) {
    await pool.query('INSERT INTO clients (account_id, name, phone, country_code, email, address, gstin, state_code, created_at, updated_at) VALUES ?', [
      rows.slice(i, i + 1000),
    ]);
  }
  return rows.length;
}

module.exports = { seedClients, clientRows, gstinCheckChar };
