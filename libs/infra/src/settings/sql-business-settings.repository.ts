import { DEFAULT_PREFIXES } from '@app/domain/documents/document-number';
import { DocumentKind, perKind } from '@app/domain/documents/document-kinds';
import { DocumentPrefixes } from '@app/domain/documents/document-sequence.port';
import { isInvoiceTemplate } from '@app/domain/documents/pdf-renderer.port';
import { BankDetails, BusinessSettings, BusinessSettingsRepository, DEFAULT_BUSINESS_SETTINGS, NO_BANK_DETAILS } from '@app/domain/settings/business-settings';
import { Database } from '../database/database';
import { DOCUMENT_TABLES } from '../documents/document-tables';
import { sqlNow } from '../shared/sql-time';
import { ENABLED_ENDPOINT_EXISTS, noteEnabledEndpoint } from '../webhooks/enabled-endpoints';

const PREFIX_COLUMNS: Record<DocumentKind, string> = perKind(({ path }) => DOCUMENT_TABLES[path].prefix);

/** The column of each bank detail, in the order of the table. */
const BANK_COLUMNS = Object.entries({
  accountName: 'bank_account_name',
  accountNumber: 'bank_account_number',
  ifsc: 'bank_ifsc',
  bankName: 'bank_name',
  branch: 'bank_branch',
} satisfies Record<keyof BankDetails, string>) as Array<[keyof BankDetails, string]>;

export class SqlBusinessSettingsRepository extends BusinessSettingsRepository {
  constructor(private readonly db: Database) {
    super();
  }

  async get(accountId: number): Promise<BusinessSettings> {
    const [row] = await this.db.manager().query<Array<Record<string, string | null>>>('SELECT * FROM business_settings WHERE account_id = ?', [accountId]);
    if (!row) return { ...DEFAULT_BUSINESS_SETTINGS, prefixes: {} };
    const prefixes: BusinessSettings['prefixes'] = {};
    for (const [kind, column] of Object.entries(PREFIX_COLUMNS) as Array<[DocumentKind, string]>) {
      const prefix = row[column];
      if (prefix) prefixes[kind] = prefix;
    }
    const bank: BankDetails = { ...NO_BANK_DETAILS };
    for (const [detail, column] of BANK_COLUMNS) bank[detail] = row[column] ?? null;
    return {
      invoiceTemplate: isInvoiceTemplate(row.invoice_template) ? row.invoice_template : 'classic',
      signaturePng: row.signature_png ?? null,
      prefixes,
      // The profile's optional parts appear only when set, as they were saved.
      ...(row.logo_image ? { logoImage: row.logo_image } : {}),
      ...(Object.values(bank).some((v) => v !== null) ? { bank } : {}),
      ...(row.upi_id ? { upiId: row.upi_id } : {}),
      ...(row.aggregate_turnover !== null && row.aggregate_turnover !== undefined ? { aggregateTurnover: String(row.aggregate_turnover) } : {}),
      ...(Number(row.einvoice_enabled) === 1 ? { einvoiceEnabled: true } : {}),
    };
  }

  async save(accountId: number, s: BusinessSettings): Promise<void> {
    const prefixValues = (Object.keys(PREFIX_COLUMNS) as DocumentKind[]).map((k) => s.prefixes[k] ?? null);
    const bank = s.bank ?? NO_BANK_DETAILS;
    const extra = {
      logo_image: s.logoImage ?? null,
      ...Object.fromEntries(BANK_COLUMNS.map(([detail, column]) => [column, bank[detail]])),
      upi_id: s.upiId ?? null,
      aggregate_turnover: s.aggregateTurnover ?? null,
      einvoice_enabled: s.einvoiceEnabled ? 1 : 0,
    };
    const columns = [...Object.values(PREFIX_COLUMNS), ...Object.keys(extra)];
    await this.db.manager().query(
      `INSERT INTO business_settings (account_id, invoice_template, signature_png, ${columns.join(', ')}, updated_at)
       VALUES (?, ?, ?, ${columns.map(() => '?').join(', ')}, ?)
       ON DUPLICATE KEY UPDATE invoice_template = VALUES(invoice_template), signature_png = VALUES(signature_png),
       ${columns.map((c) => `${c} = VALUES(${c})`).join(', ')}, updated_at = VALUES(updated_at)`,
      [accountId, s.invoiceTemplate, s.signaturePng, ...prefixValues, ...Object.values(extra), sqlNow()],
    );
  }
}

/** Number prefixes from business settings (one narrow query), falling back to the defaults. */
export class SettingsDocumentPrefixes extends DocumentPrefixes {
  constructor(private readonly db: Database) {
    super();
  }

  /**
   * The same statement asks whether the account has an enabled webhook endpoint, which the document's
   * activity event needs later in the allocation's transaction (see enabled-endpoints.ts).
   */
  async prefixFor(accountId: number, kind: DocumentKind): Promise<string> {
    const [row] = await this.db.query<{ prefix: string | null; webhooks: number | string }>(
      `SELECT (SELECT ${PREFIX_COLUMNS[kind]} FROM business_settings WHERE account_id = ?) AS prefix, ${ENABLED_ENDPOINT_EXISTS} AS webhooks`,
      [accountId, accountId],
    );
    noteEnabledEndpoint(this.db, accountId, row.webhooks);
    return row.prefix || DEFAULT_PREFIXES[kind];
  }
}
