import { ValidationOptions, ValidateBy } from 'class-validator';

/**
 * A JSON number (or numeric string) with at most `decimals` decimals, below 1e13 in size, and not
 * negative unless `allowNegative`. Money uses 2 decimals, quantities and rates 3.
 */
export function IsAmount(opts: { decimals?: number; allowNegative?: boolean; max?: number } = {}, options?: ValidationOptions) {
  const decimals = opts.decimals ?? 2;
  const pattern = new RegExp(`^${opts.allowNegative ? '-?' : ''}\\d{1,13}(\\.\\d{1,${decimals}})?$`);
  return ValidateBy(
    {
      name: 'isAmount',
      constraints: [{ decimals, allowNegative: !!opts.allowNegative, max: opts.max }],
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'number' && typeof value !== 'string') return false;
          if (typeof value === 'number' && !Number.isFinite(value)) return false;
          const text = typeof value === 'number' ? String(value) : value;
          if (!pattern.test(text)) return false;
          return opts.max === undefined || Number(text) <= opts.max;
        },
        defaultMessage: () =>
          `must be a ${opts.allowNegative ? '' : 'non-negative '}number with at most ${decimals} decimals` +
          (opts.max !== undefined ? ` and at most ${opts.max}` : ''),
      },
    },
    options,
  );
}
