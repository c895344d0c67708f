// traincalc — tests/e2e/configs.test.mjs
// The "Training configs" section (issue 14) under a person's hands, in the page (dist/traincalc.html):
// controls found by role and name in the accessibility tree, used with real CDP input — a config
// typed into the text box, pasted with Ctrl+V (into the box, and outside any field), chosen through
// the browser's file chooser (Page.setInterceptFileChooserDialog + DOM.setFileInputFiles), dropped
// on the page (Input.dispatchDragEvent). The fields it sets equal what `traincalc import FILE` gives
// for the same fixture; each downloaded export equals `traincalc export` for the page's scenario and
// reads back (through the CLI's own import) as the same plan. Bad files name the key and line and
// change nothing; the import survives a reload and a link; downloads work from file:// and inside
// an iframe. Screenshots: desktop and phone, English and Chinese (tests/e2e/artifacts/configs-*).
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, readdirSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { load as yamlLoad } from 'js-yaml';
import { test, launch, open, settle, screenshot, root, pagePath, pageUrl, center, scenario, pageProgram, toggled, touchTap } from './lib.mjs';

const CLI = join(root, 'build', 'native', 'bin', 'traincalc');
const FIXTURES = join(root, 'tests', 'configs');
const fixture = (name) => join(FIXTURES, name);
const LF = fixture('llamafactory_qwen_lora_sft.yaml');
const tmp = mkdtempSync(join(tmpdir(), 'traincalc-configs-'));

test('the page carries the section and its YAML parser, and the CLI is built', () => {
  assert.ok(existsSync(pagePath), `${pagePath} is missing: scripts/build_page.sh builds it (js-yaml from scripts/deps.sh)`);
  assert.ok(existsSync(CLI), `${CLI} is missing: cmake --build --preset native --target traincalc`);
  // One self-contained file: no script, style or image from elsewhere; js-yaml's parser inlined.
  const html = readFileSync(pagePath, 'utf8');
  assert.doesNotMatch(html, /<(script|img|iframe)[^>]+src=|<link[^>]+href=(?!["']?data:)/i, 'nothing loaded from elsewhere');
  const { js } = pageProgram(html);  // the parser travels in the program's stream, ahead of the loader
  assert.match(js.toString('utf8'), /__tcYaml=/, 'the page carries its YAML parser');
  assert.match(js.toString('utf8'), /js-yaml 5\.5\.0 .*@license MIT/, "js-yaml's licence line is kept");
});

const cli = (...args) => JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));
// `traincalc import FILE`: the file's report (kind, applied, resolved, …) and the scenario it gives.
const imported = (file) => { const r = cli('import', file); return { ...r.imports[r.imports.length - 1], scenario: r.scenario }; };
const openConfigs = (page, hash = '') => open(page, hash);
const notice = (page) => page.evaluate(() => window.traincalc.notice());

// A real mouse click (or a tap on a phone) where the control is drawn.
// `drawn`: the page (or the iframe's frame) whose drawing to wait for.
async function press(page, loc, { touch = false, drawn = page } = {}) {
  const c = await center(loc);
  if (touch) await touchTap(page, c.x, c.y);
  else await page.mouse.click(c.x, c.y);
  await settle(drawn);
}
const names = {
  en: { section: 'Training configs', choose: 'Choose a config file', text: 'Config text', importText: 'Import the text', deepspeed: 'DeepSpeed JSON' },
  zh: { section: '训练配置', choose: '选择配置文件', text: '配置文本', importText: '导入文本', deepspeed: 'DeepSpeed JSON' },
};
async function openSection(page, lang = 'en', opts = {}) {
  const header = page.getByRole('button', { name: names[lang].section, exact: true });
  await header.waitFor({ state: 'attached', timeout: 10000 });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await press(page, header, opts);
  // The frame that takes the press says so in the semantics layer: waited for, as lib.mjs expand()
  // does (the fresh clone at cf1fd00 read it at once after a tap on a loaded machine: 'false').
  await toggled(page, names[lang].section);
  const choose = page.getByRole('button', { name: names[lang].choose, exact: true });
  await choose.waitFor({ state: 'attached', timeout: 5000 });
  return choose;
}
// The browser's file chooser, intercepted through CDP: the file is set on the page's own <input>.
// `whileOpen`: run while the chooser is open, before the file is set.
async function chooseFile(page, button, path, whileOpen = null, touch = false) {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Page.enable');
    await cdp.send('DOM.enable');
    await cdp.send('Page.setInterceptFileChooserDialog', { enabled: true });
    const opened = new Promise((resolve) => cdp.once('Page.fileChooserOpened', resolve));
    await press(page, button, { touch });
    const ev = await opened;
    assert.ok(ev.backendNodeId, 'the chooser names its <input>');
    if (whileOpen) await whileOpen();
    await cdp.send('DOM.setFileInputFiles', { files: [path], backendNodeId: ev.backendNodeId });
    await cdp.send('Page.setInterceptFileChooserDialog', { enabled: false });
  } finally { await cdp.detach(); }
}
// Waits until the page has taken a text in: the scenario changed or a notice appeared.
async function taken(page, before) {
  await page.waitForFunction((b) => JSON.stringify(window.traincalc.get()) !== b || window.traincalc.notice() !== '',
                             JSON.stringify(before), { timeout: 10000 });
  await settle(page);
}
// Every field `traincalc import FILE` says the file set (applied or resolved) has the CLI's value.
function sameFields(page, cliReport, file) {
  const fields = [...cliReport.applied, ...cliReport.resolved].map((n) => n.field).filter(Boolean);
  assert.ok(fields.length >= 1, `${file}: the CLI applied something`);
  for (const f of new Set(fields)) assert.deepEqual(page[f], cliReport.scenario[f], `${file}: ${f} as the CLI reads it`);
  return fields.length;
}

