import Decimal from 'decimal.js';
import { money2 } from '@app/domain/shared/money';
import {
  addDays,
  DEMO_ADDRESS,
  DEMO_CLIENTS,
  DEMO_EXPENSES,
  DEMO_INVOICES,
  DEMO_ITEMS,
  DemoInvoice,
  DemoItem,
  invoiceDates,
  productLine,
  saleType,
  DEMO_STATE,
} from './demo-data';

/** The part of the API the seeding uses: answers are the `data` of the envelope; failures throw. */
export interface DemoApi {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
  patch<T>(path: string, body: unknown): Promise<T>;
}

export interface DemoSeedResult {
  /** False when the account already had clients: nothing was written. */
  seeded: boolean;
  /** The newest invoice and its public PDF link. */
  invoice_id: number;
  share_url: string;
}

/**
 * Fills the demo account through the public API, so every record passes the same rules as an
 * integrator's: clients with valid GSTINs or none, stock moved by invoices, payment rules applied.
 * Runs once per account: when the account has any client it only returns the share link.
 */
export async function seedDemo(api: DemoApi, today: string): Promise<DemoSeedResult> {
  // A tax invoice shows the supplier's address and state (CGST rule 46(a)): the demo business gets one when it has none.
  const profile = await api.get<{ business_address: string | null; state_code: string | null }>('/v1/settings/business');
  if (!profile.business_address || !profile.state_code) {
    await api.patch('/v1/settings/business', { business_address: profile.business_address || DEMO_ADDRESS, state_code: profile.state_code || DEMO_STATE });
  }
  const { total } = await api.get<{ total: number }>('/v1/clients?limit=1');
  const seeded = total === 0;
  if (seeded) await seedAll(api, today);
  const { invoices } = await api.get<{ invoices: Array<{ invoice_id: number }> }>('/v1/invoices?limit=1');
  const invoiceId = invoices[0].invoice_id;
  const { share_url } = await api.post<{ share_url: string }>(`/v1/documents/invoice/${invoiceId}/share`, {});
  return { seeded, invoice_id: invoiceId, share_url };
}

