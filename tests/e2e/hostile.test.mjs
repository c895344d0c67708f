// traincalc — tests/e2e/hostile.test.mjs
// Issue 11's page rows: what a visitor, a link or a provider sends cannot kill the page, run a
// script or lose a scenario. Each test failed on the page before the fix.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test, launch, open, settle, screenshot, reopen, pagePath, artifacts } from './lib.mjs';
import { providerBlock } from '../../bench/provider_block.mjs';

const MARKER = '{"mode": "extend", "gpus": [], "models": []}';
function pageWithBlock(name, block) {
  const html = readFileSync(pagePath, 'utf8');
  assert.ok(html.includes(MARKER), 'the page has its provider block');
  const file = join(artifacts, name + '.html');
  writeFileSync(file, html.replace(MARKER, block));
  return pathToFileURL(file).href;
}
async function openUrl(page, url) {
  await page.goto(url);
  await page.waitForFunction(() => window.__traincalcPerf && window.__traincalcPerf.frames >= 1, null, { timeout: 20000 });
  await page.evaluate(() => window.traincalc.ready);
}
// A button of the semantics layer, pressed from the keyboard (the canvas takes the pointer).
async function press(page, name) {
  const el = page.getByRole('button', { name });
  await el.focus();
  await page.keyboard.press('Enter');
}
const stillWorks = async (page) => {
  const r = await page.evaluate(() => window.traincalc.set({ cards: 3 }));
  assert.deepEqual(r, { ok: true }, 'the page still answers');
  assert.equal(await page.evaluate(() => window.traincalc.get().cards), 3);
};

test('texts of 66 KB to 2 MB through the API, a pasted config and setCatalog: answers, no crash', async () => {
  const b = await launch();
  try {
    await open(b.page);
    const long = await b.page.evaluate(() => window.traincalc.set('{"model":"' + 'x'.repeat(66000) + '"}'));
    assert.ok(long.errors && long.errors[0].field === 'model', 'a 66 KB model id is an error naming the field');
    const huge = await b.page.evaluate(() => window.traincalc.set('{"model":"' + 'x'.repeat(2 * 1024 * 1024) + '"}'));
    assert.ok(huge.errors && huge.errors.length >= 1, 'a 2 MB text is refused with an error');
    // 400 GPUs, about 118 KB: a provider's big catalog applies.
    const gpus = Array.from({ length: 400 }, (_, i) => ({ id: 'G' + i, name: 'Provider GPU number ' + i + ' with a long descriptive name', memory_gib: 80, tflops_16bit: 300 + i, nvlink_gbps: 600, compute_capability: 8.0, price_cny_per_hour: 10 + i / 10 }));
    const cat = await b.page.evaluate((g) => window.traincalc.setCatalog({ mode: 'extend', gpus: g }), gpus);
    assert.deepEqual(cat, { ok: true });
    assert.deepEqual(await b.page.evaluate(() => window.traincalc.set({ gpu: 'G399' })), { ok: true });
    await stillWorks(b.page);
    assert.deepEqual(b.watch.errors, []);
  } finally { await b.close(); }
});

test('onChange that sets the scenario does not recurse', async () => {
  const b = await launch();
  try {
    await open(b.page);
    const r = await b.page.evaluate(() => {
      let calls = 0;
      window.traincalc.onChange((s) => { calls++; window.traincalc.set({ cards: s.cards }); });
      const ok = window.traincalc.set({ cards: 5 });
      return { ok, calls };
    });
    assert.deepEqual(r.ok, { ok: true });
    assert.ok(r.calls >= 1 && r.calls <= 2, `called once or twice, not until the stack overflows (${r.calls})`);
    await stillWorks(b.page);
    assert.deepEqual(b.watch.errors, []);
  } finally { await b.close(); }
});

test('a provider block that closes itself and opens a script runs no script', async () => {
  const evil = '{"mode":"extend","gpus":[{"id":"X","name":"</script><script>window.__pwned=1</script>","memory_gib":80,"tflops_16bit":300}]}';
  const b = await launch();
  try {
    await b.page.goto(pageWithBlock('evil-block', evil));
    await b.page.waitForTimeout(3000);
    assert.equal(await b.page.evaluate(() => window.__pwned), undefined, 'the injected script did not run');
    // The page itself still runs (its own scripts are allowed by their hashes).
    await b.page.waitForFunction(() => window.__traincalcPerf && window.__traincalcPerf.frames >= 1, null, { timeout: 20000 });
  } finally { await b.close(); }
});