test('phone, Chinese: a config file chosen by a tap, good or refused, brings its answer into view', async () => {
  // The answer ("已导入：llamafactory" and what it applied, or why it was refused) lay below the fold
  // under the file button: the screen did not change, whether the file was applied or not.
  const bad = join(mkdtempSync(join(tmpdir(), 'tc-cfg-')), 'broken.yaml');
  writeFileSync(bad, 'model_name_or_path: Qwen/Qwen2.5-7B\nfinetuning_type: lora\ncutoff_len: [1, 2\n');
  const b = await launch({ size: 'phone', locale: 'zh-CN' });
  try {
    await openConfigs(b.page);
    const choose = await openSection(b.page, 'zh', { touch: true });
    const inView = async (loc, what) => {
      await loc.waitFor({ state: 'attached', timeout: 10000 });
      await settle(b.page);
      const r = await loc.boundingBox(), h = b.page.viewportSize().height;
      assert.ok(r && r.y >= 0 && r.y + r.height <= h, `${what} is on the screen (its box ${JSON.stringify(r)}, the screen 0–${h})`);
    };
    const before = await scenario(b.page);
    await chooseFile(b.page, choose, join(root, 'tests', 'configs', 'llamafactory_qwen_lora_sft.yaml'), null, true);
    await taken(b.page, before);
    await inView(b.page.getByText(/^已导入：/).filter({ visible: true }).first(), 'the import\'s heading');
    // Back to the top, then a file that does not read: its reason under the button comes into view.
    await b.page.evaluate(() => window.scrollTo(0, 0));
    await settle(b.page);
    await chooseFile(b.page, choose, bad, null, true);
    await b.page.waitForFunction(() => window.traincalc.notice() !== '', null, { timeout: 10000 });
    // The unclosed '[' named where it opens (js-yaml stops at the text's end).
    await inView(b.page.getByText(/第 3 行第 13 列：这里的“\[”没有用“\]”闭合/).filter({ visible: true }).last(), 'the reason it was refused');
    assert.deepEqual(b.watch.errors, []);
  } finally { await b.close(); }
});

test('a config typed into the box, pasted into it with Ctrl+V, and pasted outside any field', async () => {
  const b = await launch();
  try {
    await b.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openConfigs(b.page);
    await openSection(b.page);
    const box = b.page.getByRole('textbox', { name: 'Config text', exact: true });
    assert.equal(await box.evaluate((el) => el.tagName), 'TEXTAREA', 'a multi-line box (newlines kept)');
    // Typed, key by key (Enter makes the new lines), then the button.
    await press(b.page, box);
    await b.page.keyboard.type('finetuning_type: lora\nlora_rank: 16\ncutoff_len: 2048\nper_device_train_batch_size: 4\n');
    await settle(b.page);
    const before = await scenario(b.page);
    await press(b.page, b.page.getByRole('button', { name: 'Import the text', exact: true }));
    await taken(b.page, before);
    let s = await scenario(b.page);
    assert.equal(await notice(b.page), '');
    assert.deepEqual([s.method, s.lora_rank, s.seq_len, s.micro_batch], ['lora', 16, 2048, 4]);
    assert.ok(await b.page.getByText('cutoff_len → seq_len = 2048').filter({ visible: true }).count() >= 1, 'the applied key is listed');
    // Pasted into the box with the keyboard (the system clipboard, Ctrl+A then Ctrl+V).
    const yaml = readFileSync(LF, 'utf8');
    await b.page.evaluate((t) => navigator.clipboard.writeText(t), yaml);
    await press(b.page, box);
    await b.page.keyboard.press('Control+A');
    await b.page.keyboard.press('Control+V');
    await settle(b.page);
    assert.equal(await box.inputValue(), yaml, 'the whole file is in the box, newlines kept');
    const before2 = await scenario(b.page);
    await press(b.page, b.page.getByRole('button', { name: 'Import the text', exact: true }));
    await taken(b.page, before2);
    s = await scenario(b.page);
    const report = imported(LF);
    for (const n of report.applied) if (n.field) assert.deepEqual(s[n.field], report.scenario[n.field], `${n.key} → ${n.field}`);
    // Ctrl+V outside any field (Tab from the box to the button after it): imported at once.
    const ds = readFileSync(fixture('deepspeed_z3_offload.json'), 'utf8');
    await b.page.evaluate((t) => navigator.clipboard.writeText(t), ds);
    await box.focus();
    await b.page.keyboard.press('Tab');
    assert.equal(await b.page.evaluate(() => document.activeElement.textContent), 'Import the text');
    const before3 = await scenario(b.page);
    await b.page.keyboard.press('Control+V');
    await taken(b.page, before3);
    s = await scenario(b.page);
    assert.equal(s.zero, 3);
    assert.equal(s.offload, 'optimizer+params');
    assert.ok(await b.page.getByText(/^zero_optimization\.stage → zero = 3/).filter({ visible: true }).count() >= 1, 'listed with the dotted key');
    assert.deepEqual(b.watch.errors, []);
    assert.deepEqual(b.watch.requests, []);
  } finally { await b.close(); }
});

