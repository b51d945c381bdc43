#!/usr/bin/env bash
# The demo: installs what is missing, starts MariaDB/Redis if needed, migrates, makes (or re-keys) the
# demo account, runs the API (and the worker, when built), fills the account with sample data through
# the API on its first run, prints the API key, curl lines and a PDF share link, and stays in the
# foreground until Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."

PORT="${PORT:-3000}"
export PORT
# Share links must point at this API, whatever the port.
export PUBLIC_BASE_URL="${PUBLIC_BASE_URL:-http://127.0.0.1:${PORT}}"
DEMO_EMAIL="demo@invoicing.local"
# The owner's sign-in for the web console (a demo password: set DEMO_PASSWORD for another one).
DEMO_PASSWORD="${DEMO_PASSWORD:-Demo!Invoicing2025}"
# The web console is on in the demo (off by default elsewhere).
export CONSOLE_ENABLED="${CONSOLE_ENABLED:-on}"

bash scripts/install.sh
bash scripts/services.sh

if (exec 3<>"/dev/tcp/127.0.0.1/${PORT}") 2>/dev/null; then
  echo "Port ${PORT} is already in use. Stop what listens there, or run: PORT=3001 npm run demo" >&2
  exit 1
fi

echo "Migrating ${DATABASE_URL:-the default database}" >&2
npm run --silent migrate >/dev/null

# The demo account from an earlier run, if any (found by its business email).
existing=$(DEMO_EMAIL="$DEMO_EMAIL" node -e '
  const mysql = require("mysql2/promise");
  (async () => {
    const conn = await mysql.createConnection({ uri: process.env.DATABASE_URL || "mysql://root@127.0.0.1:3306/invoicing" });
    const [rows] = await conn.query(
      "SELECT id FROM accounts WHERE business_email = ? AND deleted_at IS NULL ORDER BY id LIMIT 1", [process.env.DEMO_EMAIL]);
    await conn.end();
    process.stdout.write(rows.length ? String(rows[0].id) : "");
  })().catch((e) => { process.stderr.write(`${e.message}\n`); process.exit(1); });
')

json_field() { node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>process.stdout.write(String(JSON.parse(s)[process.argv[1]])))' "$1"; }

if [ -n "$existing" ]; then
  echo "Demo account ${existing} exists: rotating its API key" >&2
  api_key=$(npm run --silent cli -- account:rotate-key --account "$existing" | json_field api_key)
  account_id="$existing"
else
  created=$(npm run --silent cli -- account:create --name "Demo Traders" --email "$DEMO_EMAIL" --gstin 27AAPFU0939F1ZV --plan pro \
    --username "$DEMO_EMAIL" --password "$DEMO_PASSWORD")
  api_key=$(printf '%s' "$created" | json_field api_key)
  account_id=$(printf '%s' "$created" | json_field account_id)
fi

pids=()
stop_all() {
  trap - INT TERM EXIT
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap 'stop_all; exit 130' INT
trap 'stop_all; exit 143' TERM
trap stop_all EXIT

node --max-semi-space-size=64 scripts/run.js api &
pids+=($!)
if [ -f dist/apps/worker/src/main.js ]; then
  node scripts/run.js worker &
  pids+=($!)
fi

base="http://127.0.0.1:${PORT}"
for _ in $(seq 1 60); do
  if node -e 'fetch(process.argv[1]).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))' "${base}/health"; then
    up=1
    break
  fi
  kill -0 "${pids[0]}" 2>/dev/null || break
  sleep 0.5
done
if [ -z "${up:-}" ]; then
  echo "The API did not come up on ${base}; see the messages above." >&2
  exit 1
fi

# Sample data (clients, invoices of two financial years, notes, payments and an advance, stock, expenses) on the first run only.
seed=$(DEMO_API_KEY="$api_key" node scripts/run.js cli demo:seed --url "$base")
share_url=$(printf '%s' "$seed" | json_field share_url)
if [ "$(printf '%s' "$seed" | json_field seeded)" = "true" ]; then
  seed_note="Sample data added: 12 clients, 12 invoices, a quotation, a proforma invoice, a debit and a credit note, payments received and an advance, stock and expenses."
else
  seed_note="The sample data of an earlier run is kept (nothing was added twice)."
fi

cat <<EOF

Demo account ${account_id} ("Demo Traders", plan pro) is ready.
${seed_note}
API key (shown once; the previous demo key no longer works):

  ${api_key}

Try it:

  curl -s -H "Authorization: Bearer ${api_key}" ${base}/v1/me
  curl -s -H "Authorization: Bearer ${api_key}" "${base}/v1/invoices?limit=5"
  curl -s -H "Authorization: Bearer ${api_key}" "${base}/v1/payments?limit=5"

An invoice PDF to open in a browser (a public share link, no key needed):

  ${share_url}

Web console: ${base}/console   (sign in as ${DEMO_EMAIL} with the password ${DEMO_PASSWORD};
an account made by a demo run before the console has no owner sign-in: sign up there instead)

API docs: ${base}/docs   (OpenAPI JSON: ${base}/v1/openapi.json)
$( [ "${#pids[@]}" -gt 1 ] && echo "The worker runs beside the API." || echo "No worker build found (dist/apps/worker): only the API runs." )
Press Ctrl-C to stop.

EOF

# Runs until Ctrl-C, or until one of the processes exits (then the other is stopped too).
set +e
wait -n "${pids[@]}"
status=$?
stop_all
exit "$status"
