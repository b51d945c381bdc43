import { ValidationOptions, ValidateBy } from 'class-validator';
import { dateProblem, FIRST_DATE, isCalendarDate, isValidDate, LAST_DATE } from '@app/domain/shared/fiscal-year';

/** A real calendar date written Y-m-d (2025-02-29 is rejected) from 2000-01-01 to 2099-12-31. */
export function IsDateString(options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isYmdDate',
      validator: {
        validate: (value: unknown) => dateProblem(value) === null,
        defaultMessage: (args) => dateProblem(args?.value) ?? 'must be a date written Y-m-d',
      },
    },
    options,
  );
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

/**
 * Null when `value` is 'Y-m-d H:i:s' (or, with `dateAlone`, also 'Y-m-d') of a real date and time from 2000-01-01 to
 * 2099-12-31; otherwise what is wrong with it (read after the field name).
 */
export function timestampProblem(value: unknown, dateAlone = false): string | null {
  const badForm = `must be ${dateAlone ? 'a date written Y-m-d or a timestamp written Y-m-d H:i:s (UTC)' : 'a timestamp written Y-m-d H:i:s'}`;
  if (typeof value !== 'string') return badForm;
  const [date, time, ...rest] = value.split(' ');
  if (rest.length || (time === undefined ? !dateAlone : !TIME.test(time)) || !isCalendarDate(date)) return badForm;
  return isValidDate(date) ? null : `must be ${dateAlone ? 'a date or timestamp' : 'a timestamp'} from ${FIRST_DATE} to ${LAST_DATE}`;
}

/** 'Y-m-d H:i:s' of a real date and time from 2000-01-01 to 2099-12-31. */
export function IsTimestampString(options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isTimestamp',
      validator: {
        validate: (value: unknown) => timestampProblem(value) === null,
        defaultMessage: (args) => timestampProblem(args?.value) ?? 'must be a timestamp written Y-m-d H:i:s',
      },
    },
    options,
  );
}
