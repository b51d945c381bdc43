import Ajv from 'ajv';
import { IrpSchemaValidator } from '@app/domain/einvoice/einvoice.port';
import { IrpInvoice } from '@app/domain/einvoice/irp-payload';
import schema from '../../../../schemas/einvoice-1.1.schema.json';

/** The IRP JSON checked against the committed schema 1.1 with ajv (compiled once). */
export class AjvIrpValidator extends IrpSchemaValidator {
  private readonly check = new Ajv({ allErrors: true }).compile(schema);

  validate(invoice: IrpInvoice): Record<string, string> | null {
    if (this.check(invoice)) return null;
    const problems: Record<string, string> = {};
    for (const e of this.check.errors ?? []) problems[`einvoice${e.instancePath.replace(/\//g, '.')}`] = e.message ?? 'is invalid';
    return problems;
  }
}
