'use strict';
/**
 * Baseline for the API scenarios: a bare Node `http` server answering the same requests with mysql2
 * and nothing else (routes.js). Started by bench/run.js with PORT and DATABASE_URL.
 */
const http = require('node:http');
const { ROUTES, answer, stopOnSignals } = require('./routes');

const port = Number(process.env.PORT || 3100);

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  answer(ROUTES[`${req.method} ${url.pathname}`], req, res, url.searchParams);
});

server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ msg: 'baseline listening', port })}\n`));
stopOnSignals(server);
