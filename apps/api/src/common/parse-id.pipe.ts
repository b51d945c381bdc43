import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { ValidationFailed } from '@app/domain/shared/domain-error';
import { MAX_ID } from '@app/contract/common/ids';

/** Path ids are positive integers in range; anything else is a 400 keyed by the parameter name. */
@Injectable()
export class ParseIdPipe implements PipeTransform<string, number> {
  transform(value: string, metadata: ArgumentMetadata): number {
    const name = metadata.data ?? 'id';
    if (!/^\d{1,10}$/.test(value ?? '')) throw ValidationFailed.field(name, 'must be a positive integer');
    const id = Number(value);
    if (id < 1 || id > MAX_ID) throw ValidationFailed.field(name, 'must be a positive integer');
    return id;
  }
}
