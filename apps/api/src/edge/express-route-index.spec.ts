import express from 'express';
import type { NextFunction, Request, Response } from 'express';
import request from 'supertest';
import { ExpressRouteIndex, routeKeyOf } from './express-route-index';

const answer = (name: string) => (req: Request, res: Response) => void res.json({ route: name, params: req.params, url: req.url });

function appWith(index: ExpressRouteIndex) {
  const app = express();
  app.use(index.middleware);
  // As Nest's not-found and error handlers: after every route.
  app.use((_req: Request, res: Response) => void res.status(404).json({ route: 'none' }));
  app.use((error: Error, _req: Request, res: Response, _next: NextFunction) => void res.status(500).json({ error: error.message }));
  return app;
}

describe('routeKeyOf', () => {
  it.each([
    ['/v1/invoices/12/pdf?x=1', '/v1/invoices'],
    ['/v1/invoices', '/v1/invoices'],
    ['/v1/invoices/', '/v1/invoices'],
    ['/v1/invoices?fy_start_year=2025', '/v1/invoices'],
    ['/v1?x=/a/b', '/v1'],
    ['/health', '/health'],
    ['/', '/'],
    ['http://example.test/v1/me/x', '/v1/me'],
    ['http://example.test', '/'],
  ])('%s -> %s', (url, key) => expect(routeKeyOf(url)).toBe(key));
});

describe('ExpressRouteIndex', () => {
  const index = new ExpressRouteIndex({ caseSensitive: true, strict: true });
  index.add('get', ['/v1/invoices/:id', answer('invoice')]);
  index.add('get', ['/v1/invoices/summary', answer('summary (added after :id)')]);
  index.add('post', ['/v1/invoices', answer('create')]);
  index.add('get', ['/v1/clients/:id', answer('client')]);
  index.add('get', ['/v1/:kind/:id', answer('patterned')]);
  index.add('get', ['/health', answer('health')]);
  index.add('get', ['/v3{/:page}', answer('optional segment')]);
  index.add('delete', ['/v1/invoices/:id', (_req: Request, _res: Response, next: NextFunction) => next(new Error('refused'))]);
  index.add('get', ['/v1/invoices/:id/skip', (_req: Request, _res: Response, next: NextFunction) => next('route')]);
  index.add('get', ['/v1/invoices/:id/skip', answer('after skip')]);
  const app = appWith(index);

  it('sends a request to the route of its group, with its parameters', async () => {
    const res = await request(app).get('/v1/invoices/12?x=1');
    expect(res.body).toEqual({ route: 'invoice', params: { id: '12' }, url: '/v1/invoices/12?x=1' });
    expect((await request(app).post('/v1/invoices')).body.route).toBe('create');
    expect((await request(app).get('/v1/clients/7')).body).toMatchObject({ route: 'client', params: { id: '7' } });
    expect((await request(app).get('/health')).body.route).toBe('health');
  });

  it('keeps the order the routes of a group were added in, as Express does', async () => {
    expect((await request(app).get('/v1/invoices/summary')).body).toMatchObject({ route: 'invoice', params: { id: 'summary' } });
    expect((await request(app).get('/v1/invoices/3/skip')).body.route).toBe('after skip');
  });

  it('tries a route with a parameter in its first two segments after the group found nothing', async () => {
    expect((await request(app).get('/v1/expenses/4')).body).toMatchObject({ route: 'patterned', params: { kind: 'expenses', id: '4' } });
    expect((await request(app).get('/v1/invoices/4/x/y')).body).toEqual({ route: 'none' });
    // An optional segment is a pattern too: the route is found with the segment and without it.
    expect((await request(app).get('/v3')).body.route).toBe('optional segment');
    expect((await request(app).get('/v3/2')).body).toMatchObject({ route: 'optional segment', params: { page: '2' } });
    // Strict routing: a trailing slash matches neither the group's route nor the patterned one.
    expect((await request(app).get('/v1/clients/4/')).body).toEqual({ route: 'none' });
  });

  it('answers HEAD with the GET route, leaves unknown paths and methods to the handlers after it', async () => {
    expect((await request(app).head('/health')).status).toBe(200);
    expect((await request(app).get('/nowhere')).body).toEqual({ route: 'none' });
    expect((await request(app).put('/v1/invoices/1')).body).toEqual({ route: 'none' });
  });

  it('passes a route error to the error handler after it', async () => {
    const res = await request(app).delete('/v1/invoices/1');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'refused' });
  });

  it('keeps strict and case-sensitive routing', async () => {
    expect((await request(app).get('/health/')).body).toEqual({ route: 'none' });
    expect((await request(app).get('/HEALTH')).body).toEqual({ route: 'none' });
    expect((await request(app).get('/v1/Invoices/1')).body).toMatchObject({ route: 'patterned' });
  });

  it('without any patterned route, a request outside every group goes straight on', async () => {
    const plain = new ExpressRouteIndex({ caseSensitive: false, strict: false });
    plain.add('get', ['/v1/me', answer('me')]);
    plain.add('get', ['/v2/', answer('v2 root')]);
    const plainApp = appWith(plain);
    expect((await request(plainApp).get('/v1/me/')).body.route).toBe('me');
    expect((await request(plainApp).get('/V1/ME')).body.route).toBe('me');
    expect((await request(plainApp).get('/v2/me')).body).toEqual({ route: 'none' });
    expect((await request(plainApp).get('/v2')).body.route).toBe('v2 root');
  });
});
