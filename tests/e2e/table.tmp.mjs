import { launch, open, settle } from './lib.mjs';
for (const locale of ['en-US', 'zh-CN']) {
  const b = await launch({ locale });
  await open(b.page, process.argv[2] || '');
  await settle(b.page);
  const y = await b.page.evaluate(() => { const e = [...document.querySelectorAll('#tc-sem *')].find((e) => /GeForce RTX 4090 24GB/.test(e.textContent || '')); return e ? e.getBoundingClientRect().top + window.scrollY : -1; });
  console.log(locale, y);
  await b.page.mouse.move(900, 400);
  await b.page.mouse.wheel(0, y - 200);
  await b.page.waitForTimeout(300); await settle(b.page, 150);
  await b.page.screenshot({ path: `/tmp/shots/table-${locale}.png` });
  await b.close();
}
