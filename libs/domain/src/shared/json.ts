/**
 * JSON.parse for text from outside the service (request bodies, store and shop notifications, partner
 * answers), without `__proto__` keys. The build emits ES2017 (tsconfig.json), where an object spread is
 * `Object.assign`, and Object.assign takes an own `__proto__` key of its source as the new object's
 * prototype; a parsed key of that name, written plainly or with \u escapes, is therefore dropped here.
 * Throws as JSON.parse does.
 */
export function parseJson(text: string): unknown {
  return MAY_NAME_PROTO.test(text) ? (JSON.parse(text, withoutProtoKeys) as unknown) : (JSON.parse(text) as unknown);
}

/** Text whose keys may decode to `__proto__`. */
const MAY_NAME_PROTO = /__proto__|\\u/;

function withoutProtoKeys(key: string, value: unknown): unknown {
  return key === '__proto__' ? undefined : value;
}
