// traincalc — web/lzma_decode.js
// The page's wasm travels LZMA-compressed (scripts/assemble_page.py): 14% smaller than zopfli's
// gzip (231 KB against 269 KB for the same wasm), and browsers' DecompressionStream reads only
// gzip and deflate. This decodes it: an LZMA1 decoder written from the format's specification
// (Igor Pavlov's LzmaSpec.cpp, public domain), nothing else of a library.
//
// Input: [props byte = (pb * 5 + lp) * 9 + lc][uncompressed size, u32 little-endian][raw LZMA1
// stream]. The whole output is the dictionary, so the dictionary size is not needed.
// lzmaDecoder(src) -> {size, out: Uint8Array(size), run(limit) -> bytes out so far}; lzmaDecode(src)
// -> the whole Uint8Array. A corrupted stream throws an Error naming what is wrong.
//
// Index:
// [SECTION] Range decoder and probability model (one Uint16Array, offsets below)
// [SECTION] Literals, lengths, distances
// [SECTION] Main loop (LzmaSpec.cpp's DecodeLzma)

function lzmaDecoder(src) {
  'use strict';
  // [SECTION] Range decoder and probability model
  var props = src[0], lc = props % 9, lp = ((props / 9) | 0) % 5, pb = (props / 45) | 0;
  if (props >= 225) throw new Error('lzma: bad properties byte ' + props);
  var size = (src[1] | (src[2] << 8) | (src[3] << 16) | (src[4] << 24)) >>> 0;
  var out = new Uint8Array(size);
  // src[5] is the range coder's first byte, always 0; the code starts with the next four.
  var rc = new Int32Array([-1, (src[6] << 24) | (src[7] << 16) | (src[8] << 8) | src[9]]), inPos = 10;
  if (src[5] !== 0 || rc[1] === rc[0]) throw new Error('lzma: bad stream start');
  // Probability offsets: 12 states x 16 position states for the match and rep-long bits.
  var IS_MATCH = 0, IS_REP = 192, IS_REP_G0 = 204, IS_REP_G1 = 216, IS_REP_G2 = 228, IS_REP0_LONG = 240;
  var POS_SLOT = 432;              // 4 length states x 64
  var SPEC_POS = 688;              // 115 = kNumFullDistances (128) - kEndPosModelIndex (14) + 1
  var ALIGN = 803;                 // 16
  var LEN = 819, REP_LEN = 1333;   // each: choice, choice2, low 16 x 8, mid 16 x 8, high 256 = 514
  var LITERAL = 1847;              // 0x300 per literal context
  var p = new Uint16Array(LITERAL + (0x300 << (lc + lp)));
  p.fill(1024);  // every bit starts at probability 1/2 (kBitModelTotal / 2)

  // The coder's range and code live in an Int32Array, as int32 bit patterns of the unsigned values
  // (compared unsigned by flipping the sign bit): closure variables over 2^30 are boxed numbers,
  // allocated on every write, and uint32 values in doubles make V8 leave int32 arithmetic.
  function bit(i) {
    var prob = p[i], r = rc[0], c = rc[1], bound = Math.imul(r >>> 11, prob), b = 0;
    if ((c ^ 0x80000000) < (bound ^ 0x80000000)) { r = bound; p[i] = prob + ((2048 - prob) >> 5); }
    else { r = (r - bound) | 0; c = (c - bound) | 0; p[i] = prob - (prob >> 5); b = 1; }
    if ((r >>> 24) === 0) { r <<= 8; c = (c << 8) | src[inPos++]; }
    rc[0] = r; rc[1] = c;
    return b;
  }
  // A bit tree of n bits: its probabilities are base + 1 .. base + 2^n - 1 (LzmaSpec's CBitTreeDecoder).
  function tree(base, n) {
    var m = 1;
    for (var k = 0; k < n; k++) m = (m << 1) | bit(base + m);
    return m - (1 << n);
  }
  function treeReverse(base, n) {
    var m = 1, sym = 0;
    for (var k = 0; k < n; k++) { var b = bit(base + m); m = (m << 1) | b; sym |= b << k; }
    return sym;
  }

  // [SECTION] Literals, lengths, distances
  // Match lengths 0..271 (2 is added by the caller): low 0-7, mid 8-15, high 16-271.
  function length(base, posState) {
    if (!bit(base)) return tree(base + 2 + (posState << 3), 3);
    if (!bit(base + 1)) return 8 + tree(base + 130 + (posState << 3), 3);
    return 16 + tree(base + 258, 8);
  }
  function distance(len) {
    var lenState = len < 3 ? len : 3;
    var slot = tree(POS_SLOT + (lenState << 6), 6);
    if (slot < 4) return slot;
    var nBits = (slot >>> 1) - 1, dist = ((2 | (slot & 1)) << nBits) >>> 0;
    if (slot < 14) return dist + treeReverse(SPEC_POS + dist - slot, nBits);
    for (var k = nBits - 4, direct = 0, r = rc[0], c = rc[1]; k > 0; k--) {
      r = r >>> 1;
      var t = (c ^ 0x80000000) >= (r ^ 0x80000000) ? 1 : 0;
      if (t) c = (c - r) | 0;
      direct = direct * 2 + t;
      if ((r >>> 24) === 0) { r <<= 8; c = (c << 8) | src[inPos++]; }
    }
    rc[0] = r; rc[1] = c;
    return dist + direct * 16 + treeReverse(ALIGN, 4);
  }

  // [SECTION] Main loop
  // run(limit) decodes until at least `limit` bytes are out (a match may run past it) and returns
  // how many are: the page hands each slice to a streaming compile and yields between slices.
  var pbMask = (1 << pb) - 1, lpMask = (1 << lp) - 1;
  // Past the input's end the reads give 0s and the output is garbage: whatever went wrong then,
  // the cause is the cut.
  function fail(what) { throw new Error('lzma: ' + (inPos > src.length ? 'the stream is truncated' : what)); }
  var st = { state: 0, rep0: 0, rep1: 0, rep2: 0, rep3: 0, pos: 0 };
  function run(limit) {
    var state = st.state, rep0 = st.rep0, rep1 = st.rep1, rep2 = st.rep2, rep3 = st.rep3, pos = st.pos;
    if (limit > size) limit = size;
    while (pos < limit) {
      var posState = pos & pbMask;
      if (!bit(IS_MATCH + (state << 4) + posState)) {
        var prev = pos > 0 ? out[pos - 1] : 0;
        var base = LITERAL + 0x300 * (((pos & lpMask) << lc) + (prev >>> (8 - lc)));
        var sym = 1;
        if (state >= 7) {  // after a match: the byte at rep0 steers the first bits
          var match = out[pos - rep0 - 1];
          do {
            var mb = (match >>> 7) & 1;
            match <<= 1;
            var b = bit(base + ((1 + mb) << 8) + sym);
            sym = (sym << 1) | b;
            if (mb !== b) break;
          } while (sym < 0x100);
        }
        while (sym < 0x100) sym = (sym << 1) | bit(base + sym);
        out[pos++] = sym & 0xff;
        state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
        continue;
      }
      var len;
      if (bit(IS_REP + state)) {
        if (pos === 0) fail('a repeated match before any byte');
        if (!bit(IS_REP_G0 + state)) {
          if (!bit(IS_REP0_LONG + (state << 4) + posState)) {  // one byte at rep0
            state = state < 7 ? 9 : 11;
            out[pos] = out[pos - rep0 - 1];
            pos++;
            continue;
          }
        } else {
          var d;
          if (!bit(IS_REP_G1 + state)) d = rep1;
          else {
            if (!bit(IS_REP_G2 + state)) d = rep2;
            else { d = rep3; rep3 = rep2; }
            rep2 = rep1;
          }
          rep1 = rep0;
          rep0 = d;
        }
        len = length(REP_LEN, posState);
        state = state < 7 ? 8 : 11;
      } else {
        rep3 = rep2; rep2 = rep1; rep1 = rep0;
        len = length(LEN, posState);
        state = state < 7 ? 7 : 10;
        rep0 = distance(len);
        if (rep0 === 0xffffffff) fail('the stream ended at byte ' + pos + ' of ' + size);
        if (rep0 >= pos) fail('a match reaches before the start (distance ' + rep0 + ' at ' + pos + ')');
      }
      len += 2;
      if (len > size - pos) fail('a match runs past the end (' + (pos + len) + ' > ' + size + ')');
      for (var from = pos - rep0 - 1, end = pos + len; pos < end;) out[pos++] = out[from++];
    }
    if (inPos > src.length) fail('');
    st.state = state; st.rep0 = rep0; st.rep1 = rep1; st.rep2 = rep2; st.rep3 = rep3; st.pos = pos;
    return pos;
  }
  return { size: size, out: out, run: run };
}

// The whole output at once (tests; the page runs lzmaDecoder slice by slice).
function lzmaDecode(src) {
  var d = lzmaDecoder(src);
  d.run(d.size);
  return d.out;
}
