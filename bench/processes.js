'use strict';
/**
 * What the benchmark runners share: child processes that die with the runner, free ports, the /health
 * wait, a fresh migrated database and an account made by the admin CLI.
 */
const { spawn, execFileSync } = require('node:child_process');
const net = require('node:net');
const path = require('node:path');
const mysql = require('mysql2/promise');

const ROOT = path.resolve(__dirname, '..');
const children = [];

function log(message) {
  process.stderr.write(`[bench] ${message}\n`);
}

/**
 * Node flags of the API process, as its start commands give them (package.json start:api, scripts/demo.sh,
 * docker/Dockerfile and compose.yaml): the runners measure what is shipped. A young generation of 64 MB
 * semi-spaces: see docs/operations.md, "Running several processes".
 */
const API_NODE_ARGS = ['--max-semi-space-size=64'];

/** Starts a child process that dies with us; its output is kept for error reports. */
function startChild(label, args, env, nodeArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.label = label;
  child.output = '';
  const keep = (chunk) => {
    child.output = (child.output + chunk).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  children.push(child);
  return child;
}

async function stopChildren() {
  await Promise.all(
    children.map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await child.exited;
      clearTimeout(timer);
    }),
  );
}

function killChildrenNow() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Polls GET /health until it answers 200; fails early when the child exits. */
async function waitForHealth(child, base, timeoutMs = 60000) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  child.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${child.label} exited before it answered /health:\n${child.output}`);
    try {
      const res = await fetch(`${base}/health`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${child.label} did not answer /health within ${timeoutMs / 1000} s:\n${child.output}`);
}

function serverUrl(databaseUrl) {
  const url = new URL(databaseUrl);
  url.pathname = '/';
  return url.toString();
}

/** Drops and migrates the database of `databaseUrl`; refuses a database whose name lacks `mustContain`. */
async function prepareDatabase(databaseUrl, mustContain) {
  const name = new URL(databaseUrl).pathname.replace(/^\//, '');
  if (!/^[A-Za-z0-9_]+$/.test(name) || !name.includes(mustContain)) {
    throw new Error(`refusing to drop database "${name}": its name must contain "${mustContain}"`);
  }
  const conn = await mysql.createConnection({ uri: serverUrl(databaseUrl) });
  try {
    await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
  } finally {
    await conn.end();
  }
  log(`migrating ${name}`);
  execFileSync('npm', ['run', '--silent', 'migrate'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** A Pro account with an owner user, made by the admin CLI: {account_id, api_key, user_id, ...}. */
function createAccount(databaseUrl, { name, email, username, password, bcryptCost }) {
  const out = execFileSync(
    process.execPath,
    [
      'scripts/run.js',
      'cli',
      'account:create',
      '--name',
      name,
      '--email',
      email,
      '--gstin',
      '27AAPFU0939F1ZV',
      '--plan',
      'pro',
      '--username',
      username,
      '--password',
      password,
    ],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl, BCRYPT_COST: bcryptCost }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return JSON.parse(out.trim().split('\n').pop());
}

/**
 * Runs a runner's `main` (which resolves to its exit code) and exits with it once the child processes are
 * stopped, also on SIGINT/SIGTERM or a failure (labelled `tag`); children are killed outright on exit.
 */
function runMain(tag, main) {
  let finishing = false;
  const finish = async (code) => {
    if (finishing) return;
    finishing = true;
    await stopChildren().catch(killChildrenNow);
    process.exit(code);
  };
  process.on('SIGINT', () => finish(130));
  process.on('SIGTERM', () => finish(143));
  process.on('exit', killChildrenNow);
  main().then(
    (code) => finish(code ?? 0),
    (error) => {
      process.stderr.write(`[${tag}] failed: ${error && error.stack ? error.stack : error}\n`);
      finish(1);
    },
  );
}

module.exports = { ROOT, API_NODE_ARGS, log, startChild, stopChildren, killChildrenNow, freePort, waitForHealth, prepareDatabase, createAccount, runMain };
