'use strict';
/**
 * Reference for the Express edge: the baseline's own handlers (routes.js) on a bare Express 5 app as it
 * comes, one Express route each, with nothing else (no Nest, no validation, no logging). Its req/s against
 * the bare Node server's shows what Express as it comes costs. The API's Express edge makes its requests on
 * Express's own prototypes (apps/api/src/edge/express.edge.ts, initHttpServer), which this app does not, so
 * the API may pass it.
 */
const express = require('express');
const { ROUTES, answer, stopOnSignals } = require('./routes');

const port = Number(process.env.PORT || 3100);
const app = express();
app.disable('x-powered-by');
app.set('etag', false);
for (const [key, route] of Object.entries(ROUTES)) {
  const [method, path] = key.split(' ');
  app[method.toLowerCase()](path, (req, res) => answer(route, req, res, new URL(req.url, 'http://localhost').searchParams));
}

const server = app.listen(port, '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ msg: 'express baseline listening', port })}\n`));
server.keepAliveTimeout = 65_000;
stopOnSignals(server);
