import { readdirSync, readFileSync } from 'node:fs';

/** One row of the process table (Linux /proc). */
export interface Proc {
  pid: number;
  ppid: number;
  state: string;
  comm: string;
}

export function processTable(): Map<number, Proc> {
  const table = new Map<number, Proc>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const [state, ppid] = stat.slice(close + 2).split(' ');
      table.set(Number(entry), { pid: Number(entry), ppid: Number(ppid), state, comm: stat.slice(stat.indexOf('(') + 1, close) });
    } catch {
      /* exited while we looked */
    }
  }
  return table;
}

/** A process and all its descendants (for a browser: zygotes, renderers, utility processes). */
export function processTree(rootPid: number): Proc[] {
  const table = processTable();
  const root = table.get(rootPid);
  if (!root) return [];
  const tree = [root];
  for (let i = 0; i < tree.length; i++) {
    for (const p of table.values()) if (p.ppid === tree[i].pid) tree.push(p);
  }
  return tree;
}

/** The command line of a process ('' once it is gone). */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

/** Live processes (zombies excluded) whose command line contains `text`. */
export function processesMentioning(text: string): Proc[] {
  return [...processTable().values()].filter((p) => p.state !== 'Z' && commandLine(p.pid).includes(text));
}
