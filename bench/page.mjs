// traincalc — bench/page.mjs
// The page benchmark (not a test): sizes, first paint and first frame over fresh loads from
// file:// and where the first frame's time goes, idle frames and main-thread time, wasm heap,
// in-page estimate timings.
// usage: node bench/page.mjs [loads=7] [startup] [locale=en-US] [desktop|phone]   (scripts/bench.sh runs
//        it after the native benchmark; "startup": sizes, first paint and first frame only; a zh-CN
//        locale loads the page in Chinese, as a visitor whose browser asks for it; "phone": a 390x844
//        viewport at 3 device pixels per CSS pixel, touch (tests/e2e/lib.mjs VIEWPORTS), the floor too)
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { launch, open, root, pagePath, pageUrl, artifacts } from '../tests/e2e/lib.mjs';
import { providerBlock, compactBlock, pageWithBlock } from './provider_block.mjs';

const loads = Number(process.argv[2] || 7);
const locale = process.argv[4] || 'en-US';
const size = process.argv[5] || 'desktop';
const gz = (b) => gzipSync(b, { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(1) + ' KiB';
const row = (a, b, c = '') => console.log(`| ${a} | ${b} | ${c} |`);

// Sizes: the page and its parts (scripts/assemble_page.py measures them as it assembles).
const page = readFileSync(pagePath);
const sizes = JSON.parse(readFileSync(pagePath.replace(/\.html$/, '.sizes.json'), 'utf8'));
const catalog = readFileSync(join(root, 'assets', 'catalog.json'));
const catalogCompact = Buffer.from(JSON.stringify(JSON.parse(catalog)));
const part = (k) => `${kb(sizes[k + '_bytes'])} / ${kb(sizes[k + '_gzip'])}`;
console.log('| what | measured | budget |');
console.log('| --- | --- | --- |');
row('page, raw', kb(page.length));
row('page, gzip -9', `${kb(gz(page))} (${gz(page)} bytes)`, '≤ 320 KiB');
row('  the program: wasm (code and catalogs; no font), YAML parser, loader (wasm raw / the LZMA stream of all)', `${kb(sizes.wasm_bytes)} / ${kb(sizes.wasm_lzma)}`);
row('    of it: JS loader (raw / gzip alone)', part('js'));
row('    of it: YAML parser, js-yaml\'s (raw / gzip alone)', part('yaml_js'));
row('  HTML shell (raw / gzip): all but the program', part('shell'));
row('    of it: prerendered text, two languages', part('prerender'));
row('    of it: the shell\'s script (JS API, input, semantics layer)', part('shell_script'));
row('    of it: style', part('style'));
// No font travels with the page: its glyphs come from the browser's fonts (web/fonts_system.cpp).
row('  catalogs inside the wasm (raw / gzip)', `${kb(catalogCompact.length)} / ${kb(gz(catalogCompact))}`);

// Fresh loads. Each in a new browser and profile (nothing cached), navigated once the browser has
// finished starting: headless Chromium's own start-up (its WebUI pages) otherwise competes for the
// two cores with the page. A one-paragraph page in the same conditions gives the floor: the first
// paint no page can beat on this machine (software compositing; each presented frame is slow).
// Once painted it makes a WebGL2 context (as the page does after its text's paint): what the
// context costs when the GPU process has nothing else queued.
const settleMs = 1500;
const floorPath = join(tmpdir(), 'traincalc-floor.html');
writeFileSync(floorPath, '<!doctype html><meta charset="utf-8"><title>floor</title><p>traincalc</p><canvas></canvas><script>' +
  'new PerformanceObserver(function (l) { if (!l.getEntriesByName("first-contentful-paint").length || window.floorContextMs) return;' +
  ' var t = performance.now(); document.querySelector("canvas").getContext("webgl2", {alpha: false, antialias: false});' +
  ' window.floorContextMs = performance.now() - t; }).observe({type: "paint", buffered: true});</script>');
const fcpOf = (p) => p.evaluate(() => new Promise((resolve) => {
  const get = () => performance.getEntriesByName('first-contentful-paint')[0];
  const t = setInterval(() => { const e = get(); if (e) { clearInterval(t); resolve(e.startTime); } }, 20);
}));
let textFirst = 0;
const loadAvg = [];  // the machine's 1-minute load average at each load: timings are only comparable at like loads
const first = [], fcp = [], floor = [], floorContext = [], compile = [], decode = [], gl = [], mainMs = [], toFrame = [], raster = [], waitMs = [], layout = [], glyphs = [];
const catalogMs = [], stateMs = [], imguiMs = [], refreshMs = [], pixelsMs = [], contextMs = [], commitMs = [];
let last = null;
for (let i = 0; i < loads; i++) {
  loadAvg.push(loadavg()[0]);
  const f = await launch({ size, fresh: true });
  try {
    await f.page.waitForTimeout(settleMs);
    await f.page.goto(pathToFileURL(floorPath).href);
    floor.push(await fcpOf(f.page));
    floorContext.push(await f.page.waitForFunction(() => window.floorContextMs).then((h) => h.jsonValue()));
  } finally { await f.close(); }
  const b = await launch({ locale, size, fresh: true });
  try {
    await b.page.waitForTimeout(settleMs);
    await open(b.page);
    const p = await b.page.evaluate(() => window.__traincalcPerf);
    fcp.push(await fcpOf(b.page));
    first.push(p.firstFrameMs);
    if (fcp[fcp.length - 1] < p.firstFrameMs) textFirst++;  // the first paint was the text, not the canvas
    compile.push(p.compiledMs - p.compileStartMs);
    decode.push(p.decodeMs);
    waitMs.push(p.instantiatedMs - p.compiledMs);
    gl.push(p.glMs);
    mainMs.push(p.glStartMs - p.instantiatedMs);
    toFrame.push(p.firstFrameMs - p.readyMs);
    raster.push(p.rasterMs || 0);
    layout.push(p.layoutMs || 0);
    glyphs.push(p.rasterGlyphs || 0);
    catalogMs.push(p.catalogMs); stateMs.push(p.stateMs); imguiMs.push(p.imguiMs ?? NaN); refreshMs.push(p.refreshMs); pixelsMs.push(p.pixelsMs ?? NaN); contextMs.push(p.contextMs ?? NaN); commitMs.push(p.commitMs ?? NaN);
    if (i === loads - 1) last = b; else await b.close();
  } catch (e) { await b.close(); throw e; }
}
const stats = (a) => { const s = a.filter((x) => typeof x === 'number' && !Number.isNaN(x)).sort((x, y) => x - y); if (!s.length) return 'n/a'; return `median ${s[s.length >> 1].toFixed(0)} ms (min ${s[0].toFixed(0)}, max ${s[s.length - 1].toFixed(0)}, n=${s.length})`; };
row('locale, viewport', `${locale}, ${size}`);
row('load average (1 min) at each load', loadAvg.map((x) => x.toFixed(1)).join(', '));
row('first contentful paint (the prerendered text), file://', stats(fcp), '≤ 150 ms');
row('  of these, painted before the first canvas frame (the prerendered text)', `${textFirst} of ${fcp.length}`);
row('  the floor: a one-paragraph page, same conditions', stats(floor));
row('first frame after navigation (file://)', stats(first), '≤ 700 ms');
row('  wasm decoded and compiled (from the text\'s first paint; the compile streams, off the main thread)', stats(compile));
row('    of it: the LZMA decode, on the main thread in slices of 64 KiB', stats(decode));
row('  compiled to instantiated (the compile waits for the text\'s paint, then this is ~0)', stats(waitMs));
row('  main(), CPU part: catalog, state, ImGui, glyphs, first estimate', stats(mainMs));
row('    of it: the built-in catalog parsed / the state read (link, storage)', `${stats(catalogMs)} / ${stats(stateMs)}`);
row('    of it: ImGui set up and the atlas made (every character measured, none rasterised yet)', stats(imguiMs.filter((x) => !Number.isNaN(x))));
row('    of it: the first estimate, GPU comparison and card curve (refresh)', stats(refreshMs));
row('    of it: the first frame laid out ahead (it finds the glyphs the first screen shows)', stats(layout));
row('  glyphs rasterised from the system fonts (Canvas 2D), start-up', `${stats(raster)}, ${glyphs.join('/')} glyphs`);
row('  main(), then: WebGL2 context, GL objects, the first screen\'s glyphs rasterised and uploaded', stats(gl));
row('    of it: the WebGL2 context alone (getContext: it waits for the GPU process, busy presenting)', stats(contextMs.filter((x) => !Number.isNaN(x))));
row('    the same on the floor page, made at its first paint', stats(floorContext));
row('    of it: the glyphs rasterised, packed and uploaded', stats(pixelsMs));
row('  the first state to the JS API and the semantics mirror (commit, before ready)', stats(commitMs.filter((x) => !Number.isNaN(x))));
row('  ready to the first frame drawn', stats(toFrame));
if (process.argv[3] === 'startup') {  // node bench/page.mjs 7 startup: only the table above
  await last.close();
  process.exit(0);
}

// Idle: frames and main-thread time over 5 s after 1 s of quiet.
const page_ = last.page;
const cdp = await last.context.newCDPSession(page_);
await cdp.send('Performance.enable');
await page_.mouse.move(200, 200); await page_.mouse.move(260, 240);
await page_.waitForTimeout(1000);
const m0 = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
const f0 = await page_.evaluate(() => window.__traincalcPerf.frames);
await page_.waitForTimeout(5000);
const m1 = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
const f1 = await page_.evaluate(() => window.__traincalcPerf.frames);
row('frames drawn in 5 s idle', String(f1 - f0), '0');
row('main-thread task time in 5 s idle', ((m1.TaskDuration - m0.TaskDuration) * 1000).toFixed(1) + ' ms');
row('wasm heap', kb(await page_.evaluate(() => Module.HEAP8.length)));
const b = await page_.evaluate(() => JSON.parse(Module.UTF8ToString(Module._tc_bench(2000))));
row('one estimate, in the page', b.estimate_us.toFixed(2) + ' µs');
row(`whole GPU comparison (${b.gpus} GPUs), in the page`, (b.compare_us / 1000).toFixed(3) + ' ms', '≤ 1 ms');
// The widest search space (bench/bench.cpp's last scenario): a mixture-of-experts model on Megatron
// at 32K tokens, where context and expert parallelism and activation offload are searched too.
await page_.evaluate(() => window.traincalc.set({ model: 'qwen3-235b-a22b', method: 'full', stack: 'megatron', seq_len: 32768, cards: 64, zero: 1 }));
const w = await page_.evaluate(() => JSON.parse(Module.UTF8ToString(Module._tc_bench(50))));
row('one estimate, MoE 235B on Megatron at 32K tokens, in the page', w.estimate_us.toFixed(1) + ' µs');
row(`whole GPU comparison for it (${w.gpus} GPUs), in the page`, (w.compare_us / 1000).toFixed(2) + ' ms', '≤ 1 ms');
await last.close();

// A GPU provider's page with a big catalog block (issue 11): first frame against the default page,
// where the start-up time goes (__traincalcPerf, web/main.cpp), and the in-page timings with it.
// Loads alternate between the pages so a busy machine slows them alike.
const blocks = [
  ['default page (no block)', null],
  ['10,000-GPU block', providerBlock(10000)],
  ['100,000-GPU block (short entries, under the 8 MiB cap)', compactBlock(100000)],
];
const urls = blocks.map(([name, block], i) => (block ? pageWithBlock(pagePath, artifacts, 'bench-block-' + i, block) : null));
const perBlock = blocks.map(() => ({ first: [], catalog: [], state: [], refresh: [] }));
for (let i = 0; i < loads; i++) {
  for (let k = 0; k < blocks.length; k++) {
    const b = await launch({ fresh: true });
    try {
      await b.page.goto(urls[k] || pageUrl);
      await b.page.waitForFunction(() => window.__traincalcPerf && window.__traincalcPerf.frames >= 1, null, { timeout: 120000 });
      const p = await b.page.evaluate(() => window.__traincalcPerf);
      const r = perBlock[k];
      r.first.push(p.firstFrameMs); r.catalog.push(p.catalogMs ?? NaN); r.state.push(p.stateMs ?? NaN); r.refresh.push(p.refreshMs ?? NaN);
      if (i === loads - 1) {
        const t = await b.page.evaluate(() => JSON.parse(Module.UTF8ToString(Module._tc_bench(3))));
        r.bench = t;
      }
    } finally { await b.close(); }
  }
}
console.log();
console.log('| provider block | bytes | first frame | catalog parse + merge | state (link, storage) | first refresh (estimate, comparison) | one comparison, in the page |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
const med = (a) => { const v = a.filter((x) => !Number.isNaN(x)).sort((x, y) => x - y); return v.length ? v[v.length >> 1] : NaN; };
for (let k = 0; k < blocks.length; k++) {
  const r = perBlock[k];
  const bytes = blocks[k][1] ? blocks[k][1].length.toLocaleString('en') : '0';
  const cmp = r.bench ? `${(r.bench.compare_us / 1000).toFixed(1)} ms (${r.bench.gpus.toLocaleString('en')} GPUs)` : '';
  console.log(`| ${blocks[k][0]} | ${bytes} | ${stats(r.first)} | ${med(r.catalog).toFixed(0)} ms | ${med(r.state).toFixed(0)} ms | ${med(r.refresh).toFixed(0)} ms | ${cmp} |`);
}

