import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { CANCEL_REASONS, EXTENSION_REASONS } from '@app/domain/eway-bill/eway-bill.port';
import { CARGO_KINDS, MAX_DISTANCE_KM } from '@app/domain/eway-bill/eway-bill-validity';
import { CONSIGNMENT_STATUSES, ExtensionInput, PartBInput, TRANSIT_TYPES, TRANSPORT_MODES } from '@app/domain/eway-bill/part-b';
import type { ExitPointInput } from '@app/domain/eway-bill/exit-point';
import { commandFits } from '../common/commands';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const distance = 'whole kilometres from 1 to 4000';

/** The transport document and vehicle, as a new bill, an extension and the bulk file take them. */
class MovementFieldsDto {
  @ApiPropertyOptional({
    example: 'MH12AB1234',
    maxLength: 30,
    description: 'By road: the vehicle (or give transporter_id); in movement: the vehicle now carrying the goods',
  })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(30, { message: 'must be at most 30 characters' })
  vehicle_number?: string;
  @ApiPropertyOptional({
    maxLength: 15,
    description: "LR, RR, airway bill or bill of lading number; default: the invoice's lr_number (an extension: the bill's)",
  })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(15, { message: 'must be at most 15 characters' })
  transport_document_number?: string;
  @ApiPropertyOptional({ format: 'date', example: '2026-11-20' })
  @IsOptional()
  @IsString({ message: 'must be a date written Y-m-d' })
  @Matches(DATE, { message: 'must be a date written Y-m-d' })
  transport_document_date?: string;
}

const exitNote = 'Exports only: the port, airport or land customs station the goods leave India from';

/** Part B of a bill (the mode and distance apart) and, for an export, the place of exit: shared by a new bill and the bulk file. */
class PartBFieldsDto extends MovementFieldsDto {
  @ApiPropertyOptional({ enum: CARGO_KINDS, default: 'regular', description: 'over_dimensional: one day per 20 km (road or ship)' })
  @IsOptional()
  @IsIn(CARGO_KINDS, { message: `must be one of ${CARGO_KINDS.join(', ')}` })
  vehicle_type?: string;
  @ApiPropertyOptional({ example: '29AAACH7409R1ZX', description: "The transporter's GSTIN or TRANSIN" })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(15, { message: 'must be 15 characters' })
  transporter_id?: string;
  @ApiPropertyOptional({ maxLength: 100, description: "Default: the invoice's transport_details" })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(100, { message: 'must be at most 100 characters' })
  transporter_name?: string;
  @ApiPropertyOptional({ maxLength: 50, example: 'Nhava Sheva', description: `${exitNote}: its name` })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(50, { message: 'must be at most 50 characters' })
  exit_place?: string;
  @ApiPropertyOptional({ example: '27', description: `${exitNote}: the GST code of its state (required for an export)` })
  @IsOptional()
  @IsString({ message: 'must be a GST state code such as 27' })
  @Matches(/^\d{1,2}$/, { message: 'must be a GST state code such as 27' })
  exit_state_code?: string;
  @ApiPropertyOptional({ example: '400707', description: `${exitNote}: its PIN code (required for an export)` })
  @IsOptional()
  @IsString({ message: 'must be a 6-digit PIN code' })
  @Matches(/^[1-9]\d{5}$/, { message: 'must be a 6-digit PIN code' })
  exit_pincode?: string;
}

/** Part B of a new e-way bill: how the goods move; for an export, where they leave India. */
export class GenerateEwayBillDto extends PartBFieldsDto {
  @ApiProperty({ enum: TRANSPORT_MODES })
  @IsIn(TRANSPORT_MODES, { message: `must be one of ${TRANSPORT_MODES.join(', ')}` })
  transport_mode: string;
  @ApiProperty({
    minimum: 1,
    maximum: MAX_DISTANCE_KM,
    example: 250,
    description: 'Approximate distance from dispatch to delivery (an export: to the place of exit), km; it sets the validity (rule 138(10))',
  })
  @IsInt({ message: `must be ${distance}` })
  @Min(1, { message: `must be ${distance}` })
  @Max(MAX_DISTANCE_KM, { message: `must be ${distance}` })
  distance_km: number;
}

