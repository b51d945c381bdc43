'use strict';
/**
 * The built worker as a child process of a benchmark: its last output kept for error reports, killed with the
 * benchmark, and `stop()` to end it gracefully (SIGTERM, then SIGKILL after 15 s). BENCH_WORKER_NODE_ARGS adds
 * node flags (e.g. `--cpu-prof --cpu-prof-dir=prof` to profile it), as BENCH_API_NODE_ARGS does for the API.
 */
const { spawn } = require('node:child_process');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

function startWorkerChild(env) {
  const nodeArgs = (process.env.BENCH_WORKER_NODE_ARGS || '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'scripts/run.js', 'worker'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.output = '';
  const keep = (c) => (child.output = (child.output + c).slice(-8000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const kill = () => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL');
  process.once('exit', kill);
  child.stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(kill, 15000);
      await child.exited;
      clearTimeout(timer);
    }
    process.off('exit', kill);
  };
  return child;
}

module.exports = { startWorkerChild };
