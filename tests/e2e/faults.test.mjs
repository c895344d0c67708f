// traincalc — tests/e2e/faults.test.mjs
// Bad input never breaks the page: damaged links, damaged storage, a broken provider catalog,
// no WebGL. Each: the page loads (or shows its HTML message), no page error, a visible notice,
// nothing injected into the DOM, and the last good scenario is not overwritten.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test, launch, open, settle, screenshot, reopen, pageUrl, pagePath, artifacts } from './lib.mjs';

// The page's own elements outside the semantics layer (whose twins follow what is drawn, e.g. a
// notice) and its text snapshot (#tc-pre: the same rows as text), and inside them only the element
// kinds each makes: text goes in as text, never markup.
const domShape = () => ({
  elements: Array.from(document.getElementsByTagName('*')).filter((e) => !e.closest('#tc-sem') && !e.closest('#tc-pre')).length,
  scripts: document.scripts.length,
  foreign: Array.from(document.querySelectorAll('#tc-sem *')).filter((e) => !/^(BUTTON|H2|H3|P|DIV|INPUT)$/.test(e.tagName)).length +
    Array.from(document.querySelectorAll('#tc-pre *')).filter((e) => !/^(H2|H3|P|SPAN|B|DIV)$/.test(e.tagName)).length,
  injected: !!window.__pwned,
});

const BAD_HASHES = {
  garbage: '#s=%%%not-base64%%%',
  'valid base64, not JSON': '#s=' + Buffer.from('hello, world').toString('base64url'),
  'JSON with wrong types': '#s=' + Buffer.from(JSON.stringify({ cards: 'many', epochs: -3, gpu: 42 })).toString('base64url'),
  'invalid UTF-8': '#s=' + Buffer.from([0xff, 0xfe, 0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d]).toString('base64url'),
  'script-bearing': '#s=' + Buffer.from(JSON.stringify({ model: '<img src=x onerror="window.__pwned=1">', gpu: '<script>window.__pwned=1</script>' })).toString('base64url') + '&lang=<script>window.__pwned=1</script>',
  'huge (1 MB)': '#s=' + 'A'.repeat(1024 * 1024),
};

for (const [name, hash] of Object.entries(BAD_HASHES)) {
  test(`a damaged link (${name}) gives a notice and keeps the saved scenario`, async () => {
    const b = await launch();
    try {
      await open(b.page);
      await b.page.evaluate(() => window.traincalc.set({ cards: 12, gpu: 'H800' }));
      await settle(b.page);
      const saved = await b.page.evaluate(() => localStorage.getItem('traincalc.scenario'));
      const shape = await b.page.evaluate(domShape);
      assert.match(saved, /"cards":12/, 'the edit is saved');
      await reopen(b, saved, () => open(b.page, hash));
      await settle(b.page);
      const notice = await b.page.evaluate(() => window.traincalc.notice());
      assert.match(notice, /damaged|损坏/, `a visible notice (got "${notice}")`);
      const s = await b.page.evaluate(() => window.traincalc.get());
      assert.equal(s.cards, 12, 'the last good scenario is shown');
      assert.equal(await b.page.evaluate(() => localStorage.getItem('traincalc.scenario')), saved, 'storage is not overwritten');
      // The text snapshot (#tc-pre) is rewritten after a change: waited for, so what it writes is checked too.
      await b.page.waitForFunction(() => {
        const stamp = document.getElementById('tc-pre').getAttribute('data-tc-scenario');
        return stamp !== null && JSON.stringify(JSON.parse(stamp)) === JSON.stringify(window.traincalc.get());
      }, null, { timeout: 10000 });
      assert.deepEqual(await b.page.evaluate(domShape), shape, 'nothing injected into the DOM');
      const ink = await screenshot(b.page, `fault-hash-${name.replace(/[^a-z0-9]+/gi, '-')}`);
      assert.ok(ink.colours > 20, 'the page still draws');
      assert.deepEqual(b.watch.errors, []);
      assert.deepEqual(b.watch.requests, []);
    } finally { await b.close(); }
  });
}

test('a hash changed to garbage while open keeps the scenario and shows a notice', async () => {
  const b = await launch();
  try {
    await open(b.page);
    await b.page.evaluate(() => window.traincalc.set({ cards: 6 }));
    await b.page.evaluate(() => { location.hash = '#s=@@@'; });
    await b.page.waitForFunction(() => /damaged|损坏/.test(window.traincalc.notice()), null, { timeout: 5000 });
    assert.equal(await b.page.evaluate(() => window.traincalc.get().cards), 6);
    // A good link after it applies, and the damaged link's notice goes with it.
    const good = '#s=' + Buffer.from(JSON.stringify({ cards: 9 })).toString('base64url');
    await b.page.evaluate((h) => { location.hash = h; }, good);
    await b.page.waitForFunction(() => window.traincalc.get().cards === 9, null, { timeout: 5000 });
    assert.equal(await b.page.evaluate(() => window.traincalc.notice()), '');
    assert.deepEqual(b.watch.errors, []);
  } finally { await b.close(); }
});

