'use strict';
/**
 * The soak test's plot: three panels (completed requests/s, p50 and p99 latency, RSS of the API and the
 * worker with their Chromium process count) drawn as inline SVG and screenshotted by Puppeteer as a PNG.
 * Own SVG rather than a charting package: three line charts over one time axis need only scales, ticks
 * and paths, and Puppeteer and Chromium are already here for the PDFs.
 */
const puppeteer = require('puppeteer');

const WIDTH = 1200;
const PANEL_HEIGHT = 280;
const MARGIN = { left: 70, right: 70, top: 34, bottom: 34 };
const COLORS = {
  rps: '#1f77b4',
  target: '#7f7f7f',
  p99: '#d62728',
  p50: '#ff9896',
  api: '#2ca02c',
  apiTree: '#98df8a',
  worker: '#9467bd',
  workerTree: '#c5b0d5',
  chromium: '#ff7f0e',
};

const escape = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/** Round tick values from 0 to at least `max` (about five steps of 1, 2 or 5 times a power of ten). */
function ticks(max) {
  const top = max > 0 ? max : 1;
  const raw = top / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw);
  const out = [];
  for (let v = 0; v <= top + step * 0.999; v += step) out.push(Math.round(v * 1e6) / 1e6);
  return out;
}

/** One panel: series share the left axis unless `right: true`; the peak phase is shaded. */
function panel({ title, unit, series, rightUnit, samples, tMax, peakRange, y0 }) {
  const w = WIDTH - MARGIN.left - MARGIN.right;
  const h = PANEL_HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (t) => MARGIN.left + (t / tMax) * w;
  const scale = (list) => {
    const values = list.flatMap((s) => samples.map(s.value)).filter((v) => v !== null && v !== undefined);
    const t = ticks(Math.max(0, ...values) * 1.05);
    const top = t[t.length - 1];
    return { ticks: t, y: (v) => y0 + MARGIN.top + h - (v / top) * h };
  };
  const left = scale(series.filter((s) => !s.right));
  const rightSeries = series.filter((s) => s.right);
  const right = rightSeries.length ? scale(rightSeries) : null;
  const parts = [];
  parts.push(`<text x="${MARGIN.left}" y="${y0 + 20}" font-size="15" font-weight="bold">${escape(title)}</text>`);
  if (peakRange) {
    parts.push(
      `<rect x="${x(peakRange[0])}" y="${y0 + MARGIN.top}" width="${Math.max(1, x(peakRange[1]) - x(peakRange[0]))}" height="${h}" fill="#f2f2f2"/>`,
      `<text x="${x(peakRange[0]) + 4}" y="${y0 + MARGIN.top + 14}" font-size="11" fill="#777">warm-up + peak</text>`,
    );
  }
  for (const v of left.ticks) {
    parts.push(`<line x1="${MARGIN.left}" x2="${MARGIN.left + w}" y1="${left.y(v)}" y2="${left.y(v)}" stroke="#e3e3e3"/>`);
    parts.push(`<text x="${MARGIN.left - 6}" y="${left.y(v) + 4}" font-size="11" text-anchor="end">${v}</text>`);
  }
  if (right) {
    for (const v of right.ticks) parts.push(`<text x="${MARGIN.left + w + 6}" y="${right.y(v) + 4}" font-size="11" fill="${COLORS.chromium}">${v}</text>`);
    parts.push(
      `<text transform="translate(${WIDTH - 16},${y0 + MARGIN.top + h / 2}) rotate(90)" font-size="12" text-anchor="middle" fill="${COLORS.chromium}">${escape(rightUnit)}</text>`,
    );
  }
  parts.push(`<text transform="translate(18,${y0 + MARGIN.top + h / 2}) rotate(-90)" font-size="12" text-anchor="middle">${escape(unit)}</text>`);
  for (const t of ticks(tMax)) {
    if (t > tMax) break;
    parts.push(`<line x1="${x(t)}" x2="${x(t)}" y1="${y0 + MARGIN.top + h}" y2="${y0 + MARGIN.top + h + 4}" stroke="#333"/>`);
    parts.push(`<text x="${x(t)}" y="${y0 + MARGIN.top + h + 17}" font-size="11" text-anchor="middle">${t}</text>`);
  }
  parts.push(`<text x="${MARGIN.left + w}" y="${y0 + PANEL_HEIGHT - 2}" font-size="11" text-anchor="end">minutes</text>`);
  parts.push(`<rect x="${MARGIN.left}" y="${y0 + MARGIN.top}" width="${w}" height="${h}" fill="none" stroke="#333"/>`);
  let legendX = MARGIN.left + title.length * 9 + 30; // after the bold title (about 9 px a character)
  for (const s of series) {
    const y = s.right ? right.y : left.y;
    const points = samples.map((p) => [p.t / 60, s.value(p)]).filter(([, v]) => v !== null && v !== undefined);
    // A step line for counts, a polyline for the rest.
    const d = points.map(([t, v], i) => (i === 0 ? `M${x(t)},${y(v)}` : s.step ? `H${x(t)}V${y(v)}` : `L${x(t)},${y(v)}`)).join('');
    parts.push(`<path d="${d}" fill="none" stroke="${s.color}" stroke-width="${s.width || 2}"${s.dash ? ' stroke-dasharray="6 4"' : ''}/>`);
    parts.push(
      `<line x1="${legendX}" x2="${legendX + 22}" y1="${y0 + 16}" y2="${y0 + 16}" stroke="${s.color}" stroke-width="3"${s.dash ? ' stroke-dasharray="6 4"' : ''}/>`,
    );
    parts.push(`<text x="${legendX + 27}" y="${y0 + 20}" font-size="12">${escape(s.label)}</text>`);
    legendX += 40 + s.label.length * 6.6;
  }
  return parts.join('\n');
}