test('a saved scenario naming a GPU the provider lacks keeps the rest and asks for a card', async () => {
  const b = await launch();
  try {
    await open(b.page);
    await b.page.evaluate(() => window.traincalc.set({ gpu: 'H800', cards: 16, epochs: 7, seq_len: 4096 }));
    await settle(b.page);
    const saved = await b.page.evaluate(() => localStorage.getItem('traincalc.scenario'));
    // The provider's page: only its own cards (no H800).
    const block = JSON.stringify({ mode: 'replace', gpus: [{ id: 'P1', name: 'Provider P1', memory_gib: 80, tflops_16bit: 312, nvlink_gbps: 600, compute_capability: 8.0, price_cny_per_hour: 20 }], models: JSON.parse(await b.page.evaluate(() => JSON.stringify([]))) });
    const url = pageWithBlock('provider-no-h800', block.replace('"models":[]', '"models":[{"id":"qwen2.5-7b","name":"Qwen2.5 7B","params":7.62e9,"layers":28,"hidden":3584,"heads":28,"kv_heads":4,"ffn":18944,"vocab":152064,"context":131072}]'));
    await reopen(b, saved, () => openUrl(b.page, url));
    await settle(b.page);
    const s = await b.page.evaluate(() => window.traincalc.get());
    assert.equal(s.epochs, 7, 'the rest of the scenario is kept');
    assert.equal(s.seq_len, 4096);
    assert.equal(s.cards, 16);
    assert.match(await b.page.evaluate(() => window.traincalc.notice()), /H800/, 'the notice names the missing card');
    assert.equal(await b.page.evaluate(() => localStorage.getItem('traincalc.scenario')), saved, 'nothing overwritten before an edit');
  } finally { await b.close(); }
});

test('a full or blocked localStorage gives a notice on save; the page goes on', async () => {
  const b = await launch({ initScript: 'Storage.prototype.setItem = function () { throw new DOMException("full", "QuotaExceededError"); };' });
  try {
    await open(b.page);
    await b.page.evaluate(() => window.traincalc.set({ cards: 2 }));
    assert.match(await b.page.evaluate(() => window.traincalc.notice()), /refused to save|拒绝/);
    await stillWorks(b.page);
    assert.deepEqual(b.watch.errors, []);
  } finally { await b.close(); }
});

test('WebGL context lost, then restored: the page draws again', async () => {
  const b = await launch();
  try {
    await open(b.page);
    await settle(b.page);
    await b.page.evaluate(() => { window.__lose = document.getElementById('canvas').getContext('webgl2').getExtension('WEBGL_lose_context'); window.__lose.loseContext(); });
    await b.page.waitForTimeout(500);
    await b.page.evaluate(() => window.__lose.restoreContext());
    await b.page.waitForTimeout(800);
    const f0 = await b.page.evaluate(() => window.__traincalcPerf.frames);
    await b.page.evaluate(() => window.traincalc.set({ cards: 4 }));
    await settle(b.page);
    assert.ok(await b.page.evaluate(() => window.__traincalcPerf.frames) > f0, 'frames drawn after the restore');
    const ink = await screenshot(b.page, 'context-restored');
    assert.ok(ink.colours > 20 && ink.ink > 0.02, `the canvas is drawn again (colours ${ink.colours})`);
    assert.deepEqual(b.watch.errors.filter((e) => !/CONTEXT_LOST|context lost/i.test(e)), []);
  } finally { await b.close(); }
});

test('served with a host CSP without wasm-unsafe-eval: the page says WebAssembly is blocked', async () => {
  const { createServer } = await import('node:http');
  const html = readFileSync(pagePath);
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "script-src 'unsafe-inline'" });
    res.end(html);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const b = await launch();
  try {
    await b.page.goto(`http://127.0.0.1:${server.address().port}/traincalc.html`);
    await b.page.waitForSelector('#tc-message.show', { timeout: 15000 });
    assert.match(await b.page.textContent('#tc-message'), /WebAssembly/);
    assert.doesNotMatch(await b.page.textContent('#tc-message'), /WebGL 2 is not available/);
  } finally { await b.close(); server.close(); }
});

test('a trap inside the wasm shows a bilingual message with a reload, not a frozen page', async () => {
  const b = await launch();
  try {
    await open(b.page);
    // Fault injection: the next pointer event's call into the wasm traps, as a memory fault would.
    await b.page.evaluate(() => { Module._tc_pointer = () => { throw new WebAssembly.RuntimeError('memory access out of bounds'); }; });
    await b.page.mouse.move(300, 300);
    await b.page.mouse.move(310, 320);
    await b.page.waitForSelector('#tc-message.show', { timeout: 5000 });
    const text = await b.page.textContent('#tc-message');
    assert.match(text, /internal error/);
    assert.match(text, /内部错误/);
    await b.page.getByRole('button', { name: /Reload/ }).click();
    await b.page.waitForFunction(() => window.__traincalcPerf && window.__traincalcPerf.frames >= 1 && !document.querySelector('#tc-message.show'), null, { timeout: 20000 });
  } finally { await b.close(); }
});

