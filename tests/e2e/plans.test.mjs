// traincalc — tests/e2e/plans.test.mjs
// Issue 13, items 3-5 on the page: the inverse questions ("What fits, what it buys"), host RAM per
// machine and spot billing. The inputs are found by role and name in the accessibility tree and
// filled as a person does (a mouse click or a finger tap, then the keyboard); the answers drawn
// must be the native CLI's for the same scenario (`traincalc estimate --inverse`, `traincalc
// largest-batch --text`, `traincalc estimate --text`), in English on a desktop and in Chinese on a
// phone, where nothing of these sections may overlap or leave the 390 px screen.
import assert from 'node:assert/strict';
import { test, launch, open, settle, screenshot, expand, typeInto, shown, assertShown, section, runCli as run } from './lib.mjs';

// A number box by its accessible name: a real click (or a finger tap), select all, type, Enter.
async function type(page, name, text, { touch = false } = {}) {
  await typeInto(page, name, text, touch);
  await settle(page, 200);
}

// The typed inputs (label → text) in each language, and the scenario keys they must set.
const INPUTS = {
  en: [['Number of cards', '8'], ['Budget (0 = none)', '2000'], ['Deadline, hours (0 = none)', '24'],
    ['Spot price per card-hour (0 = off)', '4'], ['Interruptions per hour', '0.1'],
    ['Checkpoint every, hours (0 = never)', '1'], ['Restart after an interruption, hours', '0.25'],
    ['Spot billing increment, hours (0 = by the second)', '0.5'], ['Machine RAM, GiB (0 = catalog)', '1000']],
  zh: [['卡数', '8'], ['预算（0 为不设）', '2000'], ['期限（小时，0 为不限）', '24'],
    ['竞价每卡每小时（0 为不比较）', '4'], ['每小时中断次数', '0.1'], ['每隔多少小时保存（0 为不保存）', '1'],
    ['中断后重启耗时（小时）', '0.25'], ['竞价计费单位（小时，0 为按秒）', '0.5'], ['机器内存 GiB（0 为默认）', '1000']],
};
const EXPECT = { cards: 8, budget: 2000, deadline_hours: 24, spot_price_hourly: 4, interruptions_per_hour: 0.1,
  checkpoint_interval_hours: 1, restart_hours: 0.25, spot_min_billed_hours: 0.5, host_ram_gib: 1000 };

async function fill(page, lang, touch) {
  const keys = Object.keys(EXPECT); // in INPUTS' order
  for (const [i, [name, text]] of INPUTS[lang].entries()) {
    await type(page, name, text, { touch });
    // The typed value reaches the scenario (read back with get(), which changes nothing).
    await page.waitForFunction(([k, v]) => window.traincalc.get()[k] === v, [keys[i], EXPECT[keys[i]]], { timeout: 10000 });
  }
  const s = await page.evaluate(() => window.traincalc.get());
  for (const [k, v] of Object.entries(EXPECT)) assert.equal(s[k], v, `${k} typed into its box`);
  return s;
}