test('corrupted localStorage gives the defaults and a notice, and is kept until an edit', async () => {
  const garbage = '{"cards": 8, "epochs": "three", ' + '\u0000'.repeat(3) + 'xx';
  const b = await launch({ initScript: `try { if (!sessionStorage.getItem('seeded')) { localStorage.setItem('traincalc.scenario', ${JSON.stringify(garbage)}); sessionStorage.setItem('seeded', '1'); } } catch (e) {}` });
  try {
    await open(b.page);
    await settle(b.page);
    const notice = await b.page.evaluate(() => window.traincalc.notice());
    assert.match(notice, /damaged|损坏/);
    assert.equal(await b.page.evaluate(() => localStorage.getItem('traincalc.scenario')), garbage, 'not overwritten before an edit');
    const s = await b.page.evaluate(() => window.traincalc.get());
    assert.ok(s.cards >= 1);
    const ink = await screenshot(b.page, 'fault-storage');
    assert.ok(ink.colours > 20);
    assert.deepEqual(b.watch.errors, []);
  } finally { await b.close(); }
});

test('junk saved as the language is ignored: a Chinese browser opens in Chinese, text first and canvas alike', async () => {
  // "klingon" (or a script) under traincalc.lang made a Chinese browser's page English, its notice too.
  for (const junk of ['klingon', '<img src=x onerror=alert(2)>', 'z']) {
    const b = await launch({ locale: 'zh-CN', initScript: `try { localStorage.setItem('traincalc.lang', ${JSON.stringify(junk)}); } catch (e) {}` });
    try {
      b.page.on('dialog', (d) => { b.watch.errors.push(`dialog: ${d.message()}`); d.dismiss(); });
      await b.page.goto(pageUrl);
      assert.equal(await b.page.evaluate(() => document.documentElement.lang), 'zh-CN', `${junk}: the text first is Chinese`);
      await open(b.page);
      await settle(b.page);
      assert.equal(await b.page.evaluate(() => document.documentElement.lang), 'zh-CN', `${junk}: the drawn page is Chinese`);
      assert.equal(await b.page.getByRole('combobox', { name: 'GPU 型号', exact: true }).count(), 1, `${junk}: its controls are named in Chinese`);
      assert.deepEqual(b.watch.errors, []);
    } finally { await b.close(); }
  }
});

test('a malformed provider catalog block gives a notice and the built-in catalog', async () => {
  const html = readFileSync(pagePath, 'utf8');
  const marker = '{"mode": "extend", "gpus": [], "models": []}';
  assert.ok(html.includes(marker), 'the page carries the provider catalog block');
  const broken = html.replace(marker, '{"mode": "extend", "gpus": [{"id": "X1", "name": "Broken", "memory_gib": "lots"}, {"id": "OK-1", "name": "Fine card", "memory_gib": 48, "tflops_16bit": 200}], ');
  const file = join(artifacts, 'broken-catalog.html');
  writeFileSync(file, broken);
  const b = await launch();
  try {
    await b.page.goto(pathToFileURL(file).href);
    await b.page.waitForFunction(() => window.__traincalcPerf && window.__traincalcPerf.frames >= 1, null, { timeout: 20000 });
    const notice = await b.page.evaluate(() => window.traincalc.notice());
    assert.match(notice, /catalog|目录/i);
    const e = await b.page.evaluate(() => window.traincalc.estimate());
    assert.ok(e.time.compute_hours > 0, 'estimates still work');
    assert.deepEqual(b.watch.errors, []);
  } finally { await b.close(); }
});

test('a provider catalog block that is valid changes the prices', async () => {
  const html = readFileSync(pagePath, 'utf8');
  const marker = '{"mode": "extend", "gpus": [], "models": []}';
  const custom = html.replace(marker, JSON.stringify({ mode: 'extend', gpus: [{ id: 'A100-80G', name: 'A100 80G (our price)', memory_gib: 80, tflops_16bit: 312, nvlink_gbps: 600, compute_capability: 8.0, price_cny_per_hour: 1.0, price_cny_per_day: 0, price_cny_per_month: 0 }] }));
  const file = join(artifacts, 'provider-catalog.html');
  writeFileSync(file, custom);
  const b = await launch();
  try {
    await b.page.goto(pathToFileURL(file).href);
    await b.page.waitForFunction(() => window.__traincalcPerf && window.__traincalcPerf.frames >= 1, null, { timeout: 20000 });
    const e = await b.page.evaluate(() => { window.traincalc.set({ gpu: 'A100-80G', cards: 1 }); return window.traincalc.estimate(); });
    assert.equal(await b.page.evaluate(() => window.traincalc.notice()), '');
    const hourly = e.cost.plans.find((p) => p.plan === 'hourly');
    assert.ok(hourly && hourly.total > 0);
    assert.ok(Math.abs(e.cost.total - hourly.total) < 1e-9 || e.cost.total <= hourly.total);
    assert.deepEqual(b.watch.errors, []);
  } finally { await b.close(); }
});

