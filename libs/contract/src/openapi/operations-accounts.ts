import type { OperationDoc } from './operations-kit';
import { EXPENSE_CATEGORIES } from '@app/domain/expenses/expense';
import { arr, constant, date, id, nint, nstr, ntimestamp, obj, oneOf, ref, str } from './schema-kit';

import { cursorList, paged, idOf, created, deleted, bulk, syncedList } from './operations-kit';

/** Operations of the account, clients, inventory, expenses, settings and webhook endpoints, in the order of the document. */
export const ACCOUNT_OPERATIONS: Record<string, OperationDoc> = {
  'GET /health': {
    id: 'getHealth',
    summary: 'Health of the service',
    description: 'Database and Redis reachability; 503 not_available when either is down.',
    data: obj({ status: constant('ok'), database: constant('up'), redis: constant('up') }),
    errors: [503],
  },
  'GET /health/live': {
    id: 'getLiveness',
    summary: 'Liveness of the process',
    description: 'Answers 200 while the process runs, whatever its dependencies: restart the process only when this fails.',
    data: obj({ status: constant('ok') }),
  },
  'GET /health/ready': {
    id: 'getReadiness',
    summary: 'Readiness to serve',
    description:
      'Database and Redis reachability; 503 not_available when either is down (take the process out of rotation, do not restart it). With read replicas (DATABASE_REPLICA_URLS), `replicas` reports each: `up`, `lagging` (further behind than REPLICA_MAX_LAG_S) or `down`; lagging and down replicas are skipped and do not make the process unready.',
    data: obj(
      {
        status: constant('ok'),
        database: constant('up'),
        redis: constant('up'),
        replicas: arr(
          obj({
            replica: str({ description: 'host:port of the replica', example: '10.0.0.12:3306' }),
            state: oneOf(['up', 'lagging', 'down']),
            lag_s: nint({ description: 'Seconds behind the primary as the replica reports it; null when down or not replicating', example: 0 }),
          }),
        ),
      },
      { optional: ['replicas'] },
    ),
    errors: [503],
  },
  'GET /metrics': {
    id: 'getMetrics',
    summary: 'Prometheus metrics',
    description:
      'Request counts and latency histograms by route template and status, PDF render time, database pool use, queue depths and job outcomes, process figures. Needs `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise); 404 when the server has no METRICS_TOKEN.',
    binary: 'text/plain',
    errors: [401, 404],
  },
  'GET /v1/me': { id: 'getMe', summary: 'The calling account', data: ref('Account') },

  // clients
  'GET /v1/clients': { id: 'listClients', summary: 'List clients', data: syncedList('clients', ref('Client')) },
  'POST /v1/clients': {
    id: 'createClient',
    summary: 'Create a client',
    description:
      'Creates a client (201). When a client with the same phone, email or GSTIN exists, nothing is created and the answer is 200 with `skipped: true` and that client.',
    status: 201,
    data: obj({ skipped: constant(false), client: ref('Client') }),
    also: {
      200: {
        description: 'A client with the same phone, email or GSTIN exists: it is returned, nothing is created',
        data: obj({ skipped: constant(true), client: ref('Client') }),
      },
    },
    errors: [402],
  },
  'POST /v1/clients/bulk-delete': { id: 'bulkDeleteClients', summary: 'Delete several clients', data: bulk },
  'GET /v1/clients/{id}': {
    id: 'getClient',
    summary: 'Get a client',
    description: "The client, with `credit_balance`: what its payments in the account's currency hold unallocated (advances).",
    data: ref('ClientDetail'),
  },
  'GET /v1/clients/{id}/statement': {
    id: 'getClientStatement',
    summary: "A client's statement of account",
    description:
      "Permission `payments`. In the account's currency, for `from`..`to` (each defaulting to the current Indian financial year's bound) or `fy_start_year`: debits are issued or archived invoices (total less the TDS they carry of their own) and debit notes, credits are issued or archived credit notes and payments (amount plus the TDS not matched against a document's own TDS); drafts and cancelled documents never appear. Entries by date, documents before payments on a day (invoice, debit note, credit note), then id; `balance` runs from `opening_balance` (the same sum before `from`), and `closing_balance` = opening + debits - credits. 400 when `from` is after `to`. `format=pdf` answers the same statement printed (business, client, period, opening balance, entries, closing balance) through the PDF renderer; a statement is emailed with POST /v1/sendouts (`document_type` `statement`).",
    data: ref('ClientStatement'),
    alternative: { contentType: 'application/pdf', description: 'With format=pdf: the statement as a PDF (raw bytes, not the envelope)' },
    errors: [503],
  },
  'PATCH /v1/clients/{id}': { id: 'updateClient', summary: 'Update a client', data: ref('Client'), errors: [409] },
  'DELETE /v1/clients/{id}': { id: 'deleteClient', summary: 'Delete a client', data: deleted, errors: [409] },

  // inventory
  'GET /v1/inventory': { id: 'listInventoryItems', summary: 'List inventory items', data: syncedList('items', ref('InventoryItem')) },
  'POST /v1/inventory': created('createInventoryItem', 'Create an inventory item', idOf('inventory_id', 'new item')),
  'POST /v1/inventory/bulk-delete': { id: 'bulkDeleteInventoryItems', summary: 'Delete several inventory items', data: bulk },
  'GET /v1/inventory/{id}': { id: 'getInventoryItem', summary: 'Get an inventory item', data: ref('InventoryItem') },
  'PATCH /v1/inventory/{id}': { id: 'updateInventoryItem', summary: 'Update an inventory item', data: idOf('inventory_id', 'item'), errors: [409] },
  'DELETE /v1/inventory/{id}': { id: 'deleteInventoryItem', summary: 'Delete an inventory item', data: deleted, errors: [409] },
  'GET /v1/inventory/{id}/movements': {
    id: 'listStockMovements',
    summary: 'Stock movements of an item',
    description:
      'Newest first. Without `limit`, every movement of the item (as before it paged); with `limit`, `offset` or the cursors (`starting_after` / `ending_before`, a movement of the item), a page. Movements are never changed: `updated_since` compares when one was made.',
    data: cursorList('movements', ref('StockMovement')),
  },

  // expenses
  'GET /v1/expenses': { id: 'listExpenses', summary: 'List expenses', data: syncedList('expenses', ref('Expense')) },
  'POST /v1/expenses': { id: 'createExpense', summary: 'Create an expense', status: 201, data: idOf('expense_id', 'new expense') },
  'GET /v1/expenses/categories': { id: 'listExpenseCategories', summary: 'Expense categories', data: obj({ categories: arr(oneOf(EXPENSE_CATEGORIES)) }) },
  'POST /v1/expenses/bulk-delete': { id: 'bulkDeleteExpenses', summary: 'Delete several expenses', data: bulk },
  'GET /v1/expenses/{id}': { id: 'getExpense', summary: 'Get an expense', data: ref('Expense') },
  'PATCH /v1/expenses/{id}': { id: 'updateExpense', summary: 'Update an expense', data: idOf('expense_id', 'expense') },
  'DELETE /v1/expenses/{id}': { id: 'deleteExpense', summary: 'Delete an expense', data: deleted },
  'GET /v1/expenses/{id}/repeat': { id: 'repeatExpense', summary: 'An expense prefilled for a new entry', data: ref('ExpenseDraft') },

  // settings
  'GET /v1/settings/reminders': {
    id: 'getReminderSettings',
    summary: 'The payment reminder schedule',
    description: 'Off by default, with three suggested steps (3 days before the due date, 1 and 7 days after). See docs/reminders.md.',
    data: ref('ReminderSettings'),
  },
  'PATCH /v1/settings/reminders': {
    id: 'updateReminderSettings',
    summary: 'Change the payment reminder schedule',
    description:
      'Up to five steps, each `days_offset` days after the due date (negative: before it) with its subject and message. `steps`, when sent, replaces every step. Turning reminders on sends no step dated before that day. Each step is sent once per issued invoice still unpaid on its day whose client has not opted out (`reminders_opt_out`), as an email of the invoice through sendouts: its PDF (with the UPI QR of the amount due) and, when the business has a UPI id, the UPI link of the balance.',
    data: ref('ReminderSettings'),
  },
  'GET /v1/settings/business': { id: 'getBusinessProfile', summary: 'Get the business profile', data: ref('BusinessProfile') },
  'PATCH /v1/settings/business': { id: 'updateBusinessProfile', summary: 'Update the business profile', data: ref('BusinessProfile') },
  'GET /v1/settings/templates': { id: 'getInvoiceTemplates', summary: 'The PDF template in use and the ones available', data: ref('Templates') },
  'PATCH /v1/settings/templates': { id: 'updateInvoiceTemplate', summary: 'Choose the PDF template', data: ref('Templates') },
  'GET /v1/settings/api-key': {
    id: 'getApiKey',
    summary: 'The API key, masked',
    data: obj({ api_key_masked: nstr({ example: 'ik_live_••••••••3f9a' }), created_at: ntimestamp() }),
  },
  'GET /v1/settings/users': { id: 'listUsers', summary: 'List the users of the account', data: cursorList('users', ref('SubUser'), paged) },
  'POST /v1/settings/users': created('createUser', 'Create a sub-user', ref('SubUser')),
  'GET /v1/settings/users/{id}': { id: 'getUser', summary: 'Get a user', data: ref('SubUser') },
  'PATCH /v1/settings/users/{id}': {
    id: 'updateUser',
    summary: 'Update a sub-user',
    description:
      "Every change ends the user's sessions. A sub-user may change only users whose permissions are a subset of its own and never sets another user's password (403); the owner and the API key may.",
    data: ref('SubUser'),
    errors: [409],
  },
  'DELETE /v1/settings/users/{id}': {
    id: 'deleteUser',
    summary: 'Delete a sub-user',
    description: 'A sub-user may delete only users whose permissions are a subset of its own (403).',
    data: deleted,
  },
  'GET /v1/settings/ca-sync': { id: 'getCaSyncSettings', summary: 'CA-sync settings and how the last send went', data: ref('CaSyncSettings'), errors: [402] },
  'PATCH /v1/settings/ca-sync': { id: 'updateCaSyncSettings', summary: 'Change the CA-sync settings', data: ref('CaSyncSettings'), errors: [402] },
  'POST /v1/settings/ca-sync/test-send': {
    id: 'testCaSyncSend',
    summary: 'Queue the books of a period for the CA now',
    description: 'Queues the workbook of a period (default: the period before today) for the CA email (202). Pro accounts only.',
    status: 202,
    data: obj({ queued: constant(true), send_id: id('send'), period: str({ example: '2026-10' }), period_from: date(), period_to: date() }),
    errors: [402],
  },
  'GET /v1/settings/ca-sync/sends': {
    id: 'listCaSyncSends',
    summary: 'The ten latest CA-sync sends, newest first',
    data: obj({ sends: arr(ref('CaSyncSend')) }),
    errors: [402],
  },

  // webhooks
  'GET /v1/webhooks': { id: 'listWebhooks', summary: 'Webhook endpoints of the account', data: obj({ webhooks: arr(ref('Webhook')) }) },
  'POST /v1/webhooks': {
    id: 'createWebhook',
    summary: 'Add a webhook endpoint',
    description: 'Adds an endpoint (201); the answer carries its signing secret (`whsec_...`), shown this once.',
    status: 201,
    data: ref('WebhookWithSecret'),
    errors: [409],
  },
};
