import { createServer } from 'node:http';
import { Writable } from 'node:stream';
import request from 'supertest';
import { requestIdFor } from './common/http-middleware';
import { createLogger, requestLogger } from './logger';

describe('request logging', () => {
  it('writes one JSON line per request with its id, and no credential', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const log = requestLogger(createLogger('info', sink));
    const server = createServer((req, res) => {
      const id = requestIdFor(req.headers['x-request-id']);
      (req as typeof req & { id?: string }).id = id;
      res.setHeader('X-Request-Id', id);
      log(req, res);
      req.resume();
      req.on('end', () => {
        res.statusCode = 401;
        res.end('{"ok":false}');
      });
    });

    const res = await request(server)
      .post('/v1/auth/login?api_key=ik_secret_in_url&token=tok_secret')
      .set('Authorization', 'Bearer ik_secret_header')
      .set('X-API-Key', 'ik_secret_other_header')
      .send({ username: 'owner', password: 'Sup3r$ecret' })
      .expect(401);

    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]);
    expect(entry.req.id).toBe(res.headers['x-request-id']);
    expect(entry.req.method).toBe('POST');
    expect(entry.req.url).toBe('/v1/auth/login?api_key=[REDACTED]&token=[REDACTED]');
    expect(entry.res.status).toBe(401);
    expect(lines[0]).not.toMatch(/ik_secret|tok_secret|Sup3r\$ecret/);
  });
});
