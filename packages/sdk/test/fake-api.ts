/** A scripted stand-in for the API behind the client's fetch: answers in order, and keeps each request it got. */
export interface FakeApi {
  fetch: (request: Request) => Promise<Response>;
  requests: Request[];
  bodies: string[];
}

export type Scripted = Response | Error | ((request: Request) => Response);

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'x-request-id': 'req-1', ...headers } });
}

export const envelopeError = (status: number, code: string, details: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  json(status, { ok: false, error: { code, message: `${code} happened`, details } }, headers);

export function fakeApi(...answers: Scripted[]): FakeApi {
  const api: FakeApi = {
    requests: [],
    bodies: [],
    fetch: async (request) => {
      api.requests.push(request);
      api.bodies.push(await request.text());
      const next = answers.shift();
      if (next === undefined) throw new Error(`no answer scripted for ${request.method} ${request.url}`);
      if (next instanceof Error) throw next;
      return typeof next === 'function' ? next(request) : next;
    },
  };
  return api;
}
