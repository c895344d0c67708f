// traincalc — bench/startup_ab.mjs
// A/B of start-up variants (not a test): fresh loads of the floor page (one paragraph) and of each
// page given, interleaved round by round so that the machine's load changes slow them alike; first
// contentful paint, first frame, each page's paint minus the floor's of the same round, and where
// the first frame's time goes (window.__traincalcPerf, web/main.cpp).
// usage: node bench/startup_ab.mjs ROUNDS [--locale zh-CN] page.html [other.html ...]
import { writeFileSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch } from '../tests/e2e/lib.mjs';

const rounds = Number(process.argv[2] || 7);
const rest = process.argv.slice(3);
let locale = 'en-US';
const li = rest.indexOf('--locale');
if (li >= 0) { locale = rest[li + 1]; rest.splice(li, 2); }
const pages = rest.map((p) => resolve(p));
const floorPath = join(tmpdir(), 'traincalc-floor.html');
writeFileSync(floorPath, '<!doctype html><meta charset="utf-8"><title>floor</title><p>traincalc</p>');
const targets = [floorPath, ...pages];
const settleMs = 1500;  // as bench/page.mjs: the browser's own start-up pages finish first
// Phases (ms) from the page's own marks; absent marks (an older page) stay NaN.
const phases = {
  compile: (p) => p.compiledMs - p.compileStartMs,
  'of it: LZMA decode (main thread)': (p) => p.decodeMs,
  'compiled→instantiated': (p) => p.instantiatedMs - p.compiledMs,
  'main() CPU': (p) => p.glStartMs - p.instantiatedMs,
  'ImGui + atlas': (p) => p.imguiMs,
  refresh: (p) => p.refreshMs,
  'layout ahead': (p) => p.layoutMs,
  raster: (p) => p.rasterMs,
  glyphs: (p) => p.rasterGlyphs,
  'GL context + objects': (p) => p.glMs,
  'ready→first frame': (p) => p.firstFrameMs - p.readyMs,
};
const res = targets.map(() => ({ fcp: [], first: [], diff: [], ph: Object.fromEntries(Object.keys(phases).map((k) => [k, []])) }));
const loads = [];
for (let r = 0; r < rounds; r++) {
  loads.push(loadavg()[0]);
  // The order of the pages turns each round: none always follows the floor.
  const order = targets.map((_, i) => i);
  for (let k = 0; k < r % targets.length; k++) order.push(order.shift());
  const fcpRound = [];
  for (const i of order) {
    const b = await launch({ locale, fresh: true });
    try {
      await b.page.waitForTimeout(settleMs);
      await b.page.goto(pathToFileURL(targets[i]).href);
      const m = await b.page.evaluate((isPage) => new Promise((done) => {
        const t = setInterval(() => {
          const e = performance.getEntriesByName('first-contentful-paint')[0];
          const p = window.__traincalcPerf;
          if (e && (!isPage || (p && p.frames >= 1))) { clearInterval(t); done({ fcp: e.startTime, first: p ? p.firstFrameMs : NaN, perf: p ? JSON.parse(JSON.stringify(p)) : null }); }
        }, 20);
      }), i > 0);
      res[i].fcp.push(m.fcp); res[i].first.push(m.first);
      if (m.perf) for (const [k, f] of Object.entries(phases)) { const v = f(m.perf); res[i].ph[k].push(typeof v === 'number' ? v : NaN); }
      fcpRound[i] = m.fcp;
    } finally { await b.close(); }
  }
  for (let i = 1; i < targets.length; i++) res[i].diff.push(fcpRound[i] - fcpRound[0]);
}
const med = (a) => { const s = a.filter((x) => !Number.isNaN(x)).sort((x, y) => x - y); return s.length ? s[s.length >> 1] : NaN; };
const span = (a) => { const s = a.filter((x) => !Number.isNaN(x)); return s.length ? `${med(s).toFixed(0)} (${Math.min(...s).toFixed(0)}–${Math.max(...s).toFixed(0)})` : 'n/a'; };
console.log(`locale ${locale}; load average (1 min) at each round: ${loads.map((x) => x.toFixed(1)).join(', ')}`);
console.log('| page | first contentful paint, ms | minus the floor\'s (same round), ms | first frame, ms |');
console.log('| --- | ---: | ---: | ---: |');
targets.forEach((t, i) => console.log(`| ${i ? t : 'floor (one paragraph)'} | ${span(res[i].fcp)} | ${i ? span(res[i].diff) : ''} | ${i ? span(res[i].first) : ''} |`));
console.log();
console.log(`| phase (median, min–max, n=${rounds}) | ${pages.join(' | ')} |`);
console.log(`| --- |${pages.map(() => ' ---: |').join('')}`);
for (const k of Object.keys(phases)) console.log(`| ${k} | ${pages.map((_, j) => span(res[j + 1].ph[k])).join(' | ')} |`);
