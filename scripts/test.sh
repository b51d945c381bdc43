#!/usr/bin/env bash
# The whole test suite: layering, lint and formatting checks, type-checked build, domain unit tests,
# then e2e suites on MariaDB/Redis/Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run --silent lint
npm run --silent format:check
bash scripts/services.sh
npm run --silent build
npx jest --selectProjects unit
npx jest --selectProjects e2e --maxWorkers=2 "$@"
