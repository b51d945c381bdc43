import fc from 'fast-check';
import { kolkataDate } from './fiscal-year';
import { accountToday, isTimeZone, latestDate, zonedDate } from './time-zone';

describe('time zones', () => {
  it('takes IANA names the runtime knows, and nothing else', () => {
    for (const zone of ['Asia/Kolkata', 'Asia/Calcutta', 'Europe/London', 'America/Argentina/Buenos_Aires', 'UTC', 'Etc/GMT+5']) {
      expect([zone, isTimeZone(zone)]).toEqual([zone, true]);
    }
    for (const zone of ['Mars/Olympus_Mons', '+05:30', 'IST', 'utc/../x', '', ' Asia/Kolkata', 42, null, 'A'.repeat(65)]) {
      expect([zone, isTimeZone(zone)]).toEqual([zone, false]);
    }
  });

  it('the date in a zone: around midnight ahead of and behind UTC; Asia/Kolkata by default', () => {
    expect(zonedDate(new Date('2026-01-09T10:59:59Z'), 'Pacific/Auckland')).toBe('2026-01-09');
    expect(zonedDate(new Date('2026-01-09T11:00:00Z'), 'Pacific/Auckland')).toBe('2026-01-10');
    expect(zonedDate(new Date('2026-01-10T07:59:59Z'), 'America/Los_Angeles')).toBe('2026-01-09');
    expect(zonedDate(new Date('2026-01-10T08:00:00Z'), 'America/Los_Angeles')).toBe('2026-01-10');
    expect(accountToday({}, new Date('2026-01-09T18:30:00Z'))).toBe('2026-01-10');
    expect(accountToday({ timeZone: 'UTC' }, new Date('2026-01-09T18:30:00Z'))).toBe('2026-01-09');
  });

  it('no zone is past the latest date; Kolkata through Intl is the fixed offset', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-01') }),
        fc.constantFrom('Pacific/Auckland', 'Pacific/Kiritimati', 'America/Adak', 'UTC'),
        (at, zone) => {
          expect(zonedDate(at, zone) <= latestDate(at)).toBe(true);
          expect(zonedDate(at, 'Asia/Calcutta')).toBe(kolkataDate(at));
        },
      ),
    );
  });
});
