import { Account } from '../shared/account';
import { stateOf } from '../tax/supply';

/**
 * The supplier as it was when a document was made (name, address, GSTIN, PAN, state), stored on the document
 * and printed on its PDF, so a later change of the business profile does not rewrite old documents.
 * Stored as JSON with these keys.
 */
export interface SupplierSnapshot {
  name: string | null;
  address: string | null;
  gstin: string | null;
  pan: string | null;
  state_code: string | null;
}

export function supplierSnapshotOf(account: Pick<Account, 'businessName' | 'address' | 'gstin' | 'pan' | 'stateCode'>): SupplierSnapshot {
  return {
    name: account.businessName,
    address: account.address,
    gstin: account.gstin,
    pan: account.pan,
    state_code: stateOf({ gstin: account.gstin, stateCode: account.stateCode }),
  };
}

/** The supplier's state code of a snapshot. */
export function snapshotState(snapshot: SupplierSnapshot | null): string | null {
  return snapshot ? stateOf({ gstin: snapshot.gstin, stateCode: snapshot.state_code }) : null;
}

/** The supplier of a context without a business profile: known by its GSTIN only. */
export function gstinOnlySupplier(gstin: string | null): SupplierSnapshot {
  return { name: null, address: null, gstin, pan: null, state_code: null };
}
