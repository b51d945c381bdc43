import { Column, ColumnOptions } from 'typeorm';

/**
 * A DATETIME column read and written as 'Y-m-d H:i:s' UTC text (the wire format). TypeORM would turn
 * `datetime` values into Date objects in the process's local zone; declaring the column as text keeps
 * the driver's string as is. The schema itself (migrations) keeps DATETIME.
 */
export function DateTimeColumn(name: string, options: Pick<ColumnOptions, 'nullable'> = {}) {
  return Column({ name, type: 'varchar', length: 19, nullable: options.nullable ?? false });
}
