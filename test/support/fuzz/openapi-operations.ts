/** The operations an OpenAPI 3 document lists, read generically: whatever the document adds is fuzzed too. */

export type Schema = Record<string, any>;

export interface OpenApiDocument {
  paths: Record<string, Record<string, Schema>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Schema;
}

/** How a caller may authenticate: `none` (public), `api` (API key or token), `mobile` (sign-in token only). */
export type AuthKind = 'none' | 'api' | 'mobile';

export interface Operation {
  /** `GET /v1/clients/{id}`: the key of the histogram. */
  key: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body: Schema | null;
  auth: AuthKind;
  /** Methods that may write (the sample checked for writes on a 4xx). */
  mutating: boolean;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Follows `$ref`s (and one-element `allOf`s) into the document's components. */
export function resolve(doc: OpenApiDocument, schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let i = 0; i < 20; i++) {
    if (typeof s.$ref === 'string') {
      const name = s.$ref.replace('#/components/schemas/', '');
      s = doc.components?.schemas?.[name] ?? {};
    } else if (Array.isArray(s.allOf) && s.allOf.length === 1) {
      s = { ...s.allOf[0], ...s, allOf: undefined };
    } else {
      return s;
    }
  }
  return s;
}

function authOf(security: Array<Record<string, unknown>> | undefined): AuthKind {
  if (!security?.length) return 'none';
  const schemes = new Set(security.flatMap((s) => Object.keys(s)));
  return schemes.has('api-key') ? 'api' : 'mobile';
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters: Parameter[] = [...((item.parameters as unknown as Schema[] | undefined) ?? []), ...((op.parameters as Schema[] | undefined) ?? [])].map(
        (p: Schema) => {
          const param = resolve(doc, p);
          return { name: param.name, in: param.in, required: !!param.required, schema: resolve(doc, param.schema) };
        },
      );
      const content = op.requestBody ? resolve(doc, op.requestBody).content : undefined;
      const body = content ? resolve(doc, (content['application/json'] ?? Object.values(content)[0])?.schema) : null;
      ops.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters,
        body,
        auth: authOf(op.security ?? (doc as Schema).security),
        mutating: method !== 'get',
      });
    }
  }
  return ops;
}
