import { GstFields, SupplierSnapshot } from '@app/domain/documents/document-gst';
import { isEcommerceSection } from '@app/domain/tax/ecommerce';
import { isSupplyType } from '@app/domain/tax/supply';
import { TaxWarning } from '@app/domain/tax/tax-engine';

/** The GST columns of a header row (migration 1732001500000) as they come from the driver. */
export interface GstRow {
  placeOfSupply: string | null;
  supplyType: string | null;
  reverseCharge: number | boolean | string | null;
  roundOff: string | null;
  supplierSnapshot: unknown;
  taxWarnings: unknown;
  /** DECIMAL(12,4) (migration 1732001850000); absent where a query does not read it. */
  exchangeRate?: string | null;
  /** Migration 1732003600000; absent where a query does not read them. */
  ecommerceGstin?: string | null;
  ecommerceSection?: string | null;
}

/** A JSON column: MariaDB answers text, MySQL 8 an already parsed value. */
function json(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
}

export function gstFieldsOfRow(row: GstRow): GstFields {
  const snapshot = json(row.supplierSnapshot);
  const warnings = json(row.taxWarnings);
  return {
    placeOfSupply: row.placeOfSupply ?? null,
    supplyType: isSupplyType(row.supplyType) ? row.supplyType : null,
    reverseCharge: row.reverseCharge === true || Number(row.reverseCharge) === 1,
    roundOff: row.roundOff ?? null,
    supplierSnapshot: snapshot && typeof snapshot === 'object' ? (snapshot as SupplierSnapshot) : null,
    taxWarnings: Array.isArray(warnings) ? (warnings as TaxWarning[]) : [],
    exchangeRate: row.exchangeRate === null || row.exchangeRate === undefined ? null : String(row.exchangeRate),
    ecommerceGstin: row.ecommerceGstin ?? null,
    ecommerceSection: isEcommerceSection(row.ecommerceSection) ? row.ecommerceSection : null,
  };
}

/** The column values of the GST fields (JSON as text); the other fields of `fields` pass through. */
export function withGstColumns<F extends object>(fields: F): F {
  const f = fields as F & Partial<GstFields>;
  if (!('supplierSnapshot' in f) && !('taxWarnings' in f) && !('reverseCharge' in f)) return fields;
  return {
    ...fields,
    ...('supplierSnapshot' in f ? { supplierSnapshot: f.supplierSnapshot ? JSON.stringify(f.supplierSnapshot) : null } : {}),
    ...('taxWarnings' in f ? { taxWarnings: JSON.stringify(f.taxWarnings ?? []) } : {}),
    ...('reverseCharge' in f ? { reverseCharge: f.reverseCharge ? 1 : 0 } : {}),
  };
}
