import { DEFAULT_PREFIXES } from '@app/domain/documents/document-number';
import { DocumentKind, perKind } from '@app/domain/documents/document-kinds';
import { DocumentPrefixes } from '@app/domain/documents/document-sequence.port';
import { isInvoiceTemplate } from '@app/domain/documents/pdf-renderer.port';
import { BusinessSettings, BusinessSettingsRepository, DEFAULT_BUSINESS_SETTINGS, NO_BANK_DETAILS } from '@app/domain/settings/business-settings';
import { Database } from '../database/database';
import { DOCUMENT_TABLES } from '../documents/document-tables';
import { sqlNow } from '../shared/sql-time';

const PREFIX_COLUMNS: Record<DocumentKind, string> = perKind(({ path }) => DOCUMENT_TABLES[path].prefix);

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
    const bank: Array<string | null> = [row.bank_account_name, row.bank_account_number, row.bank_ifsc, row.bank_name, row.bank_branch].map((v) => v ?? null);
    return {
      invoiceTemplate: isInvoiceTemplate(row.invoice_template) ? row.invoice_template : 'classic',
      signaturePng: row.signature_png ?? null,
      prefixes,
      // The profile's optional parts appear only when set, as they were saved.
      ...(row.logo_image ? { logoImage: row.logo_image } : {}),
      ...(bank.some((v) => v !== null) ? { bank: { accountName: bank[0], accountNumber: bank[1], ifsc: bank[2], bankName: bank[3], branch: bank[4] } } : {}),
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
      bank_account_name: bank.accountName,
      bank_account_number: bank.accountNumber,
      bank_ifsc: bank.ifsc,
      bank_name: bank.bankName,
      bank_branch: bank.branch,
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

  async prefixFor(accountId: number, kind: DocumentKind): Promise<string> {
    const column = PREFIX_COLUMNS[kind];
    const [row] = await this.db
      .manager()
      .query<Array<{ prefix: string | null }>>(`SELECT ${column} AS prefix FROM business_settings WHERE account_id = ?`, [accountId]);
    return row?.prefix || DEFAULT_PREFIXES[kind];
  }
}
