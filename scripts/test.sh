#!/usr/bin/env bash
# The whole test suite: layering, lint and formatting checks, the OpenAPI document's linters (Redocly and Spectral,
# 0 errors and 0 warnings), type-checked build (the service and the SDK in packages/sdk), the unit tests (the domain's,
# and the SDK's: its generated types current with openapi/openapi.json, its journey compiled with tsc --strict),
# then the e2e suites (test/sdk-journey.e2e-spec.ts runs the SDK's journey against the service) on MariaDB/Redis/Chromium: once on the Fastify edge (the default), then once more on
# the Express edge (Jest project e2e-express: HTTP_ADAPTER=express, databases prefixed express_).
set -euo pipefail
cd "$(dirname "$0")/.."
npm run --silent lint
npm run --silent format:check
npm run --silent openapi:lint
bash scripts/services.sh
npm run --silent build
npx jest --selectProjects unit
npx jest --selectProjects e2e --maxWorkers=2 "$@"
npx jest --selectProjects e2e-express --maxWorkers=2 "$@"