test('typed as fast as keys come, then Tab and Enter on the import button at once: every key is read', async () => {
  // The page took one action per frame: the button's press overwrote the box's last keys, and the
  // import read the text cut short ("finetuning_typ": not a mapping).
  const b = await launch();
  try {
    await openConfigs(b.page);
    await openSection(b.page);
    const box = b.page.getByRole('textbox', { name: 'Config text', exact: true });
    for (const rank of [24, 40, 56]) {
      await press(b.page, box);
      await b.page.keyboard.press('Control+A');
      await b.page.keyboard.type(`finetuning_type: lora\nlora_rank: ${rank}`);  // no pause between keys
      await b.page.keyboard.press('Tab');
      assert.equal(await b.page.evaluate(() => document.activeElement.textContent), 'Import the text');
      await b.page.keyboard.press('Enter');
      await b.page.waitForFunction((r) => window.traincalc.get().lora_rank === r || window.traincalc.notice() !== '', rank, { timeout: 5000 });
      assert.equal(await notice(b.page), '');
      assert.equal((await scenario(b.page)).lora_rank, rank);
    }
    assert.deepEqual(b.watch.errors, []);
  } finally { await b.close(); }
});

// The page's file <input> is made for each chooser and never put in the document: nothing held it,
// and a garbage collection while the chooser was open took it, with the file chosen (a fresh
// clone's run, 2026-12-05: "No node found for given backend id"). The browser collects here on
// purpose (--expose-gc) while the chooser is open.
test('a file chosen while the browser collects garbage still reaches the page', async () => {
  const b = await launch({ args: ['--js-flags=--expose-gc'] });
  try {
    await openConfigs(b.page);
    const choose = await openSection(b.page);
    const before = await scenario(b.page);
    await chooseFile(b.page, choose, LF, async () => {
      for (let i = 0; i < 5; i++) await b.page.evaluate(() => { for (let j = 0; j < 3; j++) window.gc(); });
    });
    await taken(b.page, before);
    assert.equal(await notice(b.page), '');
    assert.ok(await b.page.getByRole('heading', { name: /^Imported: / }).count() === 1, 'the file was read');
    assert.deepEqual(b.watch.errors, []);
  } finally { await b.close(); }
});

test('every fixture chosen through the file chooser sets the fields `traincalc import` sets, to the same values', async () => {
  const b = await launch();
  try {
    await openConfigs(b.page);
    const defaults = await scenario(b.page);
    const files = readdirSync(FIXTURES).filter((f) => /\.(ya?ml|json)$/.test(f)).sort();
    assert.ok(files.length >= 7, 'the fixtures of tests/configs');
    let checked = 0;
    for (const f of files) {
      // The CLI reads over the defaults: so does the page, opened afresh (no link, nothing stored).
      await b.page.evaluate(() => localStorage.clear());
      await openConfigs(b.page);
      const choose = await openSection(b.page);
      const before = await scenario(b.page);
      assert.deepEqual(before, defaults);
      await chooseFile(b.page, choose, fixture(f));
      await taken(b.page, before);
      assert.equal(await notice(b.page), '', `${f}: no error`);
      const report = imported(fixture(f));
      checked += sameFields(await scenario(b.page), report, f);
      assert.ok(await b.page.getByRole('heading', { name: `Imported: ${report.kind}`, exact: true }).count() === 1, `${f}: read as ${report.kind}`);
      const first = report.applied.find((n) => n.field);
      assert.ok(await b.page.getByText(`${first.key} → ${first.field} = ${first.value}`, { exact: false }).filter({ visible: true }).count() >= 1, `${f}: ${first.key} listed`);
    }
    console.log(`fixtures: ${files.length}, fields compared with the CLI: ${checked}`);
    assert.deepEqual(b.watch.errors, []);
    assert.deepEqual(b.watch.requests, []);
  } finally { await b.close(); }
});