for (const [lang, size, locale] of [['en', 'desktop', 'en-US'], ['zh', 'phone', 'zh-CN']]) {
  test(`${size}, ${lang}: typed budget, deadline, spot and machine RAM give the CLI's answers`, async () => {
    const touch = size === 'phone';
    const b = await launch({ size, locale });
    try {
      await open(b.page);
      const scenario = await fill(b.page, lang, touch);
      // The inverse answers: the CLI's `estimate --inverse` JSON, its explain lines without a formula.
      const j = JSON.parse(run(['estimate', '--inverse', '--lang', lang], scenario));
      assert.equal(j.ok, true);
      assert.equal(j.inverse.micro_batch.found, true);
      assert.equal(j.inverse.budget.found, true);
      assert.equal(j.inverse.deadline.found, true);
      const answers = j.inverse.explain.filter((l) => !l.includes(' = '));
      const work = j.inverse.explain.filter((l) => l.includes(' = '));
      await assertShown(b.page, answers, 'inverse answers');
      assert.ok(answers.some((l) => l.includes(String(j.inverse.micro_batch.value))), 'the batch answer holds the value');
      // `largest-batch --text` prints the same lines.
      assert.deepEqual(run(['largest-batch', '--text', '--lang', lang], scenario).trim().split('\n'), j.inverse.explain);
      // The work opens by its named toggle.
      const swFor = lang === 'zh' ? '查看算式：' : 'Show work: ';
      const titles = lang === 'zh' ? ['能放下多少、能买多少', '每台机器的内存', '竞价 / 可抢占实例']
        : ['What fits, what it buys', 'Host RAM per machine', 'Spot / preemptible'];
      assert.equal(await shown(b.page, work[0]), false, 'the work waits for its toggle');
      await expand(b.page, `${swFor}${titles[0]}`, touch);
      await assertShown(b.page, work, 'inverse work');
      // Host RAM and spot: their work lines are the CLI report's memory and cost lines.
      const report = run(['estimate', '--text', '--lang', lang], scenario);
      const memory = section(report, lang === 'zh' ? '显存' : 'Memory');
      const cost = section(report, lang === 'zh' ? '费用' : 'Cost');
      const host = memory.filter((l) => l.startsWith(lang === 'zh' ? '每台机器' : 'Host RAM'));
      const spot = cost.filter((l) => l.startsWith(lang === 'zh' ? '竞价' : 'Spot'));
      await expand(b.page, `${swFor}${titles[1]}`, touch);
      await assertShown(b.page, host, 'host RAM work');
      await expand(b.page, `${swFor}${titles[2]}`, touch);
      await assertShown(b.page, spot, 'spot work');
      // The cards work: the CLI's lines, the deadline's count among them (searched over every strategy).
      const cards = section(report, lang === 'zh' ? '卡数' : 'Cards');
      assert.ok(cards.some((l) => l.startsWith(lang === 'zh' ? '要在 24 小时内完成' : 'Cards to finish within 24 h')),
        `a deadline line in ${JSON.stringify(cards)}`);
      await expand(b.page, `${swFor}${lang === 'zh' ? '所需卡数' : 'Cards needed'}`, touch);
      await assertShown(b.page, cards, 'cards work');
      // The headline figures are the CLI's: the spot cost and on-demand cost from the JSON, as the
      // report's verdict line writes them, appear in the page's spot line.
      const verdict = spot[spot.length - 1];
      const money = verdict.match(/[¥$][\d,.]+/g);
      assert.equal(money.length, 2, `two amounts in "${verdict}"`);
      const spotLine = b.page.getByText(new RegExp(`^${lang === 'zh' ? '竞价预期' : 'Spot, expected'} `)).filter({ visible: true });
      assert.equal(await spotLine.count(), 1);
      const text = await spotLine.textContent();
      assert.ok(text.includes(money[0]) && text.includes(money[1]), `"${text}" holds ${money.join(' and ')}`);
      const peak = b.page.getByText(new RegExp(`^${lang === 'zh' ? '峰值' : 'Peak'} `)).filter({ visible: true });
      assert.equal(await peak.count(), 1);
      assert.match(await peak.textContent(), new RegExp(`/ 1,000 GiB · ✓ ${lang === 'zh' ? '放得下' : 'fits'}`));
      assert.equal(j.host_ram.fits, true);
      assert.equal(j.host_ram.available_gib, 1000);
      // Nothing of these sections overlaps another or leaves the screen.
      const boxes = await b.page.evaluate((names) => {
        const out = [];
        for (const el of document.querySelectorAll('#tc-sem *')) {
          const label = el.getAttribute('aria-label') || el.textContent || '';
          if (!names.some((n) => label.startsWith(n))) continue;
          const r = el.getBoundingClientRect();
          if (r.width > 0 && r.height > 0) out.push({ label, x0: r.left + scrollX, y0: r.top + scrollY, x1: r.right + scrollX, y1: r.bottom + scrollY });
        }
        return out;
      }, [...answers, ...work, ...host, ...spot, ...titles, swFor, lang === 'zh' ? '竞价预期' : 'Spot, expected', lang === 'zh' ? '峰值' : 'Peak ']);
      assert.ok(boxes.length >= answers.length + work.length + host.length + spot.length, `boxes found: ${boxes.length}`);
      const width = await b.page.evaluate(() => document.documentElement.clientWidth);
      for (const r of boxes) assert.ok(r.x0 >= -0.5 && r.x1 <= width + 0.5, `"${r.label}" inside the ${width} px page (${r.x0}..${r.x1})`);
      for (let i = 0; i < boxes.length; i++) {
        for (let k = i + 1; k < boxes.length; k++) {
          const a = boxes[i], c = boxes[k];
          const ox = Math.min(a.x1, c.x1) - Math.max(a.x0, c.x0), oy = Math.min(a.y1, c.y1) - Math.max(a.y0, c.y0);
          assert.ok(!(ox > 1 && oy > 1), `"${a.label}" and "${c.label}" do not overlap`);
        }
      }
      await b.page.getByText(answers[0], { exact: true }).filter({ visible: true }).scrollIntoViewIfNeeded();
      await settle(b.page);
      await screenshot(b.page, `plans-${size}-${lang}`);
      assert.deepEqual(b.watch.errors, []);
    } finally { await b.close(); }
  });
}
