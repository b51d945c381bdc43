import { stateOf } from './supply';
import { TaxWarning } from './tax-engine';

/** What the check reads of the supplier recorded on a document (the supplier snapshot). */
export interface CheckedSupplier {
  address: string | null;
  gstin: string | null;
  state_code: string | null;
}

/**
 * `supplier_address_missing`: a tax invoice, debit note or credit note whose supplier has no address or no state (of
 * its GSTIN or of the business profile). A tax invoice shows the supplier's name, address and GSTIN (CGST rule 46(a)),
 * a note the same (rule 53(1A)(a)); the state decides the tax (IGST Act sections 7 and 8). The document is still
 * stored; the business profile (`PATCH /v1/settings/business`: `business_address`, `state_code`) is what to complete.
 */
export function supplierAddressWarnings(supplier: CheckedSupplier | null | undefined): TaxWarning[] {
  if (!supplier) return [];
  const noAddress = !supplier.address || supplier.address.trim() === '';
  const noState = stateOf({ gstin: supplier.gstin, stateCode: supplier.state_code }) === null;
  if (!noAddress && !noState) return [];
  const missing = [noAddress ? 'address' : null, noState ? 'state' : null].filter(Boolean).join(' and ');
  return [
    {
      line: null,
      code: 'supplier_address_missing',
      field: noAddress ? 'business_address' : 'state_code',
      expected: null,
      sent: null,
      message:
        `the business profile has no ${missing}: a tax invoice or note shows the supplier's name, address and GSTIN ` +
        `(CGST rules 46(a) and 53(1A)(a)); set them with PATCH /v1/settings/business`,
    },
  ];
}