// The page and the CLI read YAML values alike (issue 14: the round trip page <-> CLI gives the same
// scenario): the table of tests/yaml_scalars.json, which tests/test_config_import.cpp checks the
// CLI's converter against, read by the page's reader; then configs whose values only read right
// that way (1e3-style numbers, y as a string), chosen through the file chooser, against the CLI.
test('YAML values read as the CLI reads them: y/n strings, 1e9 and 1e-4 numbers, the same scenario or the same error', async () => {
  const table = JSON.parse(readFileSync(join(root, 'tests', 'yaml_scalars.json'), 'utf8')).cases;
  assert.ok(table.length >= 30);
  const b = await launch();
  try {
    await openConfigs(b.page);
    const got = await b.page.evaluate((cases) => cases.map(([y]) => JSON.parse(window.__tcYaml(y).json)), table);
    table.forEach(([y, want], i) => assert.deepEqual(got[i], want, `${JSON.stringify(y)} reads as the CLI reads it`));
    const choose = await openSection(b.page);
    // Numbers with exponents, hex, PyYAML's booleans: imported, the same fields as `traincalc import`.
    const good = join(tmp, 'scalars.yaml');
    writeFileSync(good, 'finetuning_type: lora\nlora_rank: 0x10\ncutoff_len: 4e3\nper_device_train_batch_size: 2\n' +
                        'gradient_accumulation_steps: 1e1\nlearning_rate: 1e-4\nnum_train_epochs: 2e0\nbf16: on\n');
    let before = await scenario(b.page);
    await chooseFile(b.page, choose, good);
    await taken(b.page, before);
    assert.equal(await notice(b.page), '', 'no error');
    const s = await scenario(b.page);
    const report = imported(good);
    assert.ok(sameFields(s, report, 'scalars.yaml') >= 5);
    assert.deepEqual([s.lora_rank, s.seq_len, s.grad_accum, s.epochs, s.precision], [16, 4000, 10, 2, 'bf16']);
    // `packing: y`: a string to both (YAML 1.1's y is true to js-yaml's schema): the CLI's error, word for word.
    const bad = join(tmp, 'packing_y.yaml');
    writeFileSync(bad, 'finetuning_type: lora\npacking: y\n');
    let cliError = '';
    try { execFileSync(CLI, ['import', bad], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }); }
    catch (e) { cliError = JSON.parse(e.stdout).errors[0].message; }
    assert.match(cliError, /packing/, 'the CLI refuses y for packing');
    before = await scenario(b.page);
    await chooseFile(b.page, choose, bad);
    await b.page.waitForFunction(() => /packing/.test(window.traincalc.notice()), null, { timeout: 10000 });
    assert.ok((await notice(b.page)).includes(cliError), `the page says what the CLI says: ${cliError}`);
    assert.deepEqual(await scenario(b.page), before, 'nothing changed');
    assert.deepEqual(b.watch.errors, []);
  } finally { await b.close(); }
});

// Layouts PyYAML (LLaMA-Factory's and axolotl's reader) and the CLI take, and an unclosed bracket named
// where it opens: the table tests/test_config_import.cpp checks the CLI against (tests/yaml_layouts.json),
// read by the page's reader; then a LLaMA-Factory config whose list closes under its key, chosen through
// the file chooser (js-yaml alone refused it: "deficient indentation" at the ']').
test('YAML layouts the CLI and PyYAML take are taken, an unclosed bracket is named as the CLI names it', async () => {
  const table = JSON.parse(readFileSync(join(root, 'tests', 'yaml_layouts.json'), 'utf8')).cases;
  assert.ok(table.length >= 25);
  const b = await launch();
  try {
    await openConfigs(b.page);
    const got = await b.page.evaluate((cases) => cases.map((c) => {
      try { return { json: JSON.parse(window.__tcYaml(c.yaml).json) }; }
      catch (e) { return { error: (e.mark.line + 1) + ', column ' + (e.mark.column + 1) + ': ' + e.reason }; }
    }), table);
    table.forEach((c, i) => {
      const what = JSON.stringify(c.yaml);
      if (c.json) assert.deepEqual(got[i], { json: c.json }, `${what} reads as the CLI and PyYAML read it`);
      else if (c.error) assert.equal(got[i].error && 'line ' + got[i].error, c.error, `${what}: the bracket named`);
      else assert.ok(got[i].error && !/is not closed/.test(got[i].error), `${what} refused in the parser's words: ${got[i].error}`);
    });
    const choose = await openSection(b.page);
    const layout = join(tmp, 'closed_under_key.yaml');
    writeFileSync(layout, 'finetuning_type: lora\nlora_target: [\n  q_proj,\n  v_proj\n]\ncutoff_len: 4096\n');
    const before = await scenario(b.page);
    await chooseFile(b.page, choose, layout);
    await taken(b.page, before);
    assert.equal(await notice(b.page), '', 'no error');
    const s = await scenario(b.page);
    assert.deepEqual([s.lora_targets, s.seq_len], ['qv', 4096]);
    assert.ok(sameFields(s, imported(layout), 'closed_under_key.yaml') >= 2, 'the fields the CLI imports');
    assert.deepEqual(b.watch.errors, []);
  } finally { await b.close(); }
});