test('a pasted 70 KB config.json and an imported 70 KB file: answered, the page goes on', async () => {
  const b = await launch();
  try {
    await open(b.page);
    const config = JSON.stringify({ architectures: ['LlamaForCausalLM'], hidden_size: 4096, intermediate_size: 11008,
      num_attention_heads: 32, num_hidden_layers: 32, num_key_value_heads: 32, vocab_size: 32000,
      max_position_embeddings: 4096, _name_or_path: 'y'.repeat(70000) });
    await b.page.evaluate((t) => {
      const dt = new DataTransfer(); dt.setData('text/plain', t);
      window.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt }));
    }, config);
    await settle(b.page);
    const s = await b.page.evaluate(() => window.traincalc.get());
    assert.equal(s.model.layers, 32, 'the pasted config.json became the model');
    assert.equal(s.model.hidden, 4096);
    // A scenario file of 70 KB through the import dialog: a 70 KB model id is an error naming the field.
    const chooser = b.page.waitForEvent('filechooser');
    await press(b.page, 'Import JSON');
    await (await chooser).setFiles({ name: 'scenario.json', mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ cards: 2, model: 'x'.repeat(70000) })) });
    await b.page.waitForFunction(() => /Import failed/.test(window.traincalc.notice()), null, { timeout: 5000 });
    assert.match(await b.page.evaluate(() => window.traincalc.notice()), /model/);
    assert.equal((await b.page.evaluate(() => window.traincalc.get())).model.layers, 32, 'the scenario is unchanged');
    await stillWorks(b.page);
    assert.deepEqual(b.watch.errors, []);
  } finally { await b.close(); }
});

test('a good link does not overwrite the saved scenario until the visitor edits', async () => {
  const b = await launch();
  try {
    await open(b.page);
    await b.page.evaluate(() => window.traincalc.set({ cards: 12, epochs: 5 }));
    await settle(b.page);
    const saved = await b.page.evaluate(() => localStorage.getItem('traincalc.scenario'));
    assert.match(saved, /"cards":12/);
    const link = '#s=' + Buffer.from(JSON.stringify({ cards: 3 })).toString('base64url');
    await reopen(b, saved, () => open(b.page, link));
    await settle(b.page);
    assert.equal((await b.page.evaluate(() => window.traincalc.get())).cards, 3, 'the link is shown');
    assert.equal(await b.page.evaluate(() => localStorage.getItem('traincalc.scenario')), saved, 'storage kept');
    await b.page.evaluate(() => window.traincalc.set({ cards: 4 }));
    await settle(b.page);
    assert.match(await b.page.evaluate(() => localStorage.getItem('traincalc.scenario')), /"cards":4/, 'an edit saves');
  } finally { await b.close(); }
});

test('a provider block over the 8 MiB cap: a notice naming the cap, the built-in cards, the page runs', async () => {
  const b = await launch();
  try {
    const block = '{"mode":"extend","gpus":[],"prices_date":"' + 'x'.repeat(9 * 1024 * 1024) + '"}';
    await openUrl(b.page, pageWithBlock('block-9mb', block));
    assert.match(await b.page.evaluate(() => window.traincalc.notice()), /too long: \d+ bytes, at most 8388608/);
    assert.equal((await b.page.evaluate(() => window.traincalc.get())).gpu, 'A100-80G');
    await stillWorks(b.page);
    assert.deepEqual(b.watch.errors, []);
  } finally { await b.close(); }
});

test('a provider block of 10,000 GPUs: the first frame comes before the comparison, which follows over frames', async () => {
  // The semantics the first frame published (the shell's window.traincalc, wrapped as it is set).
  const b = await launch({ initScript: `(() => { let api; Object.defineProperty(window, 'traincalc', { configurable: true,
    get() { return api; }, set(v) { const sem = v.__semantics; v.__semantics = function (j) { if (!window.__firstSem) window.__firstSem = j; return sem.apply(this, arguments); }; api = v; } }); })();` });
  try {
    await openUrl(b.page, pageWithBlock('block-10k', providerBlock(10000)));
    // At the first frame the comparison is still being made (kCompareStep GPUs a frame).
    const first = await b.page.evaluate(() => window.__firstSem || '');
    // The provider's 10,000 beside the built-in catalog's cards (its count is data: read, not written here).
    const total = 10000 + JSON.parse(readFileSync(new URL('../../assets/catalog.json', import.meta.url), 'utf8')).gpus.length;
    assert.match(first, new RegExp(`Comparing every GPU: 256 of ${total} done`), 'the first frame shows the progress, not a wait');
    await b.page.getByRole('button', { name: `Show every GPU (${total})` }).waitFor({ state: 'attached', timeout: 60000 });
    assert.deepEqual(await b.page.evaluate(() => window.traincalc.set({ gpu: 'P9999' })), { ok: true });
    assert.deepEqual(b.watch.errors, []);
  } finally { await b.close(); }
});
