/** A nullable numeric column as a number: drivers answer BIGINT and DECIMAL columns as strings. */
export const maybeNumber = (value: number | string | null): number | null => (value === null ? null : Number(value));
