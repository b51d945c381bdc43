import { ValidationOptions, ValidateBy } from 'class-validator';
import { isValidDate } from '@app/domain/shared/fiscal-year';

/** A real calendar date written Y-m-d (2025-02-29 is rejected). */
export function IsDateString(options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isYmdDate',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isValidDate(value),
        defaultMessage: () => 'must be a date written Y-m-d',
      },
    },
    options,
  );
}

/** 'Y-m-d H:i:s'. */
export function IsTimestampString(options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isTimestamp',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value) && isValidDate(value.slice(0, 10)),
        defaultMessage: () => 'must be a timestamp written Y-m-d H:i:s',
      },
    },
    options,
  );
}
