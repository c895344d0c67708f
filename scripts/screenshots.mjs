// traincalc — scripts/screenshots.mjs
// The README's screenshots, from dist/traincalc.html: desktop in Chinese, phone in English,
// embedded at 800×600 and 360×640, and the dark theme (prefers-color-scheme: dark).
// usage: node scripts/screenshots.mjs   (after scripts/build_page.sh)
import { join } from 'node:path';
import { launch, open, settle, root } from '../tests/e2e/lib.mjs';

const scenario = { model: 'qwen2.5-14b', method: 'lora', samples: 80000, avg_tokens: 700, epochs: 3, gpu: 'A100-80G', cards: 2, zero: 2 };
const shots = [
  { file: 'screenshot-desktop-zh.png', size: 'desktop', locale: 'zh-CN' },
  { file: 'screenshot-phone-en.png', size: 'phone', locale: 'en-US', dpr: 2 },
  { file: 'screenshot-embed-800x600-zh.png', size: 'desktop', locale: 'zh-CN', viewport: { width: 800, height: 600 }, hash: '#embed=1' },
  { file: 'screenshot-embed-360x640-en.png', size: 'phone', locale: 'en-US', viewport: { width: 360, height: 640 }, hash: '#embed=1', dpr: 2 },
  { file: 'screenshot-dark-desktop-en.png', size: 'desktop', locale: 'en-US', colorScheme: 'dark' },
];
for (const s of shots) {
  const b = await launch({ size: s.size, locale: s.locale, viewport: s.viewport || null, colorScheme: s.colorScheme || 'light' });
  try {
    await open(b.page, s.hash || '');
    await b.page.evaluate((sc) => window.traincalc.set(sc), scenario);
    await settle(b.page);
    await b.page.screenshot({ path: join(root, 'docs', s.file), scale: s.dpr ? 'css' : 'device' });
    console.log('wrote docs/' + s.file);
  } finally { await b.close(); }
}
