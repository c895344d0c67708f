import { launch, open, settle, press, typeInto, center, touchTap, pageUrl } from './lib.mjs';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
const said = async (page) => page.evaluate(() => [...document.querySelectorAll('#tc-sem [role="status"], #tc-sem p')].slice(0, 0).map((e) => e.textContent));
// 1. phone zh: tap the GPU picker, tap an option, swipe
{
  const b = await launch({ size: 'phone', locale: 'zh-CN' });
  await open(b.page); await settle(b.page);
  const picker = b.page.getByRole('combobox', { name: 'GPU 型号', exact: true });
  await press(b.page, picker, true); await settle(b.page, 200);
  const opt = b.page.getByRole('option', { name: /^NVIDIA H100 80GB SXM,/ });
  await press(b.page, opt, true); await settle(b.page, 300);
  console.log('phone zh gpu:', (await b.page.evaluate(() => window.traincalc.get())).gpu);
  console.log('phone zh summary:', await b.page.evaluate(() => window.traincalc.summary ? window.traincalc.summary() : ''));
  await b.page.evaluate(() => window.scrollTo(0, 0)); await settle(b.page, 200);
  await b.page.screenshot({ path: '/tmp/shots/pre-phone-zh.png' });
  const y0 = await b.page.evaluate(() => window.scrollY);
  const cdp = await b.page.context().newCDPSession(b.page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 200, y: 600 }] });
  for (let i = 1; i <= 8; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 200, y: 600 - i * 40 }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await b.page.waitForTimeout(600);
  console.log('swipe scrolled', y0, '->', await b.page.evaluate(() => window.scrollY), 'errors', b.watch.errors);
  await b.close();
}
// 2. desktop en: click cards box, type 4, Enter
{
  const b = await launch({ size: 'desktop', locale: 'en-US' });
  await open(b.page); await settle(b.page);
  await typeInto(b.page, 'Number of cards', '4'); await settle(b.page, 300);
  const s = await b.page.evaluate(() => window.traincalc.get());
  console.log('desktop en cards:', s.cards);
  await b.page.screenshot({ path: '/tmp/shots/pre-desktop-en.png' });
  let n = 0; for (; n < 200; n++) { await b.page.keyboard.press('Tab'); const inside = await b.page.evaluate(() => !!document.activeElement && document.activeElement.closest('#tc-sem') !== null); if (!inside) break; }
  console.log('Tab left the controls after', n + 1, 'presses; errors', b.watch.errors);
  await b.close();
}
// 3. embedded zh on a phone in a host page: tap 训练轮数, type 4, Back
{
  const dir = mkdtempSync(join(tmpdir(), 'pre-host-'));
  const start = join(dir, 'start.html'), host = join(dir, 'host.html');
  writeFileSync(start, '<!doctype html><title>start</title><p>before</p>');
  writeFileSync(host, `<!doctype html><html lang="zh-CN"><meta name="viewport" content="width=device-width"><title>host</title><h1>一篇博客</h1><iframe id="w" title="traincalc" src="${pageUrl}#embed=1&lang=zh-CN" style="width:100%;height:700px;border:0"></iframe>`);
  const b = await launch({ size: 'phone', locale: 'zh-CN', args: ['--allow-file-access-from-files'] });
  await b.page.goto(pathToFileURL(start).href);
  await b.page.goto(pathToFileURL(host).href);
  const frame = b.page.frameLocator('#w');
  const box = frame.getByRole('textbox', { name: '训练轮数', exact: true });
  await box.waitFor({ state: 'attached', timeout: 20000 });
  await b.page.waitForTimeout(1500);
  await box.scrollIntoViewIfNeeded(); await b.page.waitForTimeout(400);
  const r = await box.boundingBox();
  await touchTap(b.page, r.x + r.width / 2, r.y + r.height / 2);
  await b.page.waitForTimeout(200);
  await b.page.keyboard.press('Control+A'); await b.page.keyboard.type('4'); await b.page.keyboard.press('Enter');
  await b.page.waitForTimeout(800);
  const w = b.page.frames().find((f) => f.url().startsWith(pageUrl));
  console.log('embed epochs:', (await w.evaluate(() => window.traincalc.get())).epochs);
  await b.page.screenshot({ path: '/tmp/shots/pre-embed-zh.png' });
  await b.page.evaluate(() => history.back());
  await b.page.waitForURL(/start\.html$/, { timeout: 10000 });
  console.log('Back reached', b.page.url().split('/').pop(), 'errors', b.watch.errors);
  await b.close();
}