test('a file dropped on the page (CDP drag and drop) is imported', async () => {
  const b = await launch();
  try {
    await openConfigs(b.page);
    const before = await scenario(b.page);
    const cdp = await b.page.context().newCDPSession(b.page);
    const data = { items: [], files: [fixture('axolotl_llama3_qlora.yaml')], dragOperationsMask: 1 };
    for (const type of ['dragEnter', 'dragOver', 'drop']) await cdp.send('Input.dispatchDragEvent', { type, x: 640, y: 420, data });
    await cdp.detach();
    await taken(b.page, before);
    assert.equal(await notice(b.page), '');
    sameFields(await scenario(b.page), imported(fixture('axolotl_llama3_qlora.yaml')), 'dropped axolotl YAML');
    assert.equal(b.page.url().split('#')[0], pageUrl, 'the browser did not navigate to the file');
    assert.deepEqual(b.watch.errors, []);
  } finally { await b.close(); }
});

test('a bad file: the notice names the line (YAML) or the key and line (a value), nothing changes, the page goes on', async () => {
  const b = await launch();
  try {
    await openConfigs(b.page);
    const choose = await openSection(b.page);
    const before = await scenario(b.page);
    const broken = join(tmp, 'broken.yaml');
    writeFileSync(broken, 'finetuning_type: lora\ncutoff_len: [1\n');
    await chooseFile(b.page, choose, broken);
    await taken(b.page, before);
    // js-yaml stops at the text's end ("unexpected end of the stream within a flow collection"): the '['
    // never closed is what to fix, and the CLI names it alike (cli/yaml_json.cpp).
    assert.equal(await notice(b.page), "Could not import this config, the scenario is unchanged: YAML: line 2, column 13: this '[' is not closed by ']'");
    assert.deepEqual(await scenario(b.page), before);
    const zero = join(tmp, 'zero_batch.yaml');
    writeFileSync(zero, 'finetuning_type: lora\nper_device_train_batch_size: 0\n');
    await chooseFile(b.page, choose, zero);
    await b.page.waitForFunction(() => /per_device_train_batch_size/.test(window.traincalc.notice()), null, { timeout: 10000 });
    assert.match(await notice(b.page), /per_device_train_batch_size \(line 2\)/, 'the key and its line');
    assert.deepEqual(await scenario(b.page), before);
    // The page goes on: a good file imports and takes the notice away.
    await chooseFile(b.page, choose, LF);
    await taken(b.page, before);
    await b.page.waitForFunction(() => window.traincalc.notice() === '', null, { timeout: 5000 });
    assert.equal((await scenario(b.page)).seq_len, 4096);
    assert.deepEqual(b.watch.errors, []);
  } finally { await b.close(); }
});

