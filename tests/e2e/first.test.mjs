// traincalc — tests/e2e/first.test.mjs
// Content first (issue 15, part 1): the default scenario's text is in the page before the wasm
// runs, written at build time by the real UI and core (tools/prerender.cpp).
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, launch, open, settle, pageUrl, pagePath, root, capture, decodePng, assertShown, runCli as run } from './lib.mjs';

// Opens `url` in a browser with scripts off (a new profile) and runs `fn(page)` on it.
async function withoutScripts(url, fn) {
  const dir = mkdtempSync(join(tmpdir(), 'traincalc-nojs-'));
  const ctx = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, javaScriptEnabled: false,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = ctx.pages()[0] || (await ctx.newPage());
    await page.goto(url);
    await fn(page);
  } finally { await ctx.close(); rmSync(dir, { recursive: true, force: true }); }
}

test('with scripts off the page is readable: the default results and inputs as text', async () => {
  await withoutScripts(pageUrl, async (page) => {
    const text = await page.textContent('#tc-pre');
    // Both languages (no script picks one), the headline values and the inputs.
    assert.match(text, /FLOPs/);
    assert.match(text, /Memory per card/);
    assert.match(text, /每卡显存/);
    assert.match(text, /Number of cards\s*1/);
    // A slider and the box that types its value are one field to a reader: one row each, the
    // slider's words ("25M tokens", "1 card"), not the box's "2.5e7" a second time.
    for (const label of ['Number of cards', 'Tokens per epoch', 'Parameters, billions', '每轮 token 数']) {
      assert.equal(text.split(label).length - 1, 1, `"${label}" is one row`);
    }
    assert.match(text, /Number of cards\s*1 card(?!s)/);
    assert.match(text, /Tokens per epoch\s*25M tokens/);
    assert.ok(await page.getByRole('heading', { name: 'Cost' }).count() >= 1, 'headings are real headings');
    const about = await page.textContent('#tc-about');
    assert.match(about, /Before renting GPUs/, 'the description in English');
    assert.match(about, /租用 GPU 微调/, 'and in Chinese');
  });
});

test('the prerendered text matches what the page then computes, and gives way to it', async () => {
  // What the visitor sees before the wasm runs, read as soon as the document is parsed.
  const b = await launch({ initScript: 'document.addEventListener("DOMContentLoaded", () => { const p = document.getElementById("tc-pre"); window.__preText = p ? p.innerText : ""; window.__preClass = p ? p.className : "gone"; });' });
  try {
    await open(b.page);
    const preText = await b.page.evaluate(() => window.__preText);
    assert.ok(preText && preText.length > 200, 'text was on the page before the first frame');
    assert.equal(await b.page.evaluate(() => window.__preClass), '', 'the numbers, not a skeleton (the provider block is the empty one)');
    await settle(b.page);
    assert.equal(await b.page.locator('#tc-pre').isVisible(), false, 'replaced by the live page (kept hidden: its [Snapshot])');
    const e = await b.page.evaluate(() => window.traincalc.estimate());
    const cost = await b.page.evaluate(() => document.querySelector('#tc-sem').textContent);
    // The same headline as the live page: its total cost string appears in both.
    const m = /¥[\d,]+/.exec(cost);
    assert.ok(m && preText.includes(m[0]), `the prerendered cost ${m && m[0]} is the live one (total ${e.cost.total})`);
    assert.doesNotMatch(preText, /每卡显存/, 'one language only (the browser\'s)');
  } finally { await b.close(); }
});

test('a link to another scenario shows a skeleton, never the default numbers', async () => {
  const b = await launch({ initScript: 'window.__preClass = null; document.addEventListener("DOMContentLoaded", () => { const p = document.getElementById("tc-pre"); window.__preClass = p ? p.className : "gone"; });' });
  try {
    await b.page.goto(pageUrl + '#s=' + Buffer.from(JSON.stringify({ cards: 8 })).toString('base64url'));
    await b.page.waitForFunction(() => window.__preClass !== null, null, { timeout: 10000 });
    const cls = await b.page.evaluate(() => window.__preClass);
    assert.ok(cls === 'skeleton' || cls === 'gone', `skeleton while loading (${cls})`);
  } finally { await b.close(); }
});

