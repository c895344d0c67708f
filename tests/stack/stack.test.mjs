// traincalc — tests/stack/stack.test.mjs
// Issue 11: no input overflows the wasm stack. Runs against the stack-checked test build
// (build/web/traincalc-stackcheck.html: -sSTACK_OVERFLOW_CHECK=2 -sASSERTIONS=1), where every
// write of the stack pointer is checked against the stack's limits and an overflow aborts at
// once (the page then shows its crash message). Every entry point gets the hostile inputs: long
// strings, deep nesting, many keys, emoji, lone surrogates — through set(), setCatalog(), a pasted
// config.json, an imported file (the picker and a drop), and the URL hash (load and hashchange).
// Each input must leave the page running, with no page error, no crash message, and a measured
// peak stack use under the 256 KiB stack (the free stack is painted before and scanned after).
// A control shows the check is armed: ccall's on-stack string (the old bug) aborts here.
//
// usage: scripts/stack_check.sh   (builds the page, then runs this file with TRAINCALC_PAGE set)
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, pageUrl, pagePath, artifacts } from '../e2e/lib.mjs';
import { providerBlock, pageWithBlock } from '../../bench/provider_block.mjs';

const STACK_BYTES = 262144;   // -sTOTAL_STACK in CMakeLists.txt
const peaks = [];
after(() => {
  peaks.sort((a, b) => b.kib - a.kib);
  console.log('peak wasm stack use per input (KiB of 256):');
  for (const p of peaks) console.log(`  ${p.kib.toFixed(1).padStart(6)}  ${p.what}`);
});

// ---- Stack probes (page side): paint the free stack, later find the deepest byte written.
async function armed(page) {
  const r = await page.evaluate(() => ({
    ccall: typeof Module.ccall === 'function',
    end: typeof Module._emscripten_stack_get_end === 'function' ? Module._emscripten_stack_get_end() : 0,
    base: typeof Module._emscripten_stack_get_base === 'function' ? Module._emscripten_stack_get_base() : 0,
  }));
  assert.ok(r.ccall && r.end > 0 && r.base - r.end === STACK_BYTES,
    `this is the stack-checked build with a ${STACK_BYTES}-byte stack (TRAINCALC_PAGE=${pagePath}; got ${JSON.stringify(r)})`);
}
const paint = (page) => page.evaluate(() => {
  // [end, end + 16): Emscripten's stack cookie; below the current pointer nothing is live while
  // JS runs (no wasm frame is active), so the rest may be painted.
  const lo = Module._emscripten_stack_get_end() + 16, hi = Module._emscripten_stack_get_current() - 64;
  Module.HEAPU8.fill(0xa5, lo, hi);
});
const peak = (page) => page.evaluate(() => {
  const lo = Module._emscripten_stack_get_end() + 16, base = Module._emscripten_stack_get_base();
  const h = Module.HEAPU8;
  let a = lo;
  while (a < base && h[a] === 0xa5) a++;
  return base - a;
});

// One hostile input: paint, run it, then the page must be alive and the stack within its size.
async function probe(b, what, run) {
  await paint(b.page);
  const result = await run();
  await b.page.waitForTimeout(150);    // frames drawn after the change run on the same stack
  const used = await peak(b.page);
  peaks.push({ what, kib: used / 1024 });
  assert.ok(used < STACK_BYTES - 4096, `${what}: peak stack ${used} bytes of ${STACK_BYTES}`);
  const alive = await b.page.evaluate(() => ({
    crashed: document.getElementById('tc-message').classList.contains('show'),
    text: document.getElementById('tc-message').textContent,
    ok: window.traincalc.set({ micro_batch: 1 }),
  }));
  assert.equal(alive.crashed, false, `${what}: the page stopped: ${alive.text}`);
  assert.deepEqual(alive.ok, { ok: true }, `${what}: the page still answers`);
  assert.deepEqual(b.watch.errors, [], `${what}: no page error`);
  return result;
}

