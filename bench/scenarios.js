'use strict';
/**
 * The benchmark scenarios. Each row is driven with autocannon against the API, then against its
 * baseline, in the same run. Add a row to add a scenario.
 *
 *   name      label in the table
 *   method    HTTP method (default GET)
 *   path      request path with query, or (ctx) => path
 *   body      JSON-serialisable body, or (ctx) => body (sent with Content-Type: application/json)
 *   headers   extra headers, or (ctx) => headers; the API key is added unless auth: false
 *   auth      false to send no Authorization header (default true)
 *   setup     async (ctx) => void, run once before the scenario (seed what it needs, keep ids in ctx)
 *   target    minimum API/baseline req/s ratio the issue asks for (shown in the table)
 *   baseline  { server, method?, path?, body?, headers? }: the same request against a baseline server
 *             (a key of BASELINE_SERVERS; method/path/body/headers default to the scenario's own)
 *
 * ctx: { apiKey, accountId, databaseUrl, db (mysql2 pool on the bench database), clientIds }
 */

/** Baseline servers: each is a script started as a child process with PORT and DATABASE_URL set. */
const BASELINE_SERVERS = {
  'node-http': { script: 'baseline/http-mysql.js', describe: 'bare Node http + mysql2' },
};

const SCENARIOS = [
  {
    name: 'GET /v1/me',
    method: 'GET',
    path: '/v1/me',
    target: 0.5,
    baseline: { server: 'node-http' },
  },
  {
    name: 'GET /v1/clients?limit=50',
    method: 'GET',
    path: '/v1/clients?limit=50',
    target: 0.5,
    baseline: { server: 'node-http' },
  },
];

module.exports = { SCENARIOS, BASELINE_SERVERS };