async function seedAll(api: DemoApi, today: string): Promise<void> {
  const clientIds = new Map<string, number>();
  const clientStates = new Map<string, string>();
  for (const { key, ...client } of DEMO_CLIENTS) {
    const created = await api.post<{ client: { client_id: number } }>('/v1/clients', client);
    clientIds.set(key, created.client.client_id);
    clientStates.set(key, client.state_code);
  }

  const itemIds = new Map<string, number>();
  const items = new Map(DEMO_ITEMS.map((i) => [i.key, i]));
  for (const { key, recount, earlierRates: _earlierRates, ...item } of DEMO_ITEMS) {
    const { inventory_id } = await api.post<{ inventory_id: number }>('/v1/inventory', item);
    itemIds.set(key, inventory_id);
    if (recount !== undefined) await api.patch(`/v1/inventory/${inventory_id}`, { quantity: recount, note: 'Quarterly stock count' });
  }

  const lines = (spec: DemoInvoice['lines'], client: string, date: string, linkStock: boolean) =>
    Object.entries(spec).map(([item, quantity]) => ({
      ...productLine(items.get(item) as DemoItem, quantity, clientStates.get(client) as string, date),
      ...(linkStock ? { inventory_id: itemIds.get(item) } : {}),
    }));

  const invoiceIds: number[] = [];
  for (const invoice of DEMO_INVOICES) {
    const dates = invoiceDates(today, invoice);
    const invoiceLines = lines(invoice.lines, invoice.client, dates.invoice_date, true);
    const total = invoiceLines.reduce((sum, l) => sum.plus(l.total_amount), new Decimal(0));
    const payment =
      invoice.payment === 'paid'
        ? { payment_status: 'paid', payment_date: minDate(addDays(dates.invoice_date, Math.min(invoice.dueIn, 10)), today) }
        : invoice.payment === 'partial'
          ? { payment_status: 'partial', paid_amount: money2(total.times(0.4)), payment_date: minDate(addDays(dates.invoice_date, 7), today) }
          : { payment_status: invoice.payment };
    const { invoice_id } = await api.post<{ invoice_id: number }>('/v1/invoices', {
      client_id: clientIds.get(invoice.client),
      invoice_type: saleType(clientStates.get(invoice.client) as string),
      ...dates,
      ...payment,
      items: invoiceLines,
    });
    invoiceIds.push(invoice_id);
  }
  await seedPayments(api, today, clientIds, invoiceIds);

  await api.post('/v1/quotations', {
    client_id: clientIds.get('deccan'),
    quotation_type: saleType('29'),
    quotation_date: addDays(today, -3),
    validity_date: addDays(today, 27),
    declaration_text: 'Prices valid for 30 days. Delivery within 10 working days of the order.',
    items: lines({ chair: 20, install: 2 }, 'deccan', addDays(today, -3), false),
  });
  await api.post('/v1/proforma-invoices', {
    client_id: clientIds.get('sahyadri'),
    proforma_date: addDays(today, -1),
    validity_date: addDays(today, 14),
    items: lines({ lamp: 25, paper: 80 }, 'sahyadri', addDays(today, -1), false),
  });
  await api.post('/v1/debit-notes', {
    client_id: clientIds.get('chola'),
    debit_note_date: addDays(today, -6),
    payment_due_date: addDays(today, 24),
    items: [
      { description: 'Freight charged short on the invoice', expense_date: addDays(today, -9), amount: '1180.50' },
      { description: 'Loading and unloading', expense_date: addDays(today, -9), amount: '450.00' },
    ],
  });
  const returned = DEMO_INVOICES.findIndex((i) => i.client === 'konkan');
  // Two reams at the price and rate of the invoice they were sold on.
  const reams = productLine(items.get('paper') as DemoItem, 2, clientStates.get('konkan') as string, invoiceDates(today, DEMO_INVOICES[returned]).invoice_date);
  await api.post('/v1/credit-notes', {
    client_id: clientIds.get('konkan'),
    source_invoice_id: invoiceIds[returned],
    credit_note_date: addDays(today, -2),
    reason: 'Two reams returned damaged',
    items: [{ description: 'A4 copier paper, 2 reams returned', expense_date: addDays(today, -4), amount: reams.total_amount }],
  });

  for (const { body, daysAgo, client } of DEMO_EXPENSES) {
    await api.post('/v1/expenses', { ...body, expense_date: addDays(today, -daysAgo), client_id: client ? clientIds.get(client) : null });
  }

  // A monthly maintenance retainer, invoiced by the worker on the 1st of each month from next month, due in 15 days.
  const retainerStart = firstOfNextMonth(today);
  await api.post('/v1/recurring-invoices', {
    client_id: clientIds.get('deccan'),
    invoice_type: saleType('29'),
    frequency: 'monthly',
    day_of_month: 1,
    start_date: retainerStart,
    payment_terms_days: 15,
    items: lines({ install: 1 }, 'deccan', retainerStart, false),
  });
  // Payment reminders on, with the suggested steps (3 days before the due date, 1 and 7 days after).
  await api.patch('/v1/settings/reminders', { enabled: true });
}

/** The first day of the month after `date` (Y-m-d). */
function firstOfNextMonth(date: string): string {
  const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

const minDate = (a: string, b: string) => (a < b ? a : b);

/**
 * Receipts as a business records them: one settling a pending invoice by NEFT, one more instalment by UPI on an
 * invoice already partly paid, and an advance by cheque from a client with a quotation under way, which stays as
 * the client's credit (with its receipt voucher number) until an invoice takes it.
 */
async function seedPayments(api: DemoApi, today: string, clientIds: Map<string, number>, invoiceIds: number[]): Promise<void> {
  const invoiceOf = async (client: string, payment: string) => {
    const id = invoiceIds[DEMO_INVOICES.findIndex((i) => i.client === client && i.payment === payment)];
    const { total_amount } = await api.get<{ total_amount: number }>(`/v1/invoices/${id}`);
    return { id, total: new Decimal(total_amount) };
  };
  const settled = await invoiceOf('charminar', 'pending');
  await api.post('/v1/payments', {
    client_id: clientIds.get('charminar'),
    amount: money2(settled.total),
    payment_date: today,
    mode: 'neft',
    reference: 'UTR HDFCN52025061412',
    allocations: [{ document_type: 'invoice', document_id: settled.id, amount: money2(settled.total) }],
  });
  const instalment = await invoiceOf('yamuna', 'partial');
  const part = money2(instalment.total.times(0.25));
  await api.post('/v1/payments', {
    client_id: clientIds.get('yamuna'),
    amount: part,
    payment_date: today,
    mode: 'upi',
    reference: 'UPI 415263748596',
    notes: 'Second instalment',
    allocations: [{ document_type: 'invoice', document_id: instalment.id, amount: part }],
  });
  await api.post('/v1/payments', {
    client_id: clientIds.get('deccan'),
    amount: '25000.00',
    payment_date: today,
    mode: 'cheque',
    reference: 'Cheque 004512, Canara Bank',
    notes: 'Advance against the quotation for office chairs',
  });
}
