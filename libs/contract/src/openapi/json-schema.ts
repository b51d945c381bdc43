import { Schema } from './schema-kit';

/**
 * A committed JSON Schema (draft-07) as an OpenAPI 3.0 schema: `#/definitions/...` references are
 * inlined and the keywords OpenAPI 3.0 does not know (`$schema`, `$id`, `definitions`) dropped, as is an empty
 * `required` (draft-07 allows it; OpenAPI 3.0 wants at least one name).
 */
export function inlineJsonSchema(root: object): Schema {
  const definitions = (root as { definitions?: Record<string, unknown> }).definitions ?? {};
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/definitions/')) return walk(definitions[ref.slice('#/definitions/'.length)]);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (['$schema', '$id', 'definitions'].includes(k) || (k === 'required' && Array.isArray(v) && v.length === 0)) continue;
      out[k] = walk(v);
    }
    return out;
  };
  return walk(root) as Schema;
}
