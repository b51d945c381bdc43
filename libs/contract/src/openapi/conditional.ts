/** The OpenAPI side of conditional requests (conditional-requests.ts): ETag, If-None-Match, If-Match, 304 and 412. */
type Operation = Record<string, unknown> & { parameters?: Array<Record<string, unknown>>; security?: unknown[] };

export const ETAG_HEADER = {
  ETag: { description: 'The version of the record (a hash of its answer): send it back in If-Match or If-None-Match', schema: { type: 'string' } },
};

const IF_NONE_MATCH = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  schema: { type: 'string' },
  description: 'An ETag of an earlier read: 304 Not Modified, without a body, while the record still has it',
};
const IF_MATCH = {
  name: 'If-Match',
  in: 'header',
  required: false,
  schema: { type: 'string' },
  description:
    'The ETag of the read this change is based on: the change is made only while the record still has it, else 412 `precondition_failed` (read it again). Conditional changes of one record run one at a time.',
};

/** Whether the operation takes part: an authenticated single read of `.../{id}`, or a PATCH or DELETE of a path that has one. */
export function conditionalRole(path: string, method: string, item: Record<string, Operation>, isPublic: boolean): 'read' | 'write' | null {
  if (isPublic || !path.endsWith('/{id}') || !item.get) return null;
  if (method === 'get') return 'read';
  return method === 'patch' || method === 'delete' ? 'write' : null;
}

export function conditionalParameter(role: 'read' | 'write'): Record<string, unknown> {
  return { ...(role === 'read' ? IF_NONE_MATCH : IF_MATCH) };
}
