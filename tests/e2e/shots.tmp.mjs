import { launch, open, settle } from './lib.mjs';
const shots = [
  ['phone-zh-top', { size: 'phone', locale: 'zh-CN' }, 0],
  ['phone-zh-mid', { size: 'phone', locale: 'zh-CN' }, 1600],
  ['phone-en-mid', { size: 'phone', locale: 'en-US' }, 2600],
  ['desktop-zh', { size: 'desktop', locale: 'zh-CN' }, 0],
  ['desktop-en-low', { size: 'desktop', locale: 'en-US' }, 1400],
];
for (const [name, opts, y] of shots) {
  const b = await launch(opts);
  await open(b.page);
  if (y) { await b.page.mouse.move(200, 300); await b.page.mouse.wheel(0, y); }
  await settle(b.page, 600);
  await b.page.screenshot({ path: `/tmp/shot-${name}.png`, scale: 'css' });
  await b.close();
}