// A GPU provider's copy of the page: its cards in the block (README "Embedding it").
const PROVIDER = { mode: 'extend', only_provider: true, gpus: [
  { id: 'acme-4090', name: 'RTX 4090 24G (Acme)', memory_gib: 24, tflops_16bit: 165.2, tdp_w: 450, price_cny_per_hour: 1.98, price_cny_per_day: 42, price_cny_per_month: 1100 },
  { id: 'acme-a800', name: 'A800 80G (Acme)', memory_gib: 80, tflops_16bit: 312, nvlink_gbps: 400, tdp_w: 400, price_cny_per_hour: 7.5, price_cny_per_day: 168, price_cny_per_month: 4300 }] };

test('a provider\'s page: a skeleton while loading, then its own card at its price (the CLI\'s with its catalog); a link keeps its card', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'traincalc-provider-'));
  const b = await launch({ initScript: 'window.__preClass = null; document.addEventListener("DOMContentLoaded", () => { const p = document.getElementById("tc-pre"); window.__preClass = p ? p.className : "gone"; });' });
  try {
    const html = readFileSync(pagePath, 'utf8');
    const write = (name, block) => {
      const out = html.replace(/(<script type="application\/json" id="traincalc-catalog">)[\s\S]*?(<\/script>)/, (m, a, c) => a + JSON.stringify(block) + c);
      assert.notEqual(out, html, 'the page has the provider block');
      writeFileSync(join(dir, name), out);
      writeFileSync(join(dir, name + '.json'), JSON.stringify(block));
      return pathToFileURL(join(dir, name)).href;
    };
    const cases = [
      ['only.html', PROVIDER, '', 'acme-4090', 'RTX 4090 24G (Acme)'],       // only its cards: the first
      ['named.html', { ...PROVIDER, default_gpu: 'acme-a800' }, '', 'acme-a800', 'A800 80G (Acme)'],
      ['only.html', PROVIDER, '#s=' + Buffer.from(JSON.stringify({ gpu: 'H800' })).toString('base64url'), 'H800', null], // a link names one
    ];
    for (const [name, block, hash, gpu, cardName] of cases) {
      const url = write(name, block);
      await open(b.page, hash, { url });
      assert.equal(await b.page.evaluate(() => window.__preClass), 'skeleton', `${name}${hash}: the default's numbers are not this page's`);
      await settle(b.page);
      const s = await b.page.evaluate(() => window.traincalc.get());
      assert.equal(s.gpu, gpu, `${name}${hash}: starts on ${gpu}`);
      assert.equal(await b.page.evaluate(() => window.traincalc.notice()), '', 'no notice');
      if (!cardName) continue;
      // The results are the CLI's for the same scenario and catalog: its cost, drawn as the cost's figure.
      const report = run(['estimate', '--text', '--catalog', join(dir, name + '.json')], s);
      assert.ok(report.startsWith(`# Training estimate: Qwen2.5 7B, LoRA, 1 × ${cardName}\n`), 'the CLI names the card');
      const cost = /\| Cost \(hourly\) \| (¥[\d,.]+)[ |]/.exec(report); // "¥27.72 — does not fit, …" on the 4090
      assert.ok(cost, `the CLI's cost in ${report.slice(0, 400)}`);
      await assertShown(b.page, [cost[1]], `${name}: the cost`);
      const title = b.page.getByText(new RegExp(`· ${cardName.replace(/[()]/g, '\\$&')} ×\\s1$`)).filter({ visible: true });
      assert.equal(await title.count(), 1, `${name}: the results are for ${cardName}`);
    }
    assert.deepEqual(b.watch.errors, []);
  } finally { await b.close(); rmSync(dir, { recursive: true, force: true }); }
});

