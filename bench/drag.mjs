// traincalc — bench/drag.mjs
// What a slider's drag costs the page's main thread (not a test): a real mouse drags the tokens
// slider across 60% of its width in 80 moves 16 ms apart, under the V8 sampling profiler. Reports
// each frame's callback (the page's whole frame: ImGui, the estimate, the GPU comparison, WebGL
// calls, the semantics layer, the writes) and the script time by part, median over the runs.
// usage: node bench/drag.mjs [runs=5] [page.html]   (scripts/bench.sh runs it after bench/page.mjs)
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { launch, open, settle, center } from '../tests/e2e/lib.mjs';

const runs = Number(process.argv[2] || 5);
const url = process.argv[3] ? pathToFileURL(process.argv[3]).href : undefined;
const median = (a) => { const s = [...a].sort((x, y) => x - y); return s[s.length >> 1]; };

// Each animation-frame callback's duration, in the page (installed before its scripts run).
const frameTimer = () => {
  window.__frameMs = [];
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (f) => raf((t) => { const t0 = performance.now(); f(t); window.__frameMs.push(performance.now() - t0); });
};

const parts = { frames: [], frameMs: [], frameP90Ms: [], scriptMs: [], wasmMs: [], semanticsMs: [], linkMs: [], storageMs: [], load: [] };
for (let r = 0; r < runs; r++) {
  const b = await launch({ initScript: frameTimer });
  try {
    await open(b.page, '', url ? { url } : {});
    await settle(b.page);
    const c = await center(b.page.getByRole('slider', { name: 'Tokens per epoch', exact: true }));
    const cdp = await b.page.context().newCDPSession(b.page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await b.page.evaluate(() => { window.__frameMs.length = 0; });
    await cdp.send('Profiler.start');
    await b.page.mouse.move(c.r.x + c.r.width * 0.2, c.y);
    await b.page.mouse.down();
    for (let i = 1; i <= 80; i++) {
      await b.page.mouse.move(c.r.x + c.r.width * (0.2 + (0.6 * i) / 80), c.y);
      await b.page.waitForTimeout(16);
    }
    await b.page.mouse.up();
    const { profile } = await cdp.send('Profiler.stop');
    const frames = await b.page.evaluate(() => window.__frameMs.filter((x) => x > 0.5));  // the drawn ones
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map();
    for (const n of profile.nodes) for (const ch of n.children || []) parent.set(ch, n.id);
    let script = 0, wasm = 0, semantics = 0, link = 0, storage = 0;
    for (let i = 0; i < profile.samples.length; i++) {
      const ms = (profile.timeDeltas[i] || 0) / 1000;
      const n = byId.get(profile.samples[i]);
      const fn = n.callFrame.functionName;
      if (fn === '(idle)' || fn === '(program)' || fn === '(garbage collector)') continue;
      script += ms;
      if (/^wasm-function/.test(fn)) wasm += ms;
      if (fn === 'replace' || fn === 'set hash') link += ms;  // location.replace / location.hash =
      if (fn === 'setItem') storage += ms;
      for (let id = n.id; id; id = parent.get(id)) if (byId.get(id).callFrame.functionName === '__semantics') { semantics += ms; break; }
    }
    const sorted = [...frames].sort((x, y) => x - y);
    parts.frames.push(frames.length);
    parts.frameMs.push(median(frames));
    parts.frameP90Ms.push(sorted[Math.floor(sorted.length * 0.9)]);
    parts.scriptMs.push(script / frames.length);
    parts.wasmMs.push(wasm / frames.length);
    parts.semanticsMs.push(semantics / frames.length);
    parts.linkMs.push(link / frames.length);
    parts.storageMs.push(storage / frames.length);
    parts.load.push(loadavg()[0]);
  } finally { await b.close(); }
}
const f = (a, d = 2) => `${median(a).toFixed(d)} (${Math.min(...a).toFixed(d)}–${Math.max(...a).toFixed(d)})`;
console.log(`| a tokens-slider drag, 80 moves (median of ${runs} runs; load ${Math.min(...parts.load).toFixed(1)}–${Math.max(...parts.load).toFixed(1)}) | ms per drawn frame |`);
console.log('| --- | --- |');
console.log(`| frames drawn | ${f(parts.frames, 0)} |`);
console.log(`| a frame's callback, median | ${f(parts.frameMs)} |`);
console.log(`| a frame's callback, 90th percentile | ${f(parts.frameP90Ms)} |`);
console.log(`| script, all (sampled) | ${f(parts.scriptMs)} |`);
console.log(`|   of it: wasm (ImGui, the estimate, the comparison) | ${f(parts.wasmMs)} |`);
console.log(`|   of it: the semantics layer (DOM twins) | ${f(parts.semanticsMs)} |`);
console.log(`|   of it: writing the link (location.replace) | ${f(parts.linkMs)} |`);
console.log(`|   of it: writing the saved scenario (localStorage) | ${f(parts.storageMs)} |`);
