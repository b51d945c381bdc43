/**
 * Sets a header on the response object Nest hands to interceptors, whichever HTTP platform is underneath
 * (Fastify's reply has `header`, Node's and Express's response `setHeader`). The only place the
 * idempotency code touches the platform's response.
 */
export function setReplyHeader(response: unknown, name: string, value: string): void {
  const target = response as { header?: (n: string, v: string) => unknown; setHeader?: (n: string, v: string) => unknown };
  if (typeof target.header === 'function') target.header(name, value);
  else if (typeof target.setHeader === 'function') target.setHeader(name, value);
}
