import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PAYEE_TYPES } from '@app/domain/tds/tds-section';
import { OptionalNonNull } from '../common/optional-non-null';
import { IsAmount } from '../common/is-amount';
import { IsDateString } from '../common/is-date-string';
import { IsId } from '../common/ids';
import type { ExpenseInput } from '@app/domain/expenses/expense-rules';
import { commandFits } from '../common/commands';

class ExpenseFieldsDto {
  @ApiPropertyOptional({ description: 'One of GET /v1/expenses/categories', default: 'Miscellaneous' })
  @OptionalNonNull()
  @IsString({ message: 'must be a string' })
  @MaxLength(60, { message: 'must be at most 60 characters' })
  expense_category?: string;
  @ApiPropertyOptional()
  @OptionalNonNull()
  @IsString({ message: 'must be a string' })
  @MaxLength(255, { message: 'must be at most 255 characters' })
  vendor_name?: string;
  @ApiPropertyOptional()
  @OptionalNonNull()
  @IsString({ message: 'must be a string' })
  @MaxLength(255, { message: 'must be at most 255 characters' })
  vendor_contact?: string;
  @ApiPropertyOptional({ example: '2025-06-30', description: 'Defaults to today' }) @OptionalNonNull() @IsDateString() expense_date?: string;
  @ApiPropertyOptional({ enum: ['paid', 'pending', 'reimbursed', 'cancelled'], default: 'paid' })
  @OptionalNonNull()
  @IsString({ message: 'must be a string' })
  @MaxLength(30, { message: 'must be at most 30 characters' })
  expense_status?: string;
  @ApiPropertyOptional({ enum: ['cash', 'upi', 'card', 'bank_transfer', 'cheque', 'wallet', 'other'] })
  @OptionalNonNull()
  @IsString({ message: 'must be a string' })
  @MaxLength(30, { message: 'must be at most 30 characters' })
  payment_method?: string;
  @ApiPropertyOptional()
  @OptionalNonNull()
  @IsString({ message: 'must be a string' })
  @MaxLength(1000, { message: 'must be at most 1000 characters' })
  receipt_url?: string;
  @ApiPropertyOptional()
  @OptionalNonNull()
  @IsString({ message: 'must be a string' })
  @MaxLength(2000, { message: 'must be at most 2000 characters' })
  notes?: string;
  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsId()
  client_id?: number | null;
  @ApiPropertyOptional({ nullable: true, description: 'TDS section (GET /v1/tds/sections) when we deducted TDS paying this vendor' })
  @IsOptional()
  @IsId()
  tds_section_id?: number | null;
  @ApiPropertyOptional({ nullable: true, example: 10, description: 'TDS rate in percent' }) @IsOptional() @IsAmount({ decimals: 3, max: 100 }) tds_rate?:
    number | null;
  @ApiPropertyOptional({ nullable: true, example: 5000, description: 'TDS deducted (at most the expense amount)' }) @IsOptional() @IsAmount() tds_amount?:
    number | null;
  @ApiPropertyOptional({ nullable: true, example: 'AAPFU0939F' }) @IsOptional() @IsString({ message: 'must be a string' }) vendor_pan?: string | null;
  @ApiPropertyOptional({ nullable: true, enum: PAYEE_TYPES })
  @IsOptional()
  @IsIn(PAYEE_TYPES, { message: `must be one of ${PAYEE_TYPES.join(', ')}` })
  payee_type?: string | null;
}

export class CreateExpenseDto extends ExpenseFieldsDto {
  @ApiProperty({ example: 'Office rent for June' })
  @IsDefined({ message: 'is required' })
  @IsString({ message: 'must be a string' })
  @MaxLength(1000, { message: 'must be at most 1000 characters' })
  expense_description: string;

  @ApiProperty({ example: 25000 }) @IsDefined({ message: 'is required' }) @IsAmount() expense_amount: number;
}

export class UpdateExpenseDto extends ExpenseFieldsDto {
  @ApiPropertyOptional()
  @OptionalNonNull()
  @IsString({ message: 'must be a string' })
  @MaxLength(1000, { message: 'must be at most 1000 characters' })
  expense_description?: string;
  @ApiPropertyOptional() @OptionalNonNull() @IsAmount() expense_amount?: number;
}

commandFits<CreateExpenseDto, ExpenseInput>(true);
commandFits<UpdateExpenseDto, ExpenseInput>(true);
