// traincalc — tests/e2e/lzma.test.mjs
// web/lzma_decode.js, the page's LZMA decoder, against liblzma (Python's lzma module, the encoder
// scripts/assemble_page.py uses): byte-exact round trips over inputs that exercise each path
// (literals only, overlapping runs, repeated distances, long distances with direct bits), every
// lc/lp/pb the page could be built with, slice by slice as the page runs it, the page's own wasm,
// and a damaged stream's error text, exactly.
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { test, root, pagePath, pageProgram } from './lib.mjs';

const source = readFileSync(join(root, 'web', 'lzma_decode.js'), 'utf8');
const { lzmaDecoder, lzmaDecode } = new Function(source + '; return { lzmaDecoder, lzmaDecode };')();

// The page's container ([props][size u32 LE][raw LZMA1]) from liblzma, by the packer the page is
// built with (scripts/assemble_page.py's pack_wasm).
function pack(data, lc = 4, lp = 0, pb = 0) {
  const py = `import sys; sys.path.insert(0, ${JSON.stringify(join(root, 'scripts'))})
from assemble_page import pack_wasm
sys.stdout.buffer.write(pack_wasm(sys.stdin.buffer.read(), ${lc}, ${lp}, ${pb}))`;
  return new Uint8Array(execFileSync('python3', ['-c', py], { input: data, maxBuffer: 64 << 20 }));
}

// Deterministic pseudo-random bytes (xorshift32): no match for the encoder to find.
function noise(n, seed = 12345) {
  const out = Buffer.alloc(n);
  let x = seed;
  for (let i = 0; i < n; i++) { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; out[i] = x & 0xff; }
  return out;
}

const INPUTS = {
  'empty': Buffer.alloc(0),
  'one byte': Buffer.from([0x2a]),
  'a run of one byte (overlapping matches, distance 1)': Buffer.alloc(100000, 0x61),
  'noise (literals only)': noise(70000),
  // A phrase repeated at a few distances: rep0..rep3 and short reps.
  'text with repeats': Buffer.from(Array.from({ length: 3000 }, (_, i) =>
    ['ZeRO-3 offload ', 'tokens/s per card ', '显存 ', 'GPU-hours '][i % 4] + (i % 7)).join('')),
  // Runs one byte longer than the longest match (273): a match, then a one-byte repeat right
  // after it (a "short rep" from a match state), then a literal.
  'runs of 275 after a literal': Buffer.concat(Array.from({ length: 200 }, (_, i) =>
    Buffer.concat([noise(3, i + 1), Buffer.alloc(275, 0x61 + (i % 3))]))),
  // Noise, then the same noise again 2 MiB later: distances over 2^21 (direct bits, aligned bits).
  'a block repeated far away (long distances)': Buffer.concat([noise(4096, 7), noise(2 << 20, 9), noise(4096, 7)]),
};

for (const [name, data] of Object.entries(INPUTS)) {
  test(`lzma: ${name} decodes to the same bytes`, () => {
    const packed = pack(data);
    assert.deepEqual(Buffer.from(lzmaDecode(packed)), data);
  });
}

test('lzma: every lc / lp / pb decodes (xz\'s defaults, the page\'s, and the extremes liblzma takes: lc + lp <= 4)', () => {
  const data = Buffer.concat([INPUTS['text with repeats'], noise(5000, 3), INPUTS['text with repeats']]);
  for (const [lc, lp, pb] of [[3, 0, 2], [4, 0, 0], [0, 0, 0], [0, 4, 4], [2, 2, 4], [1, 2, 3]]) {
    assert.deepEqual(Buffer.from(lzmaDecode(pack(data, lc, lp, pb))), data, `lc=${lc} lp=${lp} pb=${pb}`);
  }
});

test('lzma: slice by slice, as the page feeds the streaming compile, gives the same bytes', () => {
  const data = INPUTS['text with repeats'];
  const d = lzmaDecoder(pack(data));
  assert.equal(d.size, data.length);
  const parts = [];
  let sent = 0;
  while (sent < d.size) {
    const end = d.run(sent + 1000);
    assert.ok(end >= Math.min(d.size, sent + 1000) && end <= Math.min(d.size, sent + 1000 + 273), `a slice ends at ${end}`);
    parts.push(Buffer.from(d.out.subarray(sent, end)));
    sent = end;
  }
  assert.deepEqual(Buffer.concat(parts), data);
  assert.equal(d.run(d.size + 1), d.size, 'past the end, nothing more');
});

test('lzma: a damaged stream throws an error that names what is wrong', () => {
  const packed = pack(INPUTS['text with repeats']);
  const bad = (edit) => { const c = packed.slice(); edit(c); return c; };
  assert.throws(() => lzmaDecode(bad((c) => { c[0] = 230; })), { message: 'lzma: bad properties byte 230' });
  assert.throws(() => lzmaDecode(bad((c) => { c[5] = 1; })), { message: 'lzma: bad stream start' });
  assert.throws(() => lzmaDecode(packed.subarray(0, packed.length >> 1)), { message: 'lzma: the stream is truncated' });
  // A size larger than the stream holds: the end marker comes first.
  const longer = bad((c) => { c[1] += 1; });
  assert.throws(() => lzmaDecode(longer), { message: `lzma: the stream ended at byte ${INPUTS['text with repeats'].length} of ${INPUTS['text with repeats'].length + 1}` });
  // Flipped bits in the middle: some error, never a hang or a wrong-length result.
  for (let k = 0; k < 40; k++) {
    const c = bad((x) => { x[20 + k * 97 % (x.length - 30)] ^= 1 << (k % 8); });
    let out = null;
    try { out = lzmaDecode(c); } catch (e) { assert.match(e.message, /^lzma: /); continue; }
    assert.equal(out.length, INPUTS['text with repeats'].length);
  }
});

test('lzma: the page carries its wasm and JS LZMA-packed, and they decode to the built wasm and JS in the CSP', { skip: !existsSync(pagePath) && 'no page built' }, () => {
  const page = readFileSync(pagePath, 'utf8');
  const { wasm, js } = pageProgram(page);
  assert.ok(WebAssembly.validate(wasm), 'a valid WebAssembly module');
  const text = js.toString('utf8');
  assert.match(text, /instantiateWasm/, 'the loader follows the wasm');
  assert.ok(text.indexOf('__tcYaml=') >= 0 && text.indexOf('__tcYaml=') < text.indexOf('instantiateWasm'), 'the YAML parser comes ahead of the loader');
  const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(page)[1];
  assert.ok(csp.includes(`'sha256-${createHash('sha256').update(js).digest('base64')}'`), 'the JS may run: its sha256 is in the CSP');
  const built = join(root, 'build', 'web', 'bin', 'traincalc.wasm');
  if (existsSync(built) && !process.env.TRAINCALC_PAGE) {
    const sha = (b) => createHash('sha256').update(b).digest('hex');
    assert.equal(sha(wasm), sha(readFileSync(built)), 'the same bytes as the build\'s wasm');
  }
});