function svg(result) {
  const samples = result.samples;
  const tMax = Math.max(1 / 60, ...samples.map((s) => s.t / 60));
  const peakEnd = samples.filter((s) => s.phase !== 'soak').reduce((m, s) => Math.max(m, s.t / 60), 0);
  const peakRange = peakEnd > 0 ? [0, peakEnd] : null;
  const mb = (v) => (v === null || v === undefined ? null : v / 1048576);
  const failed = result.verdicts.filter((v) => !v.ok).length;
  const header =
    `Soak ${result.startedAt.slice(0, 16).replace('T', ' ')} UTC: peak ${result.peak.rps} req/s, driven at ${result.soak.targetRps} req/s ` +
    `for ${result.settings.minutes} min; ${failed ? `${failed} verdict(s) FAILED` : 'all verdicts ok'}`;
  const top = 40;
  const panels = [
    panel({
      title: 'Completed requests/s (2xx) per sample',
      unit: 'req/s',
      samples,
      tMax,
      peakRange,
      y0: top,
      series: [
        { label: 'req/s', color: COLORS.rps, value: (s) => s.rps },
        {
          label: `target ${result.soak.targetRps} req/s`,
          color: COLORS.target,
          dash: true,
          width: 1.5,
          value: (s) => (s.phase === 'soak' ? result.soak.targetRps : null),
        },
      ],
    }),
    panel({
      title: 'Latency of the sample window',
      unit: 'ms',
      samples,
      tMax,
      peakRange,
      y0: top + PANEL_HEIGHT,
      series: [
        { label: 'p99', color: COLORS.p99, value: (s) => s.p99 },
        { label: 'p50', color: COLORS.p50, value: (s) => s.p50 },
      ],
    }),
    panel({
      title: 'RSS and Chromium processes',
      unit: 'MB',
      rightUnit: 'Chromium processes',
      samples,
      tMax,
      peakRange,
      y0: top + 2 * PANEL_HEIGHT,
      series: [
        { label: 'API', color: COLORS.api, value: (s) => mb(s.apiRss) },
        { label: 'API + Chromium', color: COLORS.apiTree, value: (s) => mb(s.apiTreeRss) },
        { label: 'worker', color: COLORS.worker, value: (s) => mb(s.workerRss) },
        { label: 'worker + Chromium', color: COLORS.workerTree, value: (s) => mb(s.workerTreeRss) },
        { label: 'Chromium count', color: COLORS.chromium, right: true, step: true, value: (s) => s.chromiumApi + s.chromiumWorker },
      ],
    }),
  ];
  const height = top + 3 * PANEL_HEIGHT + 10;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" font-family="DejaVu Sans, Arial, sans-serif">` +
    `<rect width="100%" height="100%" fill="#fff"/><text x="${MARGIN.left}" y="26" font-size="16">${escape(header)}</text>${panels.join('\n')}</svg>`
  );
}

/** Writes the PNG of `result` (the soak's JSON) to `file`. */
async function renderPlot(result, file) {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    pipe: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const page = await browser.newPage();
    const image = svg(result);
    const height = Number(/height="(\d+)"/.exec(image)[1]);
    await page.setViewport({ width: WIDTH, height });
    await page.setContent(`<!doctype html><html><body style="margin:0">${image}</body></html>`);
    await page.screenshot({ path: file, clip: { x: 0, y: 0, width: WIDTH, height } });
  } finally {
    await browser.close();
  }
}

module.exports = { renderPlot, svg };
