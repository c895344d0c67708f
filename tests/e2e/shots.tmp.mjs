import { launch, open, settle, press } from './lib.mjs';
const [size, locale, tag] = [process.argv[2] || 'desktop', process.argv[3] || 'zh-CN', process.argv[4] || 'a'];
const b = await launch({ size, locale });
await open(b.page, process.argv[5] || '');
await settle(b.page);
// expand every collapsed toggle
for (let round = 0; round < 3; round++) {
  const names = await b.page.evaluate(() => [...document.querySelectorAll('#tc-sem [aria-expanded="false"]')].map((e) => e.getAttribute('aria-label') || e.textContent));
  for (const n of names) {
    const t = b.page.getByRole('button', { name: n, exact: true });
    if (await t.count() !== 1) continue;
    if ((await t.getAttribute('aria-expanded')) === 'true') continue;
    if (/help|帮助|\?/.test(n)) continue;
    try { await press(b.page, t, size === 'phone'); await settle(b.page, 150); } catch (e) {}
  }
}
const h = await b.page.evaluate(() => document.documentElement.scrollHeight);
const vh = b.page.viewportSize().height;
let i = 0;
for (let y = 0; y < h; y += vh - 40) {
  await b.page.evaluate((y) => window.scrollTo(0, y), y);
  await b.page.waitForTimeout(250); await settle(b.page, 100);
  await b.page.screenshot({ path: `/tmp/shots/${tag}-${String(i++).padStart(2, '0')}.png` });
}
console.log('height', h, 'shots', i, 'errors', b.watch.errors);
await b.close();