export class CancelEwayBillDto {
  @ApiProperty({ enum: CANCEL_REASONS, description: 'Why the bill is cancelled (the portal codes 1 to 4)' })
  @IsIn(CANCEL_REASONS, { message: `must be one of ${CANCEL_REASONS.join(', ')}` })
  reason: string;
  @ApiPropertyOptional({ maxLength: 50, example: 'Order cancelled by the buyer' })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(50, { message: 'must be at most 50 characters' })
  remark?: string;
}

export class ExtendEwayBillDto extends MovementFieldsDto {
  @ApiProperty({ enum: EXTENSION_REASONS })
  @IsIn(EXTENSION_REASONS, { message: `must be one of ${EXTENSION_REASONS.join(', ')}` })
  reason: string;
  @ApiPropertyOptional({ maxLength: 50 })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(50, { message: 'must be at most 50 characters' })
  remark?: string;
  @ApiProperty({ minimum: 1, maximum: MAX_DISTANCE_KM, example: 120, description: "Distance left to the destination, km (at most the bill's)" })
  @IsInt({ message: `must be ${distance}` })
  @Min(1, { message: `must be ${distance}` })
  @Max(MAX_DISTANCE_KM, { message: `must be ${distance}` })
  remaining_distance_km: number;
  @ApiProperty({ maxLength: 50, example: 'Nashik', description: 'Where the goods are' })
  @IsString({ message: 'must be a string' })
  @MaxLength(50, { message: 'must be at most 50 characters' })
  current_place: string;
  @ApiProperty({ example: '27', description: 'GST state code of that place' })
  @IsString({ message: 'must be a GST state code such as 27' })
  @Matches(/^\d{1,2}$/, { message: 'must be a GST state code such as 27' })
  current_state_code: string;
  @ApiProperty({ example: '422001', description: 'PIN code of that place' })
  @IsString({ message: 'must be a 6-digit PIN code' })
  @Matches(/^[1-9]\d{5}$/, { message: 'must be a 6-digit PIN code' })
  current_pincode: string;
  @ApiPropertyOptional({ enum: CONSIGNMENT_STATUSES, default: 'in_movement' })
  @IsOptional()
  @IsIn(CONSIGNMENT_STATUSES, { message: `must be one of ${CONSIGNMENT_STATUSES.join(', ')}` })
  consignment_status?: string;
  @ApiPropertyOptional({ enum: TRANSIT_TYPES, description: 'In transit: where the goods wait' })
  @IsOptional()
  @IsIn(TRANSIT_TYPES, { message: `must be one of ${TRANSIT_TYPES.join(', ')}` })
  transit_type?: string;
  @ApiPropertyOptional({ maxLength: 150, description: 'In transit: the address the goods wait at' })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(150, { message: 'must be at most 150 characters' })
  transit_address?: string;
  @ApiPropertyOptional({ enum: TRANSPORT_MODES, description: "In movement: default the bill's" })
  @IsOptional()
  @IsIn(TRANSPORT_MODES, { message: `must be one of ${TRANSPORT_MODES.join(', ')}` })
  transport_mode?: string;
}

/** GET /v1/exports/eway-bill: the invoices, and optionally one Part B for all of them. */
export class EwayBillExportQueryDto extends PartBFieldsDto {
  @ApiProperty({ example: '12,13,14', description: 'Invoice ids, comma-separated (at most MAX_BULK_IDS)' })
  @IsString({ message: 'must be invoice ids separated by commas' })
  @Matches(/^\d{1,10}(,\d{1,10})*$/, { message: 'must be invoice ids separated by commas' })
  ids: string;
  @ApiPropertyOptional({ enum: TRANSPORT_MODES, description: 'Part B for every bill of the file (with distance_km)' })
  @IsOptional()
  @IsIn(TRANSPORT_MODES, { message: `must be one of ${TRANSPORT_MODES.join(', ')}` })
  transport_mode?: string;
  @ApiPropertyOptional({ example: '250', description: 'Approximate distance, km (1 to 4000)' })
  @IsOptional()
  @IsString({ message: `must be ${distance}` })
  @Matches(/^\d{1,4}$/, { message: `must be ${distance}` })
  distance_km?: string;
}

commandFits<GenerateEwayBillDto, PartBInput & ExitPointInput>(true);
commandFits<ExtendEwayBillDto, ExtensionInput>(true);
commandFits<Omit<EwayBillExportQueryDto, 'ids'>, PartBInput & ExitPointInput>(true);
