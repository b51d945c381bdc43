import type { DocumentOutputService } from '@app/domain/document-output/document-output.service';
import { DOCUMENT_STATUSES, type DocumentStatus } from '@app/domain/documents/document-enums';
import type { DocumentListFilter } from '@app/domain/documents/document-list-filter';
import type { GstExportsService } from '@app/domain/gst-returns/gst-exports.service';
import type { InvoicesService } from '@app/domain/invoices/invoices.service';
import { ValidationFailed } from '@app/domain/shared/domain-error';
import { queryField } from './console-http';
import type { ConsoleKit, Route } from './console-kit';
import { idParam } from './routes-account';

export interface DocumentRouteDeps {
  invoices: InvoicesService;
  output: DocumentOutputService;
  exports: GstExportsService;
}

const PAGE = 25;

/** The invoice list with the spec's filters, a PDF in the browser, the share link, the period exports (permission `invoices`). */
export function documentRoutes(route: Route, kit: ConsoleKit, deps: DocumentRouteDeps): void {
  route('get', '/console/documents', async (req) => {
    const me = await kit.signedIn(req, 'invoices');
    const filter = { fy: queryField(req, 'fy'), status: queryField(req, 'status'), client_id: queryField(req, 'client_id'), search: queryField(req, 'search') };
    const offset = /^\d{1,6}$/.test(queryField(req, 'offset')) ? Number(queryField(req, 'offset')) : 0;
    const problems: Record<string, string> = {};
    const query: DocumentListFilter = { limit: PAGE, offset };
    if (filter.fy) {
      if (/^\d{4}$/.test(filter.fy)) query.fyStartYear = Number(filter.fy);
      else problems.fy = 'must be a year such as 2025';
    }
    if (filter.status) {
      if ((DOCUMENT_STATUSES as readonly string[]).includes(filter.status)) query.status = filter.status as DocumentStatus;
      else problems.status = `must be one of ${DOCUMENT_STATUSES.join(', ')}`;
    }
    if (filter.client_id) {
      if (/^[1-9]\d{0,9}$/.test(filter.client_id)) query.clientId = Number(filter.client_id);
      else problems.client_id = 'must be a positive integer';
    }
    if (filter.search) query.search = filter.search.slice(0, 100);
    if (Object.keys(problems).length) throw new ValidationFailed(problems, 'The filters are not valid.');
    const page = await deps.invoices.list(me.caller, query);
    const link = (at: number) => `/console/documents?${new URLSearchParams({ ...filter, offset: String(at) }).toString()}`;
    const context = {
      title: 'Documents',
      csrf: '',
      filter,
      statuses: DOCUMENT_STATUSES.map((value) => ({ value, selected: value === filter.status })),
      invoices: page.rows,
      page: {
        total: page.total,
        from: page.total ? offset + 1 : 0,
        to: offset + page.rows.length,
        prev: offset > 0 ? link(Math.max(0, offset - PAGE)) : null,
        next: offset + PAGE < page.total ? link(offset + PAGE) : null,
      },
      period: new Date().toISOString().slice(0, 7),
    };
    return kit.page('documents', context, me);
  });

  route('get', '/console/documents/invoice/:id/pdf', async (req) => {
    const me = await kit.signedIn(req, 'invoices');
    const pdf = await deps.output.pdf(me.caller.account, 'invoice', idParam(req, 'id'));
    return { file: { body: pdf.bytes, contentType: 'application/pdf', filename: pdf.filename, inline: true } };
  });

  route('get', '/console/documents/invoice/:id/share', async (req) => {
    const me = await kit.signedIn(req, 'invoices');
    const id = idParam(req, 'id');
    const invoice = await deps.invoices.get(me.caller, id);
    const url = await deps.output.share(me.caller.account, 'invoice', id);
    return kit.page('share', { title: 'Share link', csrf: '', number: invoice.invoiceNumber, url }, me);
  });

  route('get', '/console/exports/gstr1', async (req) => {
    const me = await kit.signedIn(req, 'invoices');
    const period = queryField(req, 'period');
    const format = queryField(req, 'format');
    const account = me.caller.account;
    if (format === 'xlsx' || format === 'gstr3b') {
      const file = format === 'xlsx' ? await deps.exports.gstr1Workbook(account, { period }) : await deps.exports.gstr3bWorkbookFile(account, { period });
      return { file: { body: file.content, contentType: file.contentType, filename: file.filename } };
    }
    const { ret } = await deps.exports.gstr1(account, { period });
    return { file: { body: Buffer.from(JSON.stringify(ret, null, 2)), contentType: 'application/json', filename: `GSTR1_${period}.json` } };
  });
}
