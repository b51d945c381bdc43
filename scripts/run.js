#!/usr/bin/env node
// Runs a built app from dist/ with the @app/* path aliases resolved: `node scripts/run.js api|worker|cli|migrate`.
const path = require('node:path');
const fs = require('node:fs');
const Module = require('node:module');

const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist');
const aliases = { '@app/domain': 'libs/domain/src', '@app/infra': 'libs/infra/src', '@app/contract': 'libs/contract/src' };
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  for (const [alias, target] of Object.entries(aliases)) {
    if (request === alias || request.startsWith(alias + '/')) {
      request = path.join(dist, target, request.slice(alias.length));
      break;
    }
  }
  return resolve.call(this, request, ...rest);
};

const entries = {
  api: 'apps/api/src/main.js',
  worker: 'apps/worker/src/main.js',
  cli: 'apps/cli/src/main.js',
  migrate: 'apps/cli/src/main.js',
  openapi: 'apps/api/src/openapi.main.js',
};
const [target, ...args] = process.argv.slice(2);
if (!entries[target]) {
  process.stderr.write(`usage: node scripts/run.js ${Object.keys(entries).join('|')} [args]\n`);
  process.exit(2);
}
const entry = path.join(dist, entries[target]);
if (!fs.existsSync(entry)) {
  process.stderr.write(`${path.relative(root, entry)} is missing: run \`npm run build\` first\n`);
  process.exit(2);
}
process.argv = [process.argv[0], entry, ...(target === 'migrate' ? ['migrate'] : []), ...args];
require(entry);