// A button of the semantics layer, pressed from the keyboard (the canvas takes the pointer).
async function press(page, name) {
  const el = page.getByRole('button', { name });
  await el.focus();
  await page.keyboard.press('Enter');
}
// ---- Inputs
const KB66 = 'x'.repeat(66000);
const deepArrays = (n) => '['.repeat(n) + ']'.repeat(n);
const deepObjects = (n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
const manyKeys = (n) => '{' + Array.from({ length: n }, (_, i) => `"k${i}":${i}`).join(',') + '}';
const EMOJI = '😀🚀🇨🇳👩‍💻'.repeat(1250);               // 5,000 emoji, some of them joined sequences
const LONE = '\ud800\udfff\udc00'.repeat(1000) + '\ud83d';   // lone surrogates (invalid UTF-16)
const config70k = JSON.stringify({
  architectures: ['LlamaForCausalLM'], hidden_size: 4096, intermediate_size: 11008, num_attention_heads: 32,
  num_hidden_layers: 32, num_key_value_heads: 32, vocab_size: 32000, max_position_embeddings: 4096,
  _name_or_path: 'y'.repeat(70000),
});
const scenarioWith = (extra) => JSON.stringify({ cards: 2, ...extra });

test('the page under test is the stack-checked build', async () => {
  const b = await launch();
  try { await open(b.page); await armed(b.page); } finally { await b.close(); }
});

test('control: a string on the wasm stack (ccall, the old bug) aborts with "stack overflow"', async () => {
  const b = await launch();
  try {
    await open(b.page);
    await armed(b.page);
    // ccall copies a 'string' argument onto the stack: 70,000 characters reserve 280,001 bytes.
    await b.page.evaluate((s) => { try { Module.ccall('tc_set_scenario', 'string', ['string'], [s]); } catch (e) { window.__caught = String(e); } },
      '{"model":"' + 'x'.repeat(70000) + '"}');
    await b.page.waitForSelector('#tc-message.show', { timeout: 5000 });
    const all = b.watch.errors.join('\n') + (await b.page.evaluate(() => window.__caught || ''));
    assert.match(all, /stack overflow/, `the checked build names the overflow (got ${all.slice(0, 300)})`);
  } finally { await b.close(); }
});

test('set(): long strings, deep nesting, many keys, emoji, lone surrogates', async () => {
  const b = await launch();
  try {
    await open(b.page);
    await armed(b.page);
    const set = (text) => b.page.evaluate((t) => window.traincalc.set(t), text);
    let r = await probe(b, 'set: 66 KB model id', () => set('{"model":"' + KB66 + '"}'));
    assert.equal(r.errors[0].field, 'model');
    r = await probe(b, 'set: 66 KB GPU name (custom card)', () => set(scenarioWith({ gpu: { name: KB66, memory_gib: 80, tflops_16bit: 300 } })));
    assert.ok(r.ok || r.errors, 'answered');
    r = await probe(b, 'set: 2 MB text', () => set('{"model":"' + 'x'.repeat(2 << 20) + '"}'));
    assert.ok(r.errors.length >= 1);
    r = await probe(b, 'set: 9 MB text (over the 8 MB cap)', () => set('{"model":"' + 'x'.repeat(9 << 20) + '"}'));
    assert.match(r.errors[0].message, /larger than 8 MB/);
    r = await probe(b, 'set: arrays nested 100,000 deep', () => set('{"model":' + deepArrays(100000) + '}'));
    assert.ok(r.errors.length >= 1);
    r = await probe(b, 'set: objects nested 100,000 deep', () => set(deepObjects(100000)));
    assert.ok(r.errors.length >= 1);
    r = await probe(b, 'set: 50,000 unknown keys', () => set(manyKeys(50000)));
    assert.ok(r.errors.length >= 1 && r.errors.length <= 101, `errors capped (${r.errors.length})`);
    r = await probe(b, 'set: 100,000-entry array value', () => set('{"cards":[' + Array(100000).fill(1).join(',') + ']}'));
    assert.ok(r.errors.length >= 1);
    r = await probe(b, 'set: 5,000 emoji as a card name', () => set(scenarioWith({ gpu: { name: EMOJI, memory_gib: 80, tflops_16bit: 300 } })));
    assert.ok(r.ok || r.errors);
    r = await probe(b, 'set: lone surrogates as a quote name', () => set(scenarioWith({ quotes: [{ name: LONE, price_per_card_hour: 10 }] })));
    assert.ok(r.ok || r.errors);
    await probe(b, 'copy report with the emoji card', async () => {
      await set(scenarioWith({ gpu: { name: EMOJI, memory_gib: 80, tflops_16bit: 300 } }));
      await press(b.page, /Copy report/);
    });
  } finally { await b.close(); }
});

test('setCatalog(): 400 and 10,000 GPUs, deep nesting, long names, over the cap', async () => {
  const b = await launch();
  try {
    await open(b.page);
    await armed(b.page);
    const setCat = (text) => b.page.evaluate((t) => window.traincalc.setCatalog(t), text);
    let r = await probe(b, 'setCatalog: 400 GPUs (118 KB)', () => setCat(providerBlock(400)));
    assert.deepEqual(r, { ok: true });
    r = await probe(b, 'setCatalog: 10,000 GPUs (1.6 MB)', () => setCat(providerBlock(10000)));
    assert.deepEqual(r, { ok: true });
    r = await probe(b, 'setCatalog: gpus nested 100,000 deep', () => setCat('{"gpus":' + deepArrays(100000) + '}'));
    assert.ok(r.errors.length >= 1);
    const longNames = '{"mode":"extend","gpus":[' + Array.from({ length: 100 }, (_, i) =>
      `{"id":"L${i}","name":"${'n'.repeat(66000)}","memory_gib":80,"tflops_16bit":300}`).join(',') + ']}';
    r = await probe(b, 'setCatalog: 100 GPUs with 66 KB names (6.6 MB)', () => setCat(longNames));
    assert.ok(r.ok || r.errors);
    r = await probe(b, 'setCatalog: 9 MB (over the cap)', () => setCat('{"gpus":[],"x":"' + 'x'.repeat(9 << 20) + '"}'));
    assert.ok(r.errors.length >= 1);
  } finally { await b.close(); }
});

test('config.json pasted and files imported (picker and drop): long, deep, over the cap', async () => {
  const b = await launch();
  try {
    await open(b.page);
    await armed(b.page);
    const paste = (text) => b.page.evaluate((t) => {
      const dt = new DataTransfer(); dt.setData('text/plain', t);
      window.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt }));
    }, text);
    await probe(b, 'paste: 70 KB config.json', () => paste(config70k));
    await probe(b, 'paste: config.json nested 100,000 deep', () => paste('{"hidden_size":' + deepArrays(100000) + '}'));
    await probe(b, 'paste: 2 MB config.json', () => paste('{"hidden_size":1,"x":"' + 'x'.repeat(2 << 20) + '"}'));
    const pick = async (name, text) => {
      const chooser = b.page.waitForEvent('filechooser');
      await press(b.page, 'Import JSON');
      await (await chooser).setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
      await b.page.waitForTimeout(300);
    };
    await probe(b, 'import: 70 KB scenario file', () => pick('s.json', scenarioWith({ model: KB66 })));
    await probe(b, 'import: 3.9 MB scenario file', () => pick('big.json', scenarioWith({ model: 'x'.repeat(3900000) })));
    await probe(b, 'import: scenario file nested 100,000 deep', () => pick('deep.json', deepObjects(100000)));
    await probe(b, 'import: invalid UTF-8 file', () => pick('bad.json', Buffer.concat([Buffer.from('{"model":"'), Buffer.alloc(70000, 0xff), Buffer.from('"}')]).toString('latin1')));
    await probe(b, 'drop: 70 KB config.json file', () => b.page.evaluate((t) => {
      const dt = new DataTransfer(); dt.items.add(new File([t], 'config.json', { type: 'application/json' }));
      document.getElementById('canvas').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
      return new Promise((r) => setTimeout(r, 300));
    }, config70k));
  } finally { await b.close(); }
});

