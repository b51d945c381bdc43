#!/usr/bin/env bash
# Soak test: makes sure MariaDB and Redis answer, builds, then runs bench/soak.js (SOAK_MINUTES of mixed
# traffic at half the measured peak; verdicts, bench/results/soak-<timestamp>.json and .png).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/services.sh
npm run --silent build
exec node bench/soak.js "$@"
