import { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/** Plain SQL from an entity's column mapping, for hot paths where the query builder's CPU shows. */
interface InsertPlan {
  table: string;
  columns: Map<string, string>;
}

const plans = new WeakMap<object, InsertPlan>();

function planFor(manager: EntityManager, entity: EntityTarget<ObjectLiteral>): InsertPlan {
  const key = entity as object;
  let plan = plans.get(key);
  if (!plan) {
    const meta = manager.connection.getMetadata(entity);
    plan = { table: meta.tableName, columns: new Map(meta.columns.map((c) => [c.propertyName, c.databaseName])) };
    plans.set(key, plan);
  }
  return plan;
}

/** A statement and its parameters. */
export interface SqlStatement {
  sql: string;
  params: unknown[];
}

/**
 * A multi-row INSERT written straight from the entity's column mapping: one statement, no query
 * builder. Used on write paths that run while a document's number is locked, where every millisecond
 * of CPU is a millisecond every other create of the account waits. Columns are those set on the first
 * row (undefined ones are left to their defaults); values are sent as parameters, except the properties
 * of `sqlValues`, whose value in every row is that SQL expression (a constant of ours, never input).
 * Returns the first insert id.
 */
export async function rawInsert(
  manager: EntityManager,
  entity: EntityTarget<ObjectLiteral>,
  rows: ObjectLiteral[],
  sqlValues: Readonly<Record<string, string>> = {},
): Promise<number> {
  if (!rows.length) return 0;
  const { sql, params } = insertStatement(manager, entity, rows, sqlValues);
  const result: unknown = await manager.query(sql, params);
  return Number((result as { insertId?: number }).insertId ?? 0);
}

/** The statement `rawInsert` sends, for a caller that sends it with others (`rows` must not be empty). */
export function insertStatement(
  manager: EntityManager,
  entity: EntityTarget<ObjectLiteral>,
  rows: ObjectLiteral[],
  sqlValues: Readonly<Record<string, string>> = {},
): SqlStatement {
  const plan = planFor(manager, entity);
  const expressions = new Map(Object.entries(sqlValues));
  const properties = Object.keys(rows[0]).filter((p) => rows[0][p] !== undefined && !expressions.has(p) && plan.columns.has(p));
  const valued = properties.slice();
  for (const p of expressions.keys()) if (plan.columns.has(p)) properties.push(p);
  const placeholders = `(${properties.map((p) => expressions.get(p) ?? '?').join(', ')})`;
  const params: unknown[] = [];
  for (const row of rows) for (const p of valued) params.push(row[p] ?? null);
  return {
    sql: `INSERT INTO \`${plan.table}\` (${properties.map((p) => `\`${plan.columns.get(p)}\``).join(', ')}) VALUES ${rows.map(() => placeholders).join(', ')}`,
    params,
  };
}

/** The table and column names of an entity's property, for statements written by hand. */
export function columnOf(manager: EntityManager, entity: EntityTarget<ObjectLiteral>, property: string): { table: string; column: string } {
  const plan = planFor(manager, entity);
  const column = plan.columns.get(property);
  if (!column) throw new Error(`${plan.table} has no column for ${property}`);
  return { table: plan.table, column };
}

const selects = new WeakMap<object, Map<string, string>>();

/** `alias.column AS property, ...` for every column of the entity: plain rows shaped like its objects. */
export function selectColumns(manager: EntityManager, entity: EntityTarget<ObjectLiteral>, alias: string): string {
  const key = entity as object;
  let byAlias = selects.get(key);
  if (!byAlias) selects.set(key, (byAlias = new Map<string, string>()));
  let list = byAlias.get(alias);
  if (!list) {
    const plan = planFor(manager, entity);
    list = [...plan.columns].map(([property, column]) => `${alias}.\`${column}\` AS \`${property}\``).join(', ');
    byAlias.set(alias, list);
  }
  return list;
}
