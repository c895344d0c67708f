import assert from 'node:assert/strict';
import { test, launch, open, settle, center, touchTap, screenshot } from './lib.mjs';
test('rotate with picker open', async () => {
  const b = await launch({ size: 'phone', locale: 'en-US' });
  try {
    await open(b.page);
    await settle(b.page);
    const picker = b.page.getByRole('combobox', { name: 'GPU', exact: true });
    await picker.scrollIntoViewIfNeeded();
    await settle(b.page);
    let c = await center(picker);
    await touchTap(b.page, c.x, c.y);
    const search = b.page.getByRole('textbox', { name: 'Search GPUs…' });
    await search.waitFor({ state: 'attached', timeout: 5000 });
    await settle(b.page);
    console.log('before', await picker.getAttribute('aria-expanded'), await b.page.getByRole('option').count());
    await b.page.setViewportSize({ width: 844, height: 390 });
    await settle(b.page, 1000);
    console.log('after', await picker.getAttribute('aria-expanded'), await b.page.getByRole('option').count());
    await screenshot(b.page, 'zz-rotated');
    await b.page.setViewportSize({ width: 390, height: 844 });
    await settle(b.page, 1000);
    console.log('back', await picker.getAttribute('aria-expanded'), await b.page.getByRole('option').count());
  } finally { await b.close(); }
});