test('a hand-edited provider block with a broken entry: the notice says the entry is left out, the good ones apply', async () => {
  // A provider's tester: a card without memory_gib got "the built-in entries are used for them", but
  // that card has no built-in entry: it is simply left out.
  const dir = mkdtempSync(join(tmpdir(), 'traincalc-provider-bad-'));
  const b = await launch();
  try {
    const block = { mode: 'extend', gpus: [
      { id: 'YX-L20', name: 'L20 48G (hand-edited)', tflops_16bit: 119.5, price_cny_per_hour: 3.2 },
      { id: 'YX-A800', name: 'A800 80G (hand-edited)', memory_gib: 80, tflops_16bit: 312, price_cny_per_hour: 7.5 }] };
    const html = readFileSync(pagePath, 'utf8');
    const out = html.replace(/(<script type="application\/json" id="traincalc-catalog">)[\s\S]*?(<\/script>)/, (m, a, c) => a + JSON.stringify(block) + c);
    assert.notEqual(out, html, 'the page has the provider block');
    writeFileSync(join(dir, 'bad.html'), out);
    await open(b.page, '#lang=en', { url: pathToFileURL(join(dir, 'bad.html')).href });
    await settle(b.page);
    const notice = await b.page.evaluate(() => window.traincalc.notice());
    assert.ok(notice.startsWith("The page's GPU catalog has errors; those entries are left out (a built-in card of the same id keeps its built-in figures)"), notice);
    assert.match(notice, /memory_gib/, 'the field is named');
    assert.equal((await b.page.evaluate(() => window.traincalc.set({ gpu: 'YX-A800' }))).ok, true, 'the good entry applies');
    const r = await b.page.evaluate(() => window.traincalc.set({ gpu: 'YX-L20' }));
    assert.ok(r.errors && r.errors[0].field === 'gpu', 'the broken entry is not in the catalog: ' + JSON.stringify(r));
    assert.deepEqual(b.watch.errors, []);
  } finally { await b.close(); rmSync(dir, { recursive: true, force: true }); }
});

