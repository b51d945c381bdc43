#!/usr/bin/env bash
# The fuzz suite at full size: 20,000 seeded requests over every operation of the OpenAPI document
# (FUZZ_REQUESTS and FUZZ_SEED change them); prints a status histogram per operation and the RSS.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/services.sh
FUZZ_REQUESTS="${FUZZ_REQUESTS:-20000}" FUZZ_SEED="${FUZZ_SEED:-19}" FUZZ_REPORT=1 \
  exec node --expose-gc node_modules/.bin/jest --testTimeout=7200000 test/fuzz.e2e-spec.ts "$@"