// A config padded with comments to 5 MB said "not valid JSON: the text is empty" (the picker's
// too-large marker began with a NUL, which ends a C string), and 1.2 MB and 2 MB YAMLs imported (their
// JSON, the comments gone, was short) where `traincalc import` refuses them over its 1 MiB cap.
test('a config over the CLI\'s 1 MiB cap, chosen through the file chooser, is refused with the cap named; a good one clears it', async () => {
  const b = await launch();
  try {
    await openConfigs(b.page);
    const choose = await openSection(b.page);
    const before = await scenario(b.page);
    const head = 'finetuning_type: lora\nlora_rank: 32\ncutoff_len: 1024\n';
    const padded = (bytes) => head + ('# ' + 'x'.repeat(77) + '\n').repeat(Math.ceil((bytes - head.length) / 80));
    const refused = 'Could not import this config, the scenario is unchanged: the config is too long: more than 1048576 bytes';
    const files = [
      ['big_5mb.yaml', padded(5e6)],
      ['big_4mib.yaml', padded(4 * 1024 * 1024 - 100).slice(0, 4 * 1024 * 1024 - 100)],
      ['big_2mb.yaml', padded(2e6)],
      ['big_1_2mb.yaml', padded(1.2e6)],
      ['big_5mb.json', '{"zero_optimization": {"stage": 2}, "pad": "' + 'x'.repeat(5e6) + '"}'],
    ];
    for (const [name, text] of files) {
      const path = join(tmp, name);
      writeFileSync(path, text);
      // The CLI refuses the same file, in the same words.
      let cliOut = '';
      try { execFileSync(CLI, ['import', path], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }); } catch (e) { cliOut = e.stdout; }
      assert.match(cliOut, /is too long: more than 1048576 bytes/, `${name}: the CLI refuses it`);
      await chooseFile(b.page, choose, path);
      await b.page.waitForFunction(() => window.traincalc.notice() !== '', null, { timeout: 15000 });
      await settle(b.page);
      assert.equal(await notice(b.page), refused, name);
      // The banner, and again under the button (the top may be a screenful away).
      assert.equal(await b.page.getByText(refused, { exact: true }).filter({ visible: true }).count(), 2, `${name}: the banner says it`);
      assert.deepEqual(await scenario(b.page), before, `${name}: nothing changes`);
      await press(b.page, b.page.getByRole('button', { name: 'Dismiss notice', exact: true }));
      assert.equal(await notice(b.page), '');
    }
    // At the cap exactly it is read (the CLI reads it too), and its keys are applied.
    const atCap = join(tmp, 'at_cap.yaml');
    const text = padded(1048576 - 200);
    writeFileSync(atCap, text + '#'.repeat(1048576 - Buffer.byteLength(text) - 1) + '\n');
    assert.equal(readFileSync(atCap).length, 1048576);
    await chooseFile(b.page, choose, atCap);
    await taken(b.page, before);
    assert.equal(await notice(b.page), '');
    assert.equal((await scenario(b.page)).lora_rank, 32);
    assert.equal((await scenario(b.page)).seq_len, 1024);
    assert.deepEqual(b.watch.errors, []);
  } finally { await b.close(); }
});

// "Load config.json" (the Model section): a bad config.json's notice stayed after a good one was
// loaded; and the banner showed three of the four errors `traincalc import` lists, without a word.
test('Load config.json: a bad config.json names every error the CLI names; a good one then clears the notice', async () => {
  const b = await launch();
  try {
    await openConfigs(b.page);
    const load = b.page.getByRole('button', { name: 'Load config.json', exact: true });
    await load.waitFor({ state: 'attached', timeout: 10000 });
    const bad = join(tmp, 'bad_config.json');
    writeFileSync(bad, JSON.stringify({ architectures: ['LlamaForCausalLM'], model_type: 'llama', hidden_size: -4096,
      num_hidden_layers: 1e308, intermediate_size: 'abc', num_attention_heads: 0, vocab_size: 32064 }));
    let cliOut = '';
    try { execFileSync(CLI, ['import', '--kind', 'hf_config', bad], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }); } catch (e) { cliOut = e.stdout; }
    const cliErrors = JSON.parse(cliOut).errors.map((e) => e.message);
    assert.ok(cliErrors.length > 3, 'the CLI lists more than the banner has room for');
    const before = await scenario(b.page);
    await chooseFile(b.page, load, bad);
    await taken(b.page, before);
    const said = 'Could not read this config.json: ' + cliErrors.slice(0, 3).join('; ') + '; … and ' + (cliErrors.length - 3) + ' more error' + (cliErrors.length - 3 > 1 ? 's' : '');
    assert.equal(await notice(b.page), said);
    assert.equal(await b.page.getByText(said, { exact: true }).filter({ visible: true }).count(), 1, 'the banner says it');
    assert.deepEqual(await scenario(b.page), before, 'nothing changes');
    // Phi-3-mini's config.json: applied, and the notice of the bad one is gone.
    const good = join(tmp, 'phi3_config.json');
    writeFileSync(good, JSON.stringify({ architectures: ['Phi3ForCausalLM'], model_type: 'phi3', hidden_size: 3072,
      intermediate_size: 8192, num_attention_heads: 32, num_hidden_layers: 32, num_key_value_heads: 32,
      vocab_size: 32064, max_position_embeddings: 4096, tie_word_embeddings: false, hidden_act: 'silu',
      _name_or_path: 'microsoft/Phi-3-mini-4k-instruct' }));
    await chooseFile(b.page, load, good);
    await b.page.waitForFunction(() => typeof window.traincalc.get().model === 'object', null, { timeout: 10000 });
    await settle(b.page);
    assert.equal((await scenario(b.page)).model.hidden, 3072);
    assert.equal(await notice(b.page), '');
    assert.equal(await b.page.getByText(said, { exact: true }).count(), 0, 'the banner is gone');
    assert.deepEqual(b.watch.errors, []);
  } finally { await b.close(); }
});

