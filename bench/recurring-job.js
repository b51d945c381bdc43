#!/usr/bin/env node
'use strict';
/**
 * The daily jobs of the built worker, timed in one process: `node bench/recurring-job.js <day>` starts the worker's
 * application context from dist/ (DATABASE_URL, REDIS_URL) on a calendar that names a day with nothing due while it
 * boots (its schedules run a pass at start), waits for the start-up passes of the other schedules, then sets the
 * calendar to 09:30 in Asia/Kolkata on <day> and runs the recurring invoices pass, then the reminders pass. Prints
 * one JSON line: {recurringMs, made, remindersMs, sent, statements, cpuMs} (statements: those sent through mysql2;
 * cpuMs: this process's CPU time). BENCH_TRACE_SQL=1 adds the first statements of each pass (to check the baseline
 * issues the same ones); BENCH_TIME_SQL=1 the time spent waiting on each kind of statement.
 */
const { requireDist } = require('./dist');

/** Counts (with BENCH_TRACE_SQL keeps the first, with BENCH_TIME_SQL times) the statements sent through mysql2. */
const trace = { count: 0, kept: [], times: {} };
/** CPU time of this process during each pass (ms). */
const cpuMs = {};
const { Connection } = require('mysql2');
for (const method of ['query', 'execute']) {
  const original = Connection.prototype[method];
  Connection.prototype[method] = function (sql, ...rest) {
    trace.count++;
    if (process.env.BENCH_TRACE_SQL && trace.kept.length < 30) trace.kept.push(String(typeof sql === 'object' ? sql.sql : sql).replace(/\s+/g, ' '));
    if (process.env.BENCH_TIME_SQL && typeof rest[rest.length - 1] === 'function') {
      const cb = rest.pop();
      const key = String(typeof sql === 'object' ? sql.sql : sql)
        .replace(/\s+/g, ' ')
        .slice(0, 60);
      const t0 = process.hrtime.bigint();
      rest.push(function (...a) {
        const e = (trace.times[key] ||= [0, 0]);
        e[0]++;
        e[1] += Number(process.hrtime.bigint() - t0) / 1e6;
        return cb.apply(this, a);
      });
    }
    return original.call(this, sql, ...rest);
  };
}

async function main() {
  const day = process.argv[2];
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day || '')) throw new Error('usage: node bench/recurring-job.js <Y-m-d>');
  require('reflect-metadata');
  const { loadConfig } = requireDist('libs/infra/src/config/app-config');
  const { createWorkerApp } = requireDist('apps/worker/src/worker.factory');
  const { RecurringInvoicesSchedule } = requireDist('apps/worker/src/recurring-invoices/recurring.schedule');
  const { RemindersSchedule } = requireDist('apps/worker/src/reminders/reminders.schedule');
  let now = new Date('2001-01-01T04:00:00Z');
  const calendar = { now: () => now };
  // Every schedule runs its start-up pass only: none ticks during the timed passes.
  const day1 = '3600000';
  const config = loadConfig({
    ...process.env,
    RECURRING_INTERVAL_MS: '86400000',
    SWEEP_INTERVAL_MS: day1,
    ACTIVITY_RELAY_INTERVAL_MS: day1,
    WEBHOOK_DISPATCH_INTERVAL_MS: day1,
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
  });
  const app = await createWorkerApp(config, { recurringCalendar: calendar });
  try {
    await new Promise((r) => setTimeout(r, Number(process.env.BENCH_JOB_SETTLE_MS || 5000)));
    now = new Date(`${day}T04:00:00Z`);
    const pass = async (schedule) => {
      const before = trace.count;
      trace.kept = [];
      const [started, cpu] = [process.hrtime.bigint(), process.cpuUsage()];
      const done = await app.get(schedule).runOnce();
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const used = process.cpuUsage(cpu);
      cpuMs[schedule.name] = (used.user + used.system) / 1000;
      if (done === null) throw new Error(`${schedule.name} failed: see the log`);
      return { ms, done, statements: trace.count - before, sample: trace.kept };
    };
    const recurring = await pass(RecurringInvoicesSchedule);
    const reminders = await pass(RemindersSchedule);
    const out = {
      recurringMs: recurring.ms,
      made: recurring.done,
      remindersMs: reminders.ms,
      sent: reminders.done,
      statements: { recurring: recurring.statements, reminders: reminders.statements },
      cpuMs: { recurring: cpuMs.RecurringInvoicesSchedule, reminders: cpuMs.RemindersSchedule },
    };
    if (process.env.BENCH_TIME_SQL)
      out.sqlTimes = Object.entries(trace.times)
        .sort((a, b) => b[1][1] - a[1][1])
        .slice(0, 25);
    if (process.env.BENCH_TRACE_SQL) out.trace = { recurring: recurring.sample, reminders: reminders.sample };
    process.stdout.write(`${JSON.stringify(out)}\n`);
  } finally {
    await app.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error.stack || error}\n`);
    process.exit(1);
  },
);
