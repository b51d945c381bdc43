'use strict';
/**
 * The bare baseline of the webhook benchmark (bench/webhook-bench.js): posts the same payloads to the same
 * receiver as the worker, signed the same way (Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of
 * `id.timestamp.body` with node:crypto), with plain node:http on a keep-alive agent and the same number of
 * requests in flight. Nothing else: no database, no retries, no records.
 *
 * Environment: WEBHOOK_URL, WEBHOOK_SECRET (`whsec_...`), WEBHOOK_PAYLOADS (a JSON file of [{id, body}]),
 * WEBHOOK_CONCURRENCY, WEBHOOK_WARMUP_MS (first sends the payloads under ids `warm_<n>_<id>`, which the
 * benchmark's receiver does not time, for this long, so the measured sends run warm as the worker's do). Prints
 * one JSON line {sent, failed} and exits.
 */
const { createHmac } = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');

const url = new URL(process.env.WEBHOOK_URL);
const key = Buffer.from(process.env.WEBHOOK_SECRET.replace(/^whsec_/, ''), 'base64');
const payloads = JSON.parse(fs.readFileSync(process.env.WEBHOOK_PAYLOADS, 'utf8'));
const concurrency = Math.max(1, Number(process.env.WEBHOOK_CONCURRENCY || 4));
const agent = new http.Agent({ keepAlive: true });

function post({ id, body }) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': String(Buffer.byteLength(body)),
          'Webhook-Id': id,
          'Webhook-Timestamp': timestamp,
          'Webhook-Signature': signature,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode >= 200 && res.statusCode < 300));
      },
    );
    req.on('error', () => resolve(false));
    req.end(body);
  });
}

async function sendAll(list) {
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < list.length) if (!(await post(list[next++]))) failed++;
    }),
  );
  return failed;
}

async function main() {
  const warmUntil = Date.now() + Number(process.env.WEBHOOK_WARMUP_MS || 0);
  for (let n = 1; Date.now() < warmUntil; n++) await sendAll(payloads.map((p) => ({ ...p, id: `warm_${n}_${p.id}` })));
  const failed = await sendAll(payloads);
  agent.destroy();
  process.stdout.write(`${JSON.stringify({ sent: payloads.length, failed })}\n`);
}

main().catch((err) => {
  process.stderr.write(`${err && err.stack ? err.stack : err}\n`);
  process.exit(1);
});