test('Chinese: a YAML mistake typed into the box is named in Chinese, with its line and column', async () => {
  const b = await launch({ locale: 'zh-CN' });
  try {
    await openConfigs(b.page);
    await openSection(b.page, 'zh');
    const before = await scenario(b.page);
    await press(b.page, b.page.getByRole('textbox', { name: '配置文本', exact: true }));
    await b.page.keyboard.type('finetuning_type: lora\n  lora_rank: 8\n');
    await b.page.keyboard.press('Tab');
    await b.page.keyboard.press('Enter');
    await b.page.waitForFunction(() => window.traincalc.notice() !== '', null, { timeout: 5000 });
    assert.equal(await notice(b.page), '无法导入该配置，当前方案未改变：YAML：第 2 行第 12 列：键值对的缩进不对');
    assert.deepEqual(await scenario(b.page), before);
    assert.deepEqual(b.watch.errors, []);
  } finally { await b.close(); }
});

test('the imported scenario survives a reload and opens from its link in a fresh browser', async () => {
  const b = await launch();
  let hash = '', s;
  try {
    await openConfigs(b.page);
    const choose = await openSection(b.page);
    const before = await scenario(b.page);
    await chooseFile(b.page, choose, fixture('llamafactory_qlora_ds3.yaml'));
    await taken(b.page, before);
    s = await scenario(b.page);
    await b.page.waitForFunction(() => /#s=/.test(location.hash), null, { timeout: 5000 });
    hash = await b.page.evaluate(() => location.hash);
    await b.page.reload();
    await b.page.waitForFunction(() => window.__traincalcPerf && window.__traincalcPerf.frames >= 1, null, { timeout: 20000 });
    await b.page.evaluate(() => window.traincalc.ready);
    assert.deepEqual(await scenario(b.page), s, 'the same scenario after a reload');
  } finally { await b.close(); }
  const c = await launch();
  try {
    await openConfigs(c.page, hash);
    assert.deepEqual(await scenario(c.page), s, 'the same scenario from the link');
  } finally { await c.close(); }
});

test('each export downloads (file://) the text `traincalc export` writes, and reads back as the same plan', async () => {
  const b = await launch();
  try {
    await openConfigs(b.page);
    const choose = await openSection(b.page);
    const before = await scenario(b.page);
    await chooseFile(b.page, choose, LF);
    await taken(b.page, before);
    await b.page.evaluate(() => window.traincalc.set({ cards: 4 }));
    await settle(b.page);
    const s = await scenario(b.page);
    const scen = join(tmp, 'scenario.json');
    writeFileSync(scen, JSON.stringify(s));
    const formats = [['LLaMA-Factory YAML', 'llamafactory'], ['DeepSpeed JSON', 'deepspeed'], ['accelerate FSDP', 'accelerate'], ['Launch commands', 'launch']];
    const got = {};
    for (const [label, format] of formats) {
      const button = b.page.getByRole('button', { name: label, exact: true });
      const c = await center(button);
      const [download] = await Promise.all([b.page.waitForEvent('download', { timeout: 10000 }), b.page.mouse.click(c.x, c.y)]);
      const path = join(tmp, download.suggestedFilename());
      await download.saveAs(path);
      const text = readFileSync(path, 'utf8');
      assert.equal(text, execFileSync(CLI, ['export', '--format', format, scen], { encoding: 'utf8' }), `${label}: the CLI's text`);
      got[format] = path;
      await settle(b.page);
    }
    const plan = cli('estimate', scen);  // the plan the files describe: the scenario's own when it fits
    assert.equal(plan.memory.fits, true, 'the scenario fits, so the plan is its own set-up');
    // LLaMA-Factory YAML and DeepSpeed JSON read back through the CLI's import, over the scenario.
    for (const f of ['llamafactory', 'deepspeed']) {
      const back = cli('import', scen, got[f]).scenario;
      for (const k of ['method', 'lora_rank', 'seq_len', 'micro_batch', 'grad_accum', 'zero', 'offload', 'checkpointing', 'precision'])
        assert.deepEqual(back[k], s[k], `${f}: ${k} reads back`);
    }
    const acc = yamlLoad(readFileSync(got.accelerate, 'utf8'));
    assert.equal(acc.num_processes, s.cards, 'accelerate: one process per card');
    assert.match(readFileSync(got.launch, 'utf8'), new RegExp(`\\b${s.cards}\\b`), 'the launch commands name the card count');
    assert.deepEqual(b.watch.errors, []);
    assert.deepEqual(b.watch.requests, []);
  } finally { await b.close(); }
});

test('inside a host page\'s iframe (#embed=1&io=1) the section is there and a download works', async () => {
  const host = join(tmp, 'host.html');
  writeFileSync(host, `<!doctype html><html lang="en"><body style="margin:0"><h1>host</h1>
<iframe id="w" title="traincalc" src="${pageUrl}#embed=1&io=1&lang=en" style="width:100%;height:2400px;border:0"></iframe></body></html>`);
  const b = await launch();
  try {
    await b.page.goto(pathToFileURL(host).href);
    const frame = b.page.frameLocator('#w');
    const fr = b.page.frames().find((f) => f !== b.page.mainFrame());
    await fr.waitForFunction(() => window.__traincalcPerf && window.__traincalcPerf.frames >= 1, null, { timeout: 20000 });
    await fr.evaluate(() => window.traincalc.ready);
    const header = frame.getByRole('button', { name: 'Training configs', exact: true });
    // A mouse click, then the frame's own semantics read expanded (the frame that took the click has
    // run): the CI run at 023ffb3 read the attribute after settle() but before that frame: 'false'.
    await press(b.page, header, { drawn: fr });
    await toggled(fr, 'Training configs');
    assert.equal(await header.getAttribute('aria-expanded'), 'true', 'the section opened in the iframe');
    const button = frame.getByRole('button', { name: 'DeepSpeed JSON', exact: true });
    const c = await center(button);
    const [download] = await Promise.all([b.page.waitForEvent('download', { timeout: 10000 }), b.page.mouse.click(c.x, c.y)]);
    assert.equal(download.suggestedFilename(), 'traincalc_deepspeed.json');
    const j = JSON.parse(readFileSync(await download.path(), 'utf8'));
    assert.equal(j.train_micro_batch_size_per_gpu, (await fr.evaluate(() => window.traincalc.get())).micro_batch);
    // An edit writes the frame's link, which keeps io=1: the host left and Back brings the frame to
    // that link, the section still there (a tester, 2026-12-08: the first edit dropped io=1).
    await press(b.page, frame.getByRole('textbox', { name: 'Epochs', exact: true }), { drawn: fr });
    await b.page.keyboard.press('Control+A');
    await b.page.keyboard.type('2');
    await b.page.keyboard.press('Enter');
    await fr.waitForFunction(() => window.traincalc.get().epochs === 2 && /[#&]s=/.test(location.hash), null, { timeout: 5000 });
    assert.match(await fr.evaluate(() => location.hash), /&embed=1&io=1(&|$)/, 'the link keeps io=1');
    await b.page.goto('about:blank');
    await b.page.goBack();
    const back = b.page.frames().find((f) => f !== b.page.mainFrame());
    await back.waitForFunction(() => window.__traincalcPerf && window.__traincalcPerf.frames >= 1, null, { timeout: 20000 });
    await back.evaluate(() => window.traincalc.ready);
    assert.equal((await back.evaluate(() => window.traincalc.get())).epochs, 2, 'the edit came back');
    assert.equal(await b.page.frameLocator('#w').getByRole('button', { name: 'Training configs', exact: true }).count(), 1, 'and the section');
    assert.deepEqual(b.watch.errors, []);
  } finally { await b.close(); }
});

test('screenshots: the section after an import, desktop and phone, English and Chinese', async () => {
  for (const size of ['desktop', 'phone']) {
    for (const lang of ['en', 'zh']) {
      const b = await launch({ size, locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
      try {
        await openConfigs(b.page, `#lang=${lang}`);
        const choose = await openSection(b.page, lang, { touch: size === 'phone' });
        const before = await scenario(b.page);
        await chooseFile(b.page, choose, fixture('llamafactory_qlora_ds3.yaml'));
        await taken(b.page, before);
        // The listing of what was applied, from its heading down.
        const heading = b.page.getByRole('heading', { name: lang === 'zh' ? '已导入：llamafactory' : 'Imported: llamafactory', exact: true });
        await heading.scrollIntoViewIfNeeded();
        await b.page.evaluate(() => window.scrollBy(0, window.innerHeight / 2 - 120));
        await settle(b.page);
        const ink = await screenshot(b.page, `configs-${size}-${lang}`);
        assert.ok(ink.ink > 0.05 && ink.colours > 20, `${size} ${lang}: something is drawn`);
        assert.ok(await b.page.getByRole('textbox', { name: names[lang].text, exact: true }).count() === 1);
        assert.deepEqual(b.watch.errors, []);
      } finally { await b.close(); }
    }
  }
});
