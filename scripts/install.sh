#!/usr/bin/env bash
# Installs what a fresh machine lacks: npm packages, Chromium and fonts (Debian), then builds.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ] || [ package.json -nt node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  if ! npm ci --no-audit --no-fund; then
    echo "npm ci refused the lockfile; falling back to npm install" >&2
    npm install --no-audit --no-fund
  fi
fi

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || ! (fc-list 2>/dev/null | grep -i "noto sans" >/dev/null); then
  if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    echo "installing Chromium, fonts and poppler from Debian" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-core fonts-dejavu-core poppler-utils >/dev/null
  else
    echo "Chromium is missing at ${CHROMIUM_PATH:-/usr/bin/chromium}; install it (Debian: apt-get install chromium fonts-noto-core)" >&2
  fi
fi

# The cluster suites (npm run test:cluster, also part of npm test) start a Galera cluster of MariaDB servers from
# Debian's packages: the replication provider and rsync for the state transfer of a joining node.
if [ ! -e /usr/lib/galera/libgalera_smm.so ] || ! command -v rsync >/dev/null; then
  if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    echo "installing galera-4 and rsync from Debian" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq galera-4 rsync >/dev/null
  else
    echo "galera-4 or rsync is missing; the Galera suite is skipped (Debian: apt-get install galera-4 rsync)" >&2
  fi
fi

npm run --silent build
