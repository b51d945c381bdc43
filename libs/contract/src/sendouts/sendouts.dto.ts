import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, ValidateBy } from 'class-validator';
import { DocumentKind } from '@app/domain/documents/document-kinds';
import { SendoutDocumentType } from '@app/domain/sendouts/sendout';
import { CursorListQueryDto } from '../common/sync-list-query.dto';
import {
  MAX_MESSAGE_LENGTH,
  MAX_SUBJECT_LENGTH,
  SENDOUT_DOCUMENT_TYPES,
  SENDOUT_FIELD_RULES,
  SENDOUT_TYPES,
  SendoutInput,
} from '@app/domain/sendouts/sendout-rules';
import { IsId } from '../common/ids';
import { camelName, commandFits, commandOf } from '../common/commands';

/**
 * Runs the domain's rule for the field (named by the property, in the command's camelCase) on the body's command, so
 * the API reports exactly what the use case would.
 */
const Rule = () =>
  ValidateBy({
    name: 'sendout_rule',
    validator: {
      validate: (value: unknown, args) => ruleOf(args?.property)(value, commandOfBody(args?.object)) === null,
      defaultMessage: (args) => ruleOf(args?.property)(args?.value, commandOfBody(args?.object)) ?? 'is invalid',
    },
  });

/** The body's command, made once per body for the rules of all its fields. */
const commands = new WeakMap<object, SendoutInput>();
function commandOfBody(body: object | undefined): SendoutInput {
  if (!body) return {};
  let command = commands.get(body);
  if (!command) commands.set(body, (command = commandOf(body) as SendoutInput));
  return command;
}

function ruleOf(property: string | undefined): (value: unknown, input: SendoutInput) => string | null {
  return SENDOUT_FIELD_RULES[camelName(property ?? '') as keyof SendoutInput] ?? (() => null);
}

const TYPES = [...SENDOUT_DOCUMENT_TYPES];
const POST_TYPES = [...SENDOUT_TYPES];
const oneOfTypes = { message: `must be one of ${TYPES.join(', ')}` };

export class CreateSendoutDto {
  @ApiProperty({ example: 12 }) @Rule() client_id: number;
  @ApiProperty({ enum: POST_TYPES, example: 'invoice', description: "A document kind, or statement: the client's statement of account for a period" })
  @Rule()
  document_type: SendoutDocumentType;
  @ApiPropertyOptional({ example: 42, description: 'A document of this type issued to client_id; required for a document, refused with statement' })
  @Rule()
  document_id?: number;
  @ApiPropertyOptional({ format: 'date', description: 'statement only: first day (default: the start of the current financial year)' })
  @Rule()
  from?: string;
  @ApiPropertyOptional({ format: 'date', description: 'statement only: last day (default: the end of the current financial year)' })
  @Rule()
  to?: string;
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 2000,
    maximum: 2098,
    description: 'statement only: financial year start (2025 = 2025-04-01..2026-03-31); overrides from/to',
  })
  @Rule()
  fy_start_year?: number;
  @ApiProperty({ maxLength: MAX_SUBJECT_LENGTH, example: 'Invoice INV/25-26/0042 from Sharma Traders' }) @Rule() subject: string;
  @ApiProperty({ maxLength: MAX_MESSAGE_LENGTH, description: 'Plain text; blank lines separate paragraphs' }) @Rule() message: string;
  @ApiPropertyOptional({ example: 'accounts@client.example', description: "Defaults to the client's email" }) @Rule() to_email?: string;
  @ApiPropertyOptional({ example: 'a@client.example, b@client.example', description: 'Comma-separated' }) @Rule() cc_emails?: string;
  @ApiPropertyOptional({ description: 'Comma-separated' }) @Rule() bcc_emails?: string;
  @ApiPropertyOptional({ description: 'Base64 PNG or a data:image/png;base64 URL (at most 1 MB); else the stored business signature' })
  @Rule()
  signature_override?: string;
}

commandFits<CreateSendoutDto, SendoutInput>(true);

/** `limit`, `offset`, the cursors and `updated_since` as every list. */
export class SendoutHistoryQueryDto extends CursorListQueryDto {}

export class SendoutDocumentsQueryDto {
  @ApiProperty({ enum: TYPES }) @IsIn(TYPES, oneOfTypes) document_type: DocumentKind;
  @ApiProperty() @Type(() => Number) @IsId() client_id: number;
}

export class SendoutTemplateQueryDto extends SendoutDocumentsQueryDto {
  @ApiProperty() @Type(() => Number) @IsId() document_id: number;
}
