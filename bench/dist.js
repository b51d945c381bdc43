'use strict';
/**
 * Loads compiled modules from dist/ with the @app/* path aliases resolved (as scripts/run.js does), so
 * bench scripts can use the real templates and view builder: requireDist('libs/infra/src/pdf/templates').
 */
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
const ALIASES = { '@app/domain': 'libs/domain/src', '@app/infra': 'libs/infra/src', '@app/contract': 'libs/contract/src' };

let installed = false;
function installAliases() {
  if (installed) return;
  installed = true;
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function (request, ...rest) {
    for (const [alias, target] of Object.entries(ALIASES)) {
      if (request === alias || request.startsWith(alias + '/')) {
        request = path.join(DIST, target, request.slice(alias.length));
        break;
      }
    }
    return resolve.call(this, request, ...rest);
  };
}

function requireDist(relative) {
  installAliases();
  const file = path.join(DIST, `${relative}.js`);
  if (!fs.existsSync(file)) throw new Error(`${path.relative(ROOT, file)} is missing: run \`npm run build\` first`);
  return require(file);
}

module.exports = { requireDist };