test('URL hash: long, deep and over the cap, at load and on hashchange', async () => {
  const b = await launch();
  try {
    const h = (json) => '#s=' + Buffer.from(json).toString('base64url');
    const hashes = {
      'hash: 48 KB model id': h('{"model":"' + 'x'.repeat(48000) + '"}'),
      'hash: arrays nested 20,000 deep (54 KB)': h('{"model":' + deepArrays(20000) + '}'),
      'hash: 5,000 emoji as a card name': h(scenarioWith({ gpu: { name: '😀'.repeat(5000), memory_gib: 80, tflops_16bit: 300 } })),
      'hash: 1 MB (over the 64 KiB cap)': '#s=' + 'A'.repeat(1 << 20),
    };
    for (const [what, hash] of Object.entries(hashes)) {
      await b.page.goto('about:blank');
      await b.page.goto(pageUrl + hash);
      await b.page.waitForFunction(() => window.__traincalcPerf && window.__traincalcPerf.frames >= 1, null, { timeout: 20000 });
      await armed(b.page);
      // The load itself ran before the probe could paint: its peak is read from the unpainted
      // stack only as "not overflowed" (the check aborts); the hashchange below is measured.
      await probe(b, what + ' (hashchange)', () => b.page.evaluate((x) => { location.hash = x; }, hash + '&lang=en'));
    }
  } finally { await b.close(); }
});

test('a provider block of 10,000 GPUs and one of 100 GPUs with 66 KB names load', async () => {
  const b = await launch();
  try {
    const longNames = '{"mode":"extend","gpus":[' + Array.from({ length: 100 }, (_, i) =>
      `{"id":"L${i}","name":"${'n'.repeat(66000)}","memory_gib":80,"tflops_16bit":300}`).join(',') + ']}';
    for (const [what, block, gpu] of [['block: 10,000 GPUs', providerBlock(10000), 'P9999'],
      ['block: 100 GPUs with 66 KB names', longNames, 'L99']]) {
      await b.page.goto(pageWithBlock(pagePath, artifacts, 'stack-block', block));
      await b.page.waitForFunction(() => window.__traincalcPerf && window.__traincalcPerf.frames >= 1, null, { timeout: 60000 });
      await armed(b.page);
      const r = await probe(b, what + ', then set({gpu})', () => b.page.evaluate((g) => window.traincalc.set({ gpu: g }), gpu));
      assert.deepEqual(r, { ok: true }, `${what}: its last card is in the catalog`);
    }
  } finally { await b.close(); }
});