// scripts/provider_page.py: the provider's block put into the page and the page's first text
// rendered with it (README "Embedding it"), so a provider's page is content first too.
test('a provider\'s page made by scripts/provider_page.py: its card at its price before the program runs, and with scripts off; a block edited afterwards gets the skeleton', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'traincalc-provider-page-'));
  const initScript = 'window.__preClass = null; document.addEventListener("DOMContentLoaded", () => { const p = document.getElementById("tc-pre"); window.__preText = p ? p.innerText : ""; window.__preClass = p ? p.className : "gone"; });';
  const b = await launch({ initScript });
  try {
    const blockPath = join(dir, 'acme.json'), out = join(dir, 'acme.html');
    // As a provider writes it: indented, CRLF line ends, a name holding "</script>".
    const block = { ...PROVIDER, default_gpu: 'acme-a800' };
    block.gpus = block.gpus.map((g) => (g.id === 'acme-a800' ? { ...g, name: 'A800 80G (Acme) </script>' } : g));
    writeFileSync(blockPath, JSON.stringify(block, null, 2).replace(/\n/g, '\r\n'));
    const py = (args) => execFileSync('python3', [join(root, 'scripts', 'provider_page.py'), ...args], { encoding: 'utf8', stdio: 'pipe' });
    py([blockPath, '--out', out]);
    const cardName = 'A800 80G (Acme) </script>';
    const report = run(['estimate', '--text', '--catalog', blockPath], { gpu: 'acme-a800' });
    const md = cardName.replace('<', '&lt;').replace('>', '&gt;');  // the report is Markdown: its text escaped
    assert.ok(report.startsWith(`# Training estimate: Qwen2.5 7B, LoRA, 1 × ${md}\n`), `the CLI names the card: ${report.slice(0, 120)}`);
    const cost = /\| Cost \(hourly\) \| (¥[\d,.]+)[ |]/.exec(report)[1];

    // Scripts on: the text, not a skeleton, is the provider's card at its price; the program agrees.
    await open(b.page, '', { url: pathToFileURL(out).href });
    assert.equal(await b.page.evaluate(() => window.__preClass), '', 'the text, not a skeleton: it was rendered with this block');
    const preText = (await b.page.evaluate(() => window.__preText)).replace(/\u00a0/g, ' ');  // the title's × keeps its count
    assert.ok(preText.includes(`${cardName} × 1`), `the text names the provider's card: ${preText.slice(0, 300)}`);
    assert.ok(preText.includes(cost), `the text shows the CLI's cost ${cost}`);
    await settle(b.page);
    assert.equal(await b.page.evaluate(() => window.traincalc.get().gpu), 'acme-a800');
    assert.equal(await b.page.evaluate(() => window.traincalc.notice()), '', 'the block loads without a notice');
    await assertShown(b.page, [cost], 'the program\'s cost');

    // Scripts off: the same text is what shows (both languages; no built-in card's numbers).
    await withoutScripts(pathToFileURL(out).href, async (page) => {
      const text = (await page.textContent('#tc-pre')).replace(/\u00a0/g, ' ');
      assert.ok(text.includes(`${cardName} × 1`) && text.includes(cost), 'scripts off: the provider\'s card and cost');
      assert.doesNotMatch(text, /A100/, 'scripts off: no built-in default card');
    });

    // A block edited by hand after the text was rendered: the text is no longer this page's.
    const edited = join(dir, 'edited.html');
    const html = readFileSync(out, 'utf8');
    writeFileSync(edited, html.replace('"price_cny_per_hour": 7.5', '"price_cny_per_hour": 9'));
    assert.notEqual(readFileSync(edited, 'utf8'), html, 'the block was edited');
    await open(b.page, '', { url: pathToFileURL(edited).href });
    assert.equal(await b.page.evaluate(() => localStorage.getItem('traincalc.scenario')), null, 'no saved scenario: the block alone decides');
    assert.equal(await b.page.evaluate(() => window.__preClass), 'skeleton', 'an edited block: the skeleton');

    // A block the page would load with errors is refused, each error said, and nothing is written.
    writeFileSync(blockPath, JSON.stringify({ gpus: [{ id: 'x', name: 'X' }] }));
    rmSync(out);
    assert.throws(() => py([blockPath, '--out', out]), (e) =>
      e.stderr.includes(`traincalc_prerender: ${blockPath}: gpus[0] (id "x"): memory_gib is required`) &&
      e.stderr.includes('the block has errors (above); nothing written'));
    assert.equal(existsSync(out), false, 'nothing written');
    assert.deepEqual(b.watch.errors, []);
  } finally { await b.close(); rmSync(dir, { recursive: true, force: true }); }
});

test('system fonts: a character no UI string has (龘, typed as a provider name) is drawn, not "?"', async () => {
  const b = await launch({ locale: 'zh-CN' });
  try {
    await open(b.page);
    const quotes = b.page.getByRole('button', { name: '比较最多三家报价' });
    if (await quotes.getAttribute('aria-expanded') !== 'true') { await quotes.focus(); await b.page.keyboard.press('Enter'); }
    const field = b.page.getByRole('textbox', { name: '服务商 1', exact: true });
    await field.waitFor({ state: 'attached' });
    // Dark pixels drawn by the canvas inside the box (the DOM input is transparent when not focused).
    const ink = async (text) => {
      await field.click();
      await b.page.keyboard.press('Control+A');
      await b.page.keyboard.insertText(text);
      await b.page.keyboard.press('Tab');
      await settle(b.page);
      const r = await field.boundingBox();
      const png = decodePng(await capture(b.page, { clip: { x: r.x + 4, y: r.y + 2, width: Math.min(120, r.width - 8), height: r.height - 4 } }));
      let dark = 0;
      for (let i = 0; i < png.data.length; i += png.bpp) if (png.data[i] + png.data[i + 1] + png.data[i + 2] < 300) dark++;
      return dark;
    };
    const question = await ink('????');
    const rare = await ink('龘龘龘龘');
    assert.equal((await b.page.evaluate(() => window.traincalc.get().quotes[0].name)), '龘龘龘龘');
    assert.ok(rare > question * 2, `the rare character is drawn from the system font (${rare} dark pixels against ${question} for "????")`);
  } finally { await b.close(); }
});

