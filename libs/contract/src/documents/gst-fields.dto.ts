import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { GST_RATES } from '@app/domain/tax/gst-rates';
import { SUPPLY_TYPES } from '@app/domain/tax/supply';
import { ECOMMERCE_SECTIONS } from '@app/domain/tax/ecommerce';
import { IsAmount } from '../common/is-amount';

/** What the OpenAPI document says of a line's or an item's `hsn_code` (the domain checks it). */
export const HSN_CODE_DOC = 'HSN code of 4, 6 or 8 digits, or SAC of 6 digits starting 99 (4 for its heading); may be empty; anything else is 400';

/** What the OpenAPI document says of a line's `tax_rate` (the domain checks it against the dated rate table). */
export const TAX_RATE_DOC =
  `GST rate in percent, one of ${GST_RATES.join(', ')} (the rates the GSTR-1 format accepts; any other is 400). ` +
  "A rate that is not in force on the document's date is stored and listed in tax_warnings as rate_not_in_force";

/** What the OpenAPI document says of a header's `exchange_rate` (the domain checks it, tax/exchange-rate.ts). */
export const EXCHANGE_RATE_DOC =
  'Rupees per unit of the currency (CGST Rules, rule 34), positive, below 100000, up to 4 decimals; only on a document in a currency other than INR ' +
  '(on an INR document any value but null is 400). Kept on PATCH unless sent; dropped when the currency becomes INR. Without it a foreign-currency ' +
  'document carries the warning exchange_rate_missing and GSTR-1 and the e-invoice refuse it. GSTR-1, the e-invoice and analytics convert every ' +
  'amount to rupees at it, line by line, rounded half-up to the paisa';

/** What the OpenAPI document says of `ecommerce_gstin` and `ecommerce_section` (the domain checks them, tax/ecommerce.ts). */
export const ECOMMERCE_GSTIN_DOC =
  'GSTIN of the electronic commerce operator the supply is made through (null: made directly). Needs ecommerce_section; ' +
  'kept on PATCH unless sent, null clears both. GSTR-1 reports it in Table 14, GSTR-3B in 3.1.1 when the operator pays the tax';
export const ECOMMERCE_SECTION_DOC =
  "Which rule the operator's part follows: 52 (it collects tax at source; the supply is reported as any other and in GSTR-1 Table 14(a)) " +
  'or 9(5) (it pays the tax; the supply is reported by value only, in GSTR-1 Table 14(b) and GSTR-3B 3.1.1(ii), not in 3.1(a)). Needs ecommerce_gstin';

const STRING = { message: 'must be a string' };
const BOOLEAN = { message: 'must be true or false' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type DtoClass = new (...args: any[]) => object;

/** place_of_supply, supply_type, reverse_charge and round_off, after `Base`'s fields (the domain checks the values). */
export function GstHeaderFields<B extends DtoClass>(Base: B) {
  class GstHeaderFieldsDto extends Base {
    @ApiPropertyOptional({
      example: '27',
      nullable: true,
      description:
        "GST state code of the place of supply (96: a foreign country). Default: the client's state (from its GSTIN, else its state_code), else the business's; 96 for exports. 25 (merged into 26) is kept with the warning place_of_supply_merged on documents from 2020-08-01",
    })
    @IsOptional()
    @IsString(STRING)
    @MaxLength(10, { message: 'must be at most 10 characters' })
    place_of_supply?: string | null;

    @ApiPropertyOptional({
      enum: SUPPLY_TYPES,
      nullable: true,
      description:
        'Default: b2b to a client with a GSTIN, else b2c; an export or sez invoice_type gives the export or SEZ type (without payment when lut_number is set)',
    })
    @IsOptional()
    @IsString(STRING)
    @MaxLength(32, { message: 'must be at most 32 characters' })
    supply_type?: string | null;

    @ApiPropertyOptional({ default: false, description: 'Tax is payable by the recipient on reverse charge: computed lines carry it but their totals do not' })
    @IsOptional()
    @IsBoolean(BOOLEAN)
    reverse_charge?: boolean | null;

    @ApiPropertyOptional({ default: false, description: 'Round the document total to the rupee (CGST Act section 170); the answer gives the round-off amount' })
    @IsOptional()
    @IsBoolean(BOOLEAN)
    round_off?: boolean | null;

    @ApiPropertyOptional({ example: 83.25, nullable: true, description: EXCHANGE_RATE_DOC })
    @IsOptional()
    @IsAmount({ decimals: 4 })
    exchange_rate?: number | string | null;

    @ApiPropertyOptional({ example: '27AAACF1234A1ZF', nullable: true, description: ECOMMERCE_GSTIN_DOC })
    @IsOptional()
    @IsString(STRING)
    @MaxLength(15, { message: 'must be at most 15 characters' })
    ecommerce_gstin?: string | null;

    @ApiPropertyOptional({ enum: ECOMMERCE_SECTIONS, nullable: true, description: ECOMMERCE_SECTION_DOC })
    @IsOptional()
    @IsString(STRING)
    @MaxLength(4, { message: 'must be at most 4 characters' })
    ecommerce_section?: string | null;
  }
  return GstHeaderFieldsDto;
}
