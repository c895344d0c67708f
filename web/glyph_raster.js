// traincalc — web/glyph_raster.js (--pre-js: tc_js_raster in web/library_traincalc.js calls it)
// Rasterises glyphs with Canvas 2D, several per row of one canvas, and cuts each out by its own
// cell. A cell spans the glyph's ink, as measureText's actual bounding box gives it, and its advance,
// plus 1 px either side for antialiasing. A fixed margin is not enough: "J" and "p" reach 3–4 px
// left of their pen at 45 px, and their ink landed in the cell before (a dot after "导出" in
// "导出 JSON"). tests/e2e/glyphs.test.mjs holds it to: a glyph cut from a row is the glyph drawn alone.
//
// ctx: a 2D context on a canvas of its own (resized here); font: the CSS font; asc: the baseline's
// distance from the cell's top (px); H: the cell's height (px); chars: one string per glyph.
// Returns {advances, lefts, widths, alpha}: per glyph its advance (px), the pen's distance from
// its cell's left edge (px), the cell's width (px); alpha holds the cells one after another, each
// widths[i] × H bytes, row by row. A cell is at most 4H wide (its ink cut beyond that).
// The page's font stack: the platform's UI font, then its Chinese one (tc_js_raster sizes it).
var tcFontStack = 'system-ui, -apple-system, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", sans-serif';

function tcRasterGlyphs(ctx, font, asc, H, chars) {
  var n = chars.length, advances = new Float32Array(n), lefts = new Int32Array(n), widths = new Int32Array(n);
  var total = 0, i;
  ctx.font = font;
  for (i = 0; i < n; i++) {
    var m = ctx.measureText(chars[i]);
    var inkLeft = Math.max(0, Math.ceil(m.actualBoundingBoxLeft || 0));
    var inkRight = Math.max(Math.ceil(m.width), Math.ceil(m.actualBoundingBoxRight || 0));
    advances[i] = m.width;
    lefts[i] = inkLeft + 1;
    widths[i] = Math.min(inkLeft + inkRight + 2, 4 * H);
    total += widths[i] * H;
  }
  var alpha = new Uint8Array(total), canvas = ctx.canvas, rowW = 4096, off = 0;
  if (n > 0 && (canvas.width !== rowW || canvas.height !== H)) { canvas.width = rowW; canvas.height = H; }
  for (i = 0; i < n;) {
    ctx.clearRect(0, 0, rowW, H);
    ctx.font = font; ctx.fillStyle = '#fff'; ctx.textBaseline = 'alphabetic';
    var x = 0, j = i;
    // A cell holds all of its glyph's ink, so neighbours drawn into one row do not touch.
    while (j < n && (x + widths[j] <= rowW || j === i)) { ctx.fillText(chars[j], x + lefts[j], asc); x += widths[j]; j++; }
    var img = ctx.getImageData(0, 0, x, H).data, gx = 0;
    for (var k = i; k < j; k++) {
      var gw = widths[k];
      for (var y = 0; y < H; y++) {
        var src = (y * x + gx) * 4 + 3, dst = off + y * gw;
        for (var xx = 0; xx < gw; xx++) alpha[dst + xx] = img[src + xx * 4];
      }
      off += gw * H; gx += gw;
    }
    i = j;
  }
  return { advances: advances, lefts: lefts, widths: widths, alpha: alpha };
}