test('system fonts at start-up: only the glyphs of the first screen; a switch to Chinese draws its text, not "?"', async () => {
  // The memory chart's legend is drawn text outside the semantics layer: after a switch its
  // Chinese labels must come from the re-made atlas. Its ink, switched, against a Chinese load.
  const legendInk = async (page) => {
    await settle(page);
    const h = await page.getByRole('heading', { name: '每卡显存构成' }).boundingBox();
    const png = decodePng(await capture(page, { clip: { x: h.x, y: h.y + h.height + 40, width: 600, height: 40 } }));
    let dark = 0;
    for (let i = 0; i < png.data.length; i += png.bpp) if (png.data[i] + png.data[i + 1] + png.data[i + 2] < 300) dark++;
    return dark;
  };
  const en = await launch({ locale: 'en-US' });
  const zh = await launch({ locale: 'zh-CN' });
  try {
    await open(en.page);
    const atStart = await en.page.evaluate(() => window.__traincalcPerf.rasterGlyphs);
    // English: the ASCII and symbols the first screen shows (body and headline fonts; 224 when the
    // atlas held all of them, 840 with the Chinese ones).
    assert.ok(atStart < 160, `glyphs rasterised at start-up in English: ${atStart}`);
    const button = en.page.getByRole('button', { name: '中文' });
    await button.focus();
    await en.page.keyboard.press('Enter');
    await en.page.getByRole('heading', { name: '每卡显存构成' }).waitFor({ state: 'attached' });
    // The page's own heading follows the switch (a Chinese screen reader heard it in English).
    assert.equal(await en.page.getByRole('heading', { level: 1, name: 'traincalc — 大模型训练算力与租卡成本估算', exact: true }).count(), 1);
    const switched = await legendInk(en.page);
    const added = (await en.page.evaluate(() => window.__traincalcPerf.rasterGlyphs)) - atStart;
    assert.ok(added > 100, `the switch rasterised the Chinese characters on screen (${added})`);
    await open(zh.page);
    const zhStart = await zh.page.evaluate(() => window.__traincalcPerf.rasterGlyphs);
    // Chinese: the first screen's characters, not the UI's ~800 (845 glyphs before).
    assert.ok(zhStart < 450, `glyphs rasterised at start-up in Chinese: ${zhStart}`);
    const direct = await legendInk(zh.page);
    assert.ok(direct > 200, `the legend has ink (${direct})`);
    assert.ok(Math.abs(switched - direct) <= direct * 0.03, `the legend after the switch (${switched} dark pixels) as in a Chinese load (${direct})`);
  } finally { await en.close(); await zh.close(); }
});

test('system fonts below the first screen: scrolled into view, Chinese headings are drawn, not blank', async () => {
  const b = await launch({ locale: 'zh-CN', size: 'phone' });
  try {
    await open(b.page);
    const atStart = await b.page.evaluate(() => window.__traincalcPerf.rasterGlyphs);
    const viewH = await b.page.evaluate(() => window.innerHeight);
    // Every heading twin of the page, scrolled into view one by one: the canvas draws its text.
    const headings = await b.page.locator('.tw-heading').all();
    let checked = 0;
    for (const h of headings) {
      const name = (await h.textContent()).trim();
      if (!/[\u4e00-\u9fff]/.test(name)) continue;
      await b.page.evaluate((el) => el.scrollIntoView({ block: 'center' }), await h.elementHandle());
      await settle(b.page);
      const r = await h.boundingBox();
      if (!r || r.y < 0 || r.y + r.height > viewH) continue;
      const png = decodePng(await capture(b.page, { clip: { x: r.x, y: r.y, width: Math.min(r.width, 300), height: r.height } }));
      let dark = 0;
      for (let i = 0; i < png.data.length; i += png.bpp) if (png.data[i] + png.data[i + 1] + png.data[i + 2] < 300) dark++;
      // A Chinese character at 17 px on a 3x phone is hundreds of device pixels of ink; a
      // placeholder would leave the box blank.
      assert.ok(dark > 100, `heading "${name}" has ink when scrolled into view (${dark} dark pixels)`);
      checked++;
    }
    assert.ok(checked >= 5, `headings checked: ${checked}`);
    const after = await b.page.evaluate(() => window.__traincalcPerf.rasterGlyphs);
    assert.ok(after > atStart, `scrolling rasterised the characters it showed (${atStart} -> ${after})`);
  } finally { await b.close(); }
});

