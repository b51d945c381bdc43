import 'reflect-metadata';
import { getMetadataStorage, IsInt, IsString, MetadataStorage, validate, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { CreateInvoiceDto, UpdateInvoiceDto } from '@app/contract/invoices/invoices.dto';
import { memoiseValidationMetadata } from './validation-metadata-cache';

class Line {
  @IsString() name!: string;
}
class Body {
  @IsInt() id!: number;
  @ValidateNested({ each: true }) @Type(() => Line) lines!: Line[];
}

class Child extends Body {
  @IsString() note!: string;
}

/** A private storage with the decorators' rules copied in, so the global one stays as class-validator made it. */
function storageLike(classes: Array<new () => object>): MetadataStorage {
  const global = getMetadataStorage();
  const storage = new MetadataStorage();
  for (const target of classes) for (const m of global.getTargetValidationMetadatas(target, '', false, false)) storage.addValidationMetadata(m);
  return storage;
}

describe('memoiseValidationMetadata', () => {
  const classes = [Line, Body, Child, CreateInvoiceDto, UpdateInvoiceDto];

  it('answers every lookup and grouping as class-validator does, the same arrays on a repeat', () => {
    const plain = storageLike(classes);
    const memo = storageLike(classes);
    memoiseValidationMetadata(memo);
    for (const target of classes) {
      // A nested object is looked up with its parent's class name as the schema.
      for (const [schema, always, strict] of [
        ['', false, false],
        ['Body', false, false],
        ['InvoiceOptionalFieldsDto', false, false],
        ['', true, false],
        ['', false, true],
      ] as const) {
        const expected = plain.getTargetValidationMetadatas(target, schema, always, strict);
        const first = memo.getTargetValidationMetadatas(target, schema, always, strict);
        expect(first).toEqual(expected);
        expect(memo.getTargetValidationMetadatas(target, schema, always, strict)).toBe(first);
        expect(memo.groupByPropertyName(first)).toEqual(plain.groupByPropertyName(expected));
        expect(memo.groupByPropertyName(first)).toBe(memo.groupByPropertyName(first));
      }
    }
  });

  it('looks up again after a rule is registered', () => {
    const memo = storageLike([Line]);
    memoiseValidationMetadata(memo);
    const before = memo.getTargetValidationMetadatas(Line, '', false, false);
    const extra = getMetadataStorage().getTargetValidationMetadatas(Body, '', false, false);
    extra.filter((m) => m.propertyName === 'id').forEach((m) => memo.addValidationMetadata({ ...m, target: Line } as typeof m));
    const after = memo.getTargetValidationMetadatas(Line, '', false, false);
    expect(after).not.toBe(before);
    expect(after.map((m) => m.propertyName).sort()).toEqual(['id', 'name']);
  });

  it('validates as before once installed on the global storage', async () => {
    const invalid = Object.assign(new Body(), { id: 'x', lines: [Object.assign(new Line(), { name: 3 })] });
    const before = await validate(invalid);
    memoiseValidationMetadata();
    memoiseValidationMetadata();
    const after = await validate(invalid);
    expect(after).toEqual(before);
    expect(after.map((e) => e.property)).toEqual(['id', 'lines']);
  });
});
