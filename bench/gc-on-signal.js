'use strict';
/**
 * Preloaded into the scale run's API processes (`node --expose-gc --require bench/gc-on-signal.js`): on SIGWINCH (a
 * signal the service leaves alone: Nest's shutdown hooks take SIGUSR2, and SIGUSR1 starts the inspector) a
 * full garbage collection, then one line on stderr with the process's memory after it. The scale table's memory
 * figures compare these, so that what the API keeps is told apart from garbage not yet collected. Bench only: the
 * service has no such hook.
 */
if (typeof global.gc !== 'function') throw new Error('bench/gc-on-signal.js needs node --expose-gc');
process.on('SIGWINCH', () => {
  global.gc();
  const { rss, heapUsed, external } = process.memoryUsage();
  process.stderr.write(`[bench-gc] ${JSON.stringify({ rss, heapUsed, external })}\n`);
});
