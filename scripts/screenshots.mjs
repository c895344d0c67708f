// traincalc — scripts/screenshots.mjs
// The README's screenshots: desktop in Chinese, phone in English, from dist/traincalc.html.
// usage: node scripts/screenshots.mjs   (after scripts/build_page.sh)
import { join } from 'node:path';
import { launch, open, settle, root } from '../tests/e2e/lib.mjs';

const scenario = { model: 'qwen2.5-14b', method: 'lora', samples: 80000, avg_tokens: 700, epochs: 3, gpu: 'A100-80G', cards: 2, zero: 2 };
const shots = [
  { file: 'screenshot-desktop-zh.png', size: 'desktop', locale: 'zh-CN' },
  { file: 'screenshot-phone-en.png', size: 'phone', locale: 'en-US', dpr: 2 },
];
for (const s of shots) {
  const b = await launch({ size: s.size, locale: s.locale });
  try {
    await open(b.page);
    await b.page.evaluate((sc) => window.traincalc.set(sc), scenario);
    await settle(b.page);
    await b.page.screenshot({ path: join(root, 'docs', s.file), scale: s.dpr ? 'css' : 'device' });
    console.log('wrote docs/' + s.file);
  } finally { await b.close(); }
}
