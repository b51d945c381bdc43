import { validateGstin } from './gstin';

/**
 * Supplies made through an electronic commerce operator (ECO). The operator either collects tax at source on them
 * (CGST Act section 52: the supplier pays the tax as usual) or is itself liable to pay the tax on them (section 9(5):
 * the supplier charges none and reports only the value). GSTR-1 Table 14 and GSTR-3B table 3.1.1 tell the two apart;
 * see docs/gst-exports.md.
 */
export const ECOMMERCE_SECTIONS = ['52', '9(5)'] as const;
export type EcommerceSection = (typeof ECOMMERCE_SECTIONS)[number];

export interface EcommerceSupply {
  /** GSTIN of the operator the supply was made through; null: not through one. */
  ecommerceGstin: string | null;
  ecommerceSection: EcommerceSection | null;
}

export const isEcommerceSection = (v: unknown): v is EcommerceSection => typeof v === 'string' && (ECOMMERCE_SECTIONS as readonly string[]).includes(v);

/**
 * The operator fields of a create or PATCH: each as sent (null or '' clears it), else the stored value. Both or
 * neither: an operator GSTIN needs the section its supplies fall under, and a section needs the operator.
 */
export function readEcommerceSupply(
  input: { ecommerceGstin?: string | null; ecommerceSection?: string | null },
  current: Partial<EcommerceSupply> | undefined,
  errors: { add(field: string, message: string): void },
): EcommerceSupply {
  const merged = (sent: string | null | undefined, stored: string | null | undefined) =>
    sent === undefined ? (stored ?? null) : sent === null || String(sent).trim() === '' ? null : String(sent).trim();
  const gstin = merged(input.ecommerceGstin, current?.ecommerceGstin)?.toUpperCase() ?? null;
  const section = merged(input.ecommerceSection, current?.ecommerceSection);
  const gstinCheck = gstin === null ? null : validateGstin(gstin);
  if (gstinCheck && !gstinCheck.ok) errors.add('ecommerceGstin', gstinCheck.reason);
  if (section !== null && !isEcommerceSection(section)) errors.add('ecommerceSection', `must be one of ${ECOMMERCE_SECTIONS.join(', ')}`);
  if (section !== null && gstin === null) {
    errors.add('ecommerceGstin', 'is required with ecommerce_section: the GSTIN of the operator the supply was made through');
  }
  if (gstin !== null && section === null) {
    errors.add('ecommerceSection', 'is required with ecommerce_gstin: 52 (the operator collects tax at source) or 9(5) (the operator pays the tax)');
  }
  return gstin !== null && isEcommerceSection(section)
    ? { ecommerceGstin: gstin, ecommerceSection: section }
    : { ecommerceGstin: null, ecommerceSection: null };
}