// The wasm is LZMA-packed (web/lzma_decode.js) and compiled as it is decoded
// (WebAssembly.compileStreaming). A browser without streaming compilation decodes it whole first.
for (const streaming of [true, false]) {
  test(`the packed wasm starts the page ${streaming ? 'through a streaming compile' : 'without streaming compilation (decoded whole, then compiled)'}`, async () => {
    const b = await launch({ initScript: streaming ? null : 'delete WebAssembly.compileStreaming;' });
    try {
      await open(b.page);
      await settle(b.page);
      const perf = await b.page.evaluate(() => ({ bytes: window.__traincalcPerf.wasmBytes, decodeMs: window.__traincalcPerf.decodeMs,
        streaming: typeof WebAssembly.compileStreaming === 'function' }));
      assert.equal(perf.streaming, streaming);
      assert.ok(perf.bytes > 100000, `the wasm decoded (${perf.bytes} bytes)`);
      assert.ok(perf.decodeMs > 0, 'the decode was timed');
      // The page computes: a person's edit (a click, then typing) changes the estimate.
      const box = b.page.getByRole('textbox', { name: 'Epochs', exact: true });
      await box.click();
      await b.page.keyboard.press('Control+A');
      await b.page.keyboard.type('3');
      await b.page.keyboard.press('Enter');
      await settle(b.page);
      assert.equal((await b.page.evaluate(() => window.traincalc.get())).epochs, 3);
      assert.deepEqual(b.watch.errors, []);
      assert.deepEqual(b.watch.requests, []);
    } finally { await b.close(); }
  });
}

// An English visitor's first paint lays out no Chinese character: loading a CJK font for one (the
// page's description is written in both languages) cost that paint ~30 ms. Each visitor keeps the
// description in their language, for screen readers; with scripts off both stay.
for (const [locale, lang, mine, other] of [['en-US', 'en', /Before renting GPUs/, /[\u4e00-\u9fff]/], ['zh-CN', 'zh-CN', /租用 GPU 微调/, /Before renting GPUs/]]) {
  test(`a ${locale} visitor's page holds the description in ${lang} only, and no other language's text is laid out`, async () => {
    // Read as the document is parsed, before the program runs: once the canvas takes over, #tc-pre
    // is display:none and its innerText is its whole text, both languages (the fresh clone at
    // b9684a6 read it after a fast first frame: the Chinese text, for an English visitor).
    const b = await launch({ locale, initScript: 'document.addEventListener("DOMContentLoaded", () => { window.__early = { lang: document.documentElement.lang, about: document.getElementById("tc-about").innerText, pre: document.getElementById("tc-pre").innerText }; });' });
    try {
      await open(b.page, '', { waitReady: false });
      // innerText: what is laid out (the other language stays in the DOM, hidden, for a saved copy).
      const early = await b.page.evaluate(() => window.__early);
      assert.equal(early.lang, lang);
      assert.match(early.about, mine);
      assert.doesNotMatch(early.about, other);
      if (lang === 'en') assert.doesNotMatch(early.pre, /[\u4e00-\u9fff]/, 'the prerendered results in English only');
      await b.page.waitForFunction(() => window.__traincalcPerf && window.__traincalcPerf.frames >= 1, null, { timeout: 20000 });
      assert.match(await b.page.evaluate(() => document.getElementById('tc-about').innerText), mine);
      assert.deepEqual(b.watch.errors, []);
    } finally { await b.close(); }
  });
}
