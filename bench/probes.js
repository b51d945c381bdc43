'use strict';
/** Process probes from /proc (Linux): descendants of a pid, their commands and memory. */
const fs = require('node:fs');

function readProc(pid, file) {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return null; // gone meanwhile
  }
}

/** {pid, ppid, state, comm} of every process now. */
function processTable() {
  const rows = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readProc(name, 'stat');
    if (!stat) continue;
    // pid (comm) state ppid ...; comm may hold spaces and parentheses
    const close = stat.lastIndexOf(')');
    const [state, ppid] = stat.slice(close + 2).split(' ');
    rows.push({ pid: Number(name), ppid: Number(ppid), state, comm: stat.slice(stat.indexOf('(') + 1, close) });
  }
  return rows;
}

/** Every process below `pid` (children, grandchildren...). */
function descendants(pid, table = processTable()) {
  const children = new Map();
  for (const p of table) {
    if (!children.has(p.ppid)) children.set(p.ppid, []);
    children.get(p.ppid).push(p);
  }
  const out = [];
  const stack = [...(children.get(pid) || [])];
  while (stack.length) {
    const p = stack.pop();
    out.push(p);
    stack.push(...(children.get(p.pid) || []));
  }
  return out;
}

/** '--type=renderer' of a Chromium command line ('browser' for the main process). */
function chromiumType(pid) {
  // Chromium rewrites its argv (one space-separated string), so search the whole text.
  const match = /--type=([\w-]+)/.exec(readProc(pid, 'cmdline') || '');
  return match ? match[1] : 'browser';
}

const isChromium = (p) => /chrom/i.test(p.comm);

/** Chromium processes below `pid`: {total, zombies, byType: {browser: 1, renderer: 2, ...}}. */
function chromiumBelow(pid) {
  const procs = descendants(pid).filter(isChromium);
  const byType = {};
  let zombies = 0;
  for (const p of procs) {
    if (p.state === 'Z') zombies++;
    const type = p.state === 'Z' ? 'zombie' : chromiumType(p.pid);
    byType[type] = (byType[type] || 0) + 1;
  }
  return { total: procs.length, zombies, byType };
}

/** Chromium processes adopted by init whose --user-data-dir is a renderer profile that no longer exists (leaked). */
function orphanedRendererChromium() {
  return processTable().filter((p) => {
    if (p.ppid !== 1 || !isChromium(p)) return false;
    const match = /--user-data-dir=(\S+)/.exec(readProc(p.pid, 'cmdline') || '');
    const profile = match && match[1];
    return !!profile && profile.includes('pdf-renderer-profile-') && !fs.existsSync(profile);
  }).length;
}

/** VmRSS / VmHWM of a process in bytes (null when gone). */
function memoryOf(pid) {
  const status = readProc(pid, 'status');
  if (!status) return null;
  const kb = (key) => {
    const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status);
    return m ? Number(m[1]) * 1024 : null;
  };
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** Samples the RSS of `pid` and the summed RSS of its descendants every `everyMs` until stop() is called. */
function sampleMemory(pid, everyMs = 100) {
  const peak = { rss: 0, tree: 0, samples: 0 };
  const tick = () => {
    const own = memoryOf(pid);
    if (own && own.rss) peak.rss = Math.max(peak.rss, own.rss);
    let tree = 0;
    for (const p of descendants(pid)) {
      const m = memoryOf(p.pid);
      if (m && m.rss) tree += m.rss;
    }
    peak.tree = Math.max(peak.tree, tree);
    peak.samples++;
  };
  tick();
  const timer = setInterval(tick, everyMs);
  return {
    stop() {
      clearInterval(timer);
      tick();
      return peak;
    },
  };
}

const mb = (bytes) => (bytes === null || bytes === undefined ? '-' : `${Math.round(bytes / 1048576)} MB`);

module.exports = { processTable, descendants, chromiumBelow, orphanedRendererChromium, memoryOf, sampleMemory, mb };