test('without WebGL the page shows its HTML message and raises no error', async () => {
  const b = await launch({ initScript: 'delete window.WebGL2RenderingContext;' });
  try {
    await open(b.page, '', { waitReady: false });
    await b.page.waitForSelector('#tc-message.show', { timeout: 10000 });
    const text = await b.page.textContent('#tc-message');
    assert.match(text, /WebGL 2/);
    assert.match(text, /浏览器/);
    assert.deepEqual(b.watch.errors, []);
    assert.deepEqual(b.watch.requests, []);
  } finally { await b.close(); }
});

// A browser that has WebGL2 but gives the page no context (a GPU on the browser's blocklist,
// acceleration turned off): the page's own message, naming the cause, over its text.
test('a browser that gives no WebGL2 context shows the page\'s message, in both languages', async () => {
  const b = await launch({ initScript: `(() => { const get = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (kind, attrs) { return kind === 'webgl2' ? null : get.call(this, kind, attrs); }; })();` });
  try {
    await open(b.page, '', { waitReady: false });
    await b.page.waitForSelector('#tc-message.show', { timeout: 15000 });
    const text = await b.page.textContent('#tc-message');
    assert.match(text, /WebGL 2 is not available \(WebGL2: no context \(0\)\)/);
    assert.match(text, /WebGL 2 不可用/);
    assert.deepEqual(b.watch.errors, []);
  } finally { await b.close(); }
});

// A driver that fails to link the page's two shaders: the page, once idle, says so with the GL's
// log (its one GL query, web/render_webgl2.cpp), instead of drawing nothing.
test('shaders that do not link: the page shows the GL\'s log', async () => {
  const b = await launch({ initScript: `(() => { const P = WebGL2RenderingContext.prototype, param = P.getProgramParameter;
    P.getProgramParameter = function (p, what) { return what === 0x8B82 ? false : param.call(this, p, what); };
    P.getProgramInfoLog = function () { return 'ERROR: 0:1: an injected link failure'; }; })();` });
  try {
    await open(b.page, '', { waitReady: false });
    await b.page.waitForSelector('#tc-message.show', { timeout: 15000 });
    assert.match(await b.page.textContent('#tc-message'), /the shaders did not link: ERROR: 0:1: an injected link failure/);
    assert.deepEqual(b.watch.errors, []);
  } finally { await b.close(); }
});

// An altered copy of the page, opened from file://: its message checked by `check(text, b, url)`.
async function openCopy(name, html, check) {
  const path = join(artifacts, name), url = pathToFileURL(path).href;
  writeFileSync(path, html);
  const b = await launch();
  try {
    await open(b.page, '', { waitReady: false, url });
    await b.page.waitForSelector('#tc-message.show', { timeout: 10000 });
    await check(await b.page.textContent('#tc-message'), b, url);
  } finally { await b.close(); }
}

test('a saved page whose program was cut short says the file is damaged, in both languages', async () => {
  // As a download cut off or a copy truncated: the inline wasm loses its second half.
  const page = readFileSync(pagePath, 'utf8');
  const m = /(id="traincalc-wasm">)([^<]+)(<\/script>)/.exec(page);
  assert.ok(m, 'the page has its wasm block');
  const cut = page.replace(m[0], m[1] + m[2].slice(0, m[2].length >> 1) + m[3]);
  await openCopy('damaged-wasm.html', cut, (text, b, url) => {
    assert.match(text, /This page's file is damaged: its program does not decode \(Error: lzma: the stream is truncated\)\. Save or download the page again\./);
    assert.match(text, /页面文件已损坏/);
    assert.deepEqual(b.watch.errors, []);
    assert.deepEqual(b.watch.requests.filter((u) => u !== url), [], 'no request but the page itself');
  });
});

test('a copy whose program loader may not run (its hash gone from the CSP) says the file is damaged', async () => {
  // The loader is decoded from the program's stream and run as a script the CSP allows by its
  // sha256 (the last one listed): an edited copy without it must say so, not wait forever.
  const page = readFileSync(pagePath, 'utf8');
  const cut = page.replace(/ 'sha256-[A-Za-z0-9+/=]+' 'wasm-unsafe-eval'/, " 'wasm-unsafe-eval'");
  assert.notEqual(cut, page, 'the page lists the loader\'s hash last');
  await openCopy('loader-blocked.html', cut, (text) => {
    assert.match(text, /This page's file is damaged: its program does not decode \(Error: lzma: the program's loader did not run\)\./);
    assert.match(text, /页面文件已损坏/);
  });
});

test('the host page keeps its keys (SDL does not swallow them)', async () => {
  const b = await launch();
  try {
    await open(b.page);
    await b.page.evaluate(() => {
      const i = document.createElement('input'); i.id = 'host-input';
      i.style.cssText = 'position:fixed;top:0;left:0;z-index:9;width:200px';
      document.body.appendChild(i);
    });
    await b.page.click('#host-input');
    await b.page.keyboard.type('hello 8');
    assert.equal(await b.page.inputValue('#host-input'), 'hello 8');
    assert.deepEqual(b.watch.errors, []);
  } finally { await b.close(); }
});
