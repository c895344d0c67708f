// traincalc — bench/provider_block.mjs
// A GPU provider's catalog block of n priced cards (the shape README "Embedding it" shows), and
// the page with that block written in: what bench/page.mjs and the browser tests load. The same
// entries as provider_block() in bench/bench.cpp, so native and in-page figures compare.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const MARKER = '{"mode": "extend", "gpus": [], "models": []}';

export function providerBlock(n) {
  const gpus = [];
  for (let i = 0; i < n; i++) {
    gpus.push(`{"id":"P${i}","name":"Provider card ${i}","memory_gib":${24 + 8 * (i % 10)},"tflops_16bit":${100 + (i % 900)},` +
      `"nvlink_gbps":${i % 2 ? 600 : 0},"compute_capability":8.0,"tdp_w":400,"price_cny_per_hour":${(5 + (i % 300) / 10).toFixed(1)}}`);
  }
  return `{"mode":"extend","gpus":[${gpus.join(',')}]}`;
}

// n cards (every other one priced) in about 72 bytes each: 100,000 of them fit the 8 MiB cap.
export function compactBlock(n) {
  const gpus = [];
  for (let i = 0; i < n; i++)
    gpus.push(`{"id":"P${i.toString(36)}","name":"P","memory_gib":${24 + 8 * (i % 10)},"tflops_16bit":${100 + (i % 900)}${i % 2 ? '' : ',"price_cny_per_hour":' + (5 + (i % 30))}}`);
  return `{"mode":"extend","gpus":[${gpus.join(',')}]}`;
}

// Writes `page` with its provider block replaced by `block` to dir/name.html; returns its file URL.
export function pageWithBlock(pagePath, dir, name, block) {
  const html = readFileSync(pagePath, 'utf8');
  if (!html.includes(MARKER)) throw new Error('the page has no empty provider block to replace');
  const file = join(dir, name + '.html');
  writeFileSync(file, html.replace(MARKER, () => block));
  return pathToFileURL(file).href;
}
