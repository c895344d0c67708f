// traincalc — tests/e2e/glyphs.test.mjs
// web/glyph_raster.js, which rasterises the page's glyphs from the system fonts, in Chromium with its
// real fonts: every glyph cut from a shared row is byte for byte the glyph drawn alone, and holds
// all of its ink. Before the cells spanned each glyph's ink, "J" (3 px left of its pen at 45 px)
// left a dot in the cell before it: after "导出" in the phone's "导出 JSON" button.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, launch, root } from './lib.mjs';

const source = readFileSync(join(root, 'web', 'glyph_raster.js'), 'utf8');
// The page's font stack, from the same file.
const STACK = new Function(source + '; return tcFontStack;')();
let ascii = '';
for (let c = 0x20; c < 0x7f; c++) ascii += String.fromCharCode(c);
// ASCII, then the UI's Chinese and symbols, each glyph after another one.
const CHARS = [...(ascii + '导出入复制链接训练成本估算模型与方法（）：，。、¥×·↓▼…≈≤→龘' + ' J j p , _ f /')];

// In the page: each size's row-packed raster beside each glyph drawn alone, and each glyph's ink on a
// canvas with room to spare (4 lines either side of the pen).
async function rasterise(page, sizes) {
  return page.evaluate(({ source, sizes, chars, stack }) => {
    const tcRasterGlyphs = new Function(source + '; return tcRasterGlyphs;')();
    const out = [];
    for (const cssPx of sizes) {
      const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
      const font = cssPx + 'px ' + stack;
      ctx.font = font;
      const m = ctx.measureText('Hg\u56fd');
      const asc = m.fontBoundingBoxAscent, H = Math.round(m.fontBoundingBoxAscent + m.fontBoundingBoxDescent);
      const row = tcRasterGlyphs(ctx, font, asc, H, chars);
      const glyphs = [];
      let off = 0;
      for (let i = 0; i < chars.length; i++) {
        const w = row.widths[i], cell = Array.from(row.alpha.subarray(off, off + w * H));
        off += w * H;
        const alone = tcRasterGlyphs(ctx, font, asc, H, [chars[i]]);
        // All of the ink in the cell's rows, wherever it falls left or right of the pen.
        const big = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
        big.canvas.width = 9 * H; big.canvas.height = H;
        big.font = font; big.fillStyle = '#fff'; big.textBaseline = 'alphabetic';
        big.fillText(chars[i], 4 * H, asc);
        const px = big.getImageData(0, 0, 9 * H, H).data;
        let ink = 0;
        for (let k = 3; k < px.length; k += 4) ink += px[k];
        let cellInk = 0, edge = 0;
        for (let y = 0; y < H; y++)
          for (let x = 0; x < w; x++) {
            cellInk += cell[y * w + x];
            if (x === 0 || x === w - 1) edge += cell[y * w + x];
          }
        glyphs.push({ ch: chars[i], w, left: row.lefts[i], advance: row.advances[i], sameAlone: alone.widths[0] === w &&
          Array.from(alone.alpha).every((a, k) => a === cell[k]), cellInk, ink, edge });
      }
      out.push({ cssPx, H, glyphs });
    }
    return out;
  }, { source, sizes, chars: CHARS, stack: STACK });
}

test('glyphs cut from a shared row: each is the glyph drawn alone, all of its ink, clear margins', async () => {
  const b = await launch();
  try {
    await b.page.setContent('<!doctype html><meta charset="utf-8"><body>');
    // 13 and 16 px: desktop; 35 and 45 px: the body text at 2 and 3 device pixels per px.
    const sizes = await rasterise(b.page, [13, 16, 35, 45]);
    for (const { cssPx, H, glyphs } of sizes) {
      assert.ok(H > cssPx, `${cssPx}px: a line of ${H} px`);
      for (const g of glyphs) {
        const what = `${cssPx}px ${JSON.stringify(g.ch)} (cell ${g.w} px, pen at ${g.left})`;
        assert.ok(g.sameAlone, `${what}: differs from the glyph drawn alone (a neighbour's ink in its cell)`);
        assert.equal(g.cellInk, g.ink, `${what}: holds ${g.cellInk} of its ink's ${g.ink} (cut off)`);
        assert.equal(g.edge, 0, `${what}: ink in its 1-px margins`);
        assert.ok(g.w >= Math.ceil(g.advance) + 2, `${what}: narrower than its advance ${g.advance} + 2`);
      }
      // The case that showed: "J" reaches left of its pen, so its cell starts further left.
      const J = glyphs.find((g) => g.ch === 'J'), space = glyphs.find((g) => g.ch === ' ');
      assert.ok(J.left > 1, `${cssPx}px: J's pen ${J.left} px into its cell`);
      assert.equal(space.cellInk, 0, `${cssPx}px: the space has no ink`);
    }
    assert.deepEqual(b.watch.errors, []);
  } finally { await b.close(); }
});
