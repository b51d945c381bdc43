import Ajv from 'ajv';
import { EwayBillSchemaValidator } from '@app/domain/eway-bill/eway-bill.port';
import { BulkEwayBill } from '@app/domain/eway-bill/eway-bill-payload';
import schema from '../../../../schemas/eway-bill.schema.json';

/** The bulk e-way bill file checked against the committed schema with ajv (compiled once). */
export class AjvEwayBillValidator extends EwayBillSchemaValidator {
  private readonly check = new Ajv({ allErrors: true }).compile(schema);

  validate(file: BulkEwayBill): Record<string, string> | null {
    if (this.check(file)) return null;
    const problems: Record<string, string> = {};
    for (const e of this.check.errors ?? []) problems[`eway_bill${e.instancePath.replace(/\//g, '.')}`] = e.message ?? 'is invalid';
    return problems;
  }
}
