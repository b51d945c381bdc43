import { Type } from 'class-transformer';
import { IsArray, IsOptional, IsString, ValidateNested } from 'class-validator';
import { ValidationFailed } from '@app/domain/shared/domain-error';
import { CONTROL_CHARACTER_MESSAGE, controlCharacterErrors, MULTI_LINE_CONTROL_CHARACTER_MESSAGE } from './control-characters';
import { AppValidationPipe } from './validation.pipe';

class LineDto {
  @IsString() item_description: string;
  @IsOptional() @IsString() hsn_code?: string;
}

class BodyDto {
  @IsString() name: string;
  @IsOptional() @IsString() address?: string;
  @IsOptional() @IsString() password?: string;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => LineDto) items?: LineDto[];
}

describe('control characters', () => {
  it('refuses every C0, DEL and C1 control in a one-line field, and nothing else', () => {
    for (let code = 0; code <= 0xa0; code++) {
      const control = code < 0x20 || (code >= 0x7f && code <= 0x9f);
      const text = `Sharma${String.fromCharCode(code)}Traders`;
      expect([code, controlCharacterErrors({ name: text })]).toEqual([code, control ? { name: CONTROL_CHARACTER_MESSAGE } : {}]);
    }
    expect(controlCharacterErrors({ name: 'शर्मा ट्रेडर्स \u200d ₹' })).toEqual({});
  });

  it('lets multi-line fields hold tabs and line breaks only; keeps passwords and signatures as sent', () => {
    expect(controlCharacterErrors({ address: 'Plot 27\r\nPune\t411026', notes: 'a\nb', message: 'Dear client,\n\nThanks' })).toEqual({});
    expect(controlCharacterErrors({ address: 'Plot 27\u0000', description: 'x\u001b[31m', item_description: 'y\u0085' })).toEqual({
      address: MULTI_LINE_CONTROL_CHARACTER_MESSAGE,
      description: MULTI_LINE_CONTROL_CHARACTER_MESSAGE,
      item_description: MULTI_LINE_CONTROL_CHARACTER_MESSAGE,
    });
    expect(controlCharacterErrors({ name: 'a\nb', lr_number: 'LR\t1' })).toEqual({ name: CONTROL_CHARACTER_MESSAGE, lr_number: CONTROL_CHARACTER_MESSAGE });
    expect(controlCharacterErrors({ password: 'p\u0001', current_password: '\u0000', signature_png: 'iVBOR\u0000' })).toEqual({});
  });

  it('keys nested fields and array entries by their dotted path', () => {
    expect(
      controlCharacterErrors({
        items: [{ item_description: 'ok' }, { item_description: 'bad\u0000', hsn_code: '99\u0007' }],
        events: ['a', 'b\u0000'],
        n: 1,
        z: null,
      }),
    ).toEqual({
      'items.1.item_description': MULTI_LINE_CONTROL_CHARACTER_MESSAGE,
      'items.1.hsn_code': CONTROL_CHARACTER_MESSAGE,
      'events.1': CONTROL_CHARACTER_MESSAGE,
    });
  });

  it('the validation pipe answers 400 validation_error naming the field, after the DTO rules', async () => {
    const pipe = new AppValidationPipe();
    const meta = { type: 'body' as const, metatype: BodyDto };
    await expect(pipe.transform({ name: 'Sharma\u0000Traders', address: 'Line 1\nLine 2' }, meta)).rejects.toMatchObject({
      details: { name: CONTROL_CHARACTER_MESSAGE },
    });
    const nested = await pipe.transform({ name: 'x', items: [{ item_description: 'Bolt\u0000' }] }, meta).catch((e: unknown) => e);
    expect(nested).toBeInstanceOf(ValidationFailed);
    expect((nested as ValidationFailed).details).toEqual({ 'items.0.item_description': MULTI_LINE_CONTROL_CHARACTER_MESSAGE });
    // An unknown field is refused as unknown, whatever it holds.
    await expect(pipe.transform({ name: 'x', extra: '\u0000', password: 'p\u0001', address: 'a\r\nb' }, meta)).rejects.toMatchObject({
      details: { extra: 'unknown field' },
    });
    await expect(pipe.transform({ name: 'x', password: 'p\u0001', address: 'a\r\nb' }, meta)).resolves.toEqual(
      Object.assign(new BodyDto(), { name: 'x', password: 'p\u0001', address: 'a\r\nb' }),
    );
    // Bodies without a DTO (parsed by their handler) and query strings are not checked here.
    await expect(pipe.transform({ name: '\u0000' }, { type: 'body', metatype: Object })).resolves.toEqual({ name: '\u0000' });
  });
});
