import { getMetadataStorage } from 'class-validator';
import { NotFound, ValidationFailed } from '@app/domain/shared/domain-error';
import { bodyFieldPath, bodyOf, camelName, commandOf, NAME_EXAMPLES, withCommand } from './commands';
import { CreateInvoiceDto, UpdateInvoiceDto } from '../invoices/invoices.dto';
import { CreateQuotationDto, UpdateQuotationDto } from '../quotations/quotations.dto';
import { CreateProformaInvoiceDto, UpdateProformaInvoiceDto } from '../proforma-invoices/proforma-invoices.dto';
import { CreditNoteBodyDto } from '../credit-notes/credit-notes.dto';
import { CreateDebitNoteDto, UpdateDebitNoteDto } from '../debit-notes/debit-notes.dto';
import { CreateRecurringInvoiceDto, UpdateRecurringInvoiceDto } from '../recurring-invoices/recurring-invoices.dto';
import { InvoiceLineDto, ProductLineDto } from '../documents/product-line.dto';
import { NoteLineDto } from '../notes/note-line.dto';

describe('commands: the body renamed for the domain', () => {
  it('renames every key at any depth and keeps the values, nulls included', () => {
    const when = new Date('2025-06-01T00:00:00Z');
    expect(commandOf({ client_id: 7, lr_number: null, payment_due_date: undefined, items: [{ item_description: 'Wire', tax_rate: 18 }], at: when })).toEqual({
      clientId: 7,
      lrNumber: null,
      paymentDueDate: undefined,
      items: [{ itemDescription: 'Wire', taxRate: 18 }],
      at: when,
    });
    expect(commandOf({ ids: [1, 2], name: 'x' })).toEqual({ ids: [1, 2], name: 'x' });
    const hostile = commandOf(JSON.parse('{"__proto__": {"polluted": true}, "lr_number": "x"}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(hostile)).toBe(Object.prototype);
    expect(hostile).toEqual({ lrNumber: 'x' });
  });

  it.each(Object.entries(NAME_EXAMPLES))('names %s %s, as the Command type does, and back', (body, command) => {
    expect(camelName(body)).toBe(command);
    expect(bodyFieldPath(command)).toBe(body);
  });

  it('names a command field by the body field again, paths included; a body name is left as it is', () => {
    expect(bodyFieldPath('items.3.taxRate')).toBe('items.3.tax_rate');
    expect(bodyFieldPath('lrNumber')).toBe('lr_number');
    expect(bodyFieldPath('items.3.tax_rate')).toBe('items.3.tax_rate');
    expect(bodyOf({ lrNumber: 'LR-1', items: [{ cessAmount: '1.00' }] })).toEqual({ lr_number: 'LR-1', items: [{ cess_amount: '1.00' }] });
  });

  it.each([
    CreateInvoiceDto,
    UpdateInvoiceDto,
    CreateQuotationDto,
    UpdateQuotationDto,
    CreateProformaInvoiceDto,
    UpdateProformaInvoiceDto,
    CreditNoteBodyDto,
    CreateDebitNoteDto,
    UpdateDebitNoteDto,
    CreateRecurringInvoiceDto,
    UpdateRecurringInvoiceDto,
    ProductLineDto,
    InvoiceLineDto,
    NoteLineDto,
  ])('every field of %p comes back by the same name from its command name', (dto) => {
    const fields = getMetadataStorage()
      .getTargetValidationMetadatas(dto, '', true, false)
      .map((m) => m.propertyName);
    expect(fields.length).toBeGreaterThan(0);
    expect(fields.filter((f) => bodyFieldPath(camelName(f)) !== f)).toEqual([]);
  });

  it('answers a domain error of a command with the body field names, whatever its code', async () => {
    const seen: unknown[] = [];
    const failing = (error: Error) =>
      withCommand({ lr_number: 'x' }, async (command) => {
        seen.push(command);
        throw error;
      });
    await expect(failing(new ValidationFailed({ lrNumber: 'too long', 'items.0.taxRate': 'bad' }))).rejects.toMatchObject({
      code: 'validation_error',
      details: { lr_number: 'too long', 'items.0.tax_rate': 'bad' },
    });
    await expect(failing(new NotFound('Client not found.', { clientId: 3 }))).rejects.toMatchObject({ details: { client_id: 3 } });
    const plain = new Error('boom');
    await expect(failing(plain)).rejects.toBe(plain);
    expect(seen).toEqual([{ lrNumber: 'x' }, { lrNumber: 'x' }, { lrNumber: 'x' }]);
    await expect(withCommand({}, async () => 'done')).resolves.toBe('done');
  });
});
