#!/usr/bin/env bash
# Benchmarks: makes sure MariaDB and Redis answer, builds, then runs bench/run.js (see bench/scenarios.js).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/services.sh
npm run --silent build
exec node bench/run.js "$@"
