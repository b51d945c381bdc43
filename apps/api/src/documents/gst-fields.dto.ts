import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { SUPPLY_TYPES } from '@app/domain/tax/supply';

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
        "GST state code of the place of supply (96: a foreign country). Default: the client's state (from its GSTIN, else its state_code), else the business's; 96 for exports",
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
  }
  return GstHeaderFieldsDto;
}
