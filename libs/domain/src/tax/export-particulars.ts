import { countryName } from './countries';
import { TaxWarning } from './tax-engine';

/**
 * The particulars an export invoice carries in place of rule 46(e) (the third proviso to CGST rule 46, as substituted
 * by notification 17/2017-Central Tax): the name and address of the recipient, the address of delivery and the name
 * of the country of destination. The recipient is the client; the invoice records where the goods or services are
 * delivered (`delivery_address`; when none is given, the recipient's address is printed as the address of delivery)
 * and the country of destination (`destination_country`, ISO 3166-1 alpha-2, printed by its name). Sources in
 * docs/gst.md ("Export invoices").
 */
export function isExport(supplyType: string | null | undefined): boolean {
  return supplyType === 'export_with_payment' || supplyType === 'export_without_payment';
}

/** `destination_country_missing`: an export invoice that does not name the country of destination. */
export function exportParticularsWarnings(supplyType: string | null | undefined, destinationCountry: string | null): TaxWarning[] {
  if (!isExport(supplyType) || (destinationCountry && countryName(destinationCountry))) return [];
  return [
    {
      line: null,
      code: 'destination_country_missing',
      field: 'destination_country',
      expected: null,
      sent: null,
      message:
        'an export invoice names the country of destination (CGST rule 46, third proviso, notification 17/2017-Central Tax): ' +
        'set destination_country to its ISO 3166-1 code, e.g. US',
    },
  ];
}
