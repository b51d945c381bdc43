import { applyDecorators } from '@nestjs/common';
import { IsInt, Max, Min } from 'class-validator';

/** The largest id a path or body may name (the INT UNSIGNED ids' signed range; larger is 400 `validation_error`). */
export const MAX_ID = 2147483647;

const POSITIVE_ID = { message: 'must be a positive integer' };

/** A row id: a positive integer up to MAX_ID, else "must be a positive integer". */
export function IsId(): PropertyDecorator {
  // In the order stacked decorators apply (the last first), so the metadata reads as it did when each field stacked them.
  return applyDecorators(Max(MAX_ID, POSITIVE_ID), Min(1, POSITIVE_ID), IsInt(POSITIVE_ID));
}

const YEAR = { message: 'must be a year such as 2025' };

/** The start year of a financial year (2025 = 2025-04-01 to 2026-03-31): 2000 to 2100. */
export function IsFiscalYear(): PropertyDecorator {
  return applyDecorators(Max(2100, YEAR), Min(2000, YEAR), IsInt(YEAR));
}
