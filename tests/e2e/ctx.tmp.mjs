import { launch } from './lib.mjs';
import { pathToFileURL } from 'node:url';
const url = pathToFileURL(process.argv[2]).href;
const res = {};
for (let r = 0; r < 5; r++) {
  for (const locale of ['zh-CN']) for (const lang of ['en', 'zh']) {
    const b = await launch({ locale });
    await b.page.waitForTimeout(1500);
    await b.page.goto(url + '#lang=' + lang);
    await b.page.waitForFunction(() => window.__traincalcPerf && window.__traincalcPerf.frames >= 1, null, { timeout: 20000 });
    const p = await b.page.evaluate(() => window.__traincalcPerf);
    const fcp = await b.page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0].startTime);
    const k = `browser ${locale}, page ${lang}`;
    (res[k] ||= []).push([Math.round(p.contextMs), Math.round(p.firstFrameMs), Math.round(fcp)]);
    await b.close();
  }
}
const med = (a) => a.slice().sort((x, y) => x - y)[a.length >> 1];
for (const [k, v] of Object.entries(res)) console.log(k, 'context', med(v.map((x) => x[0])), 'first frame', med(v.map((x) => x[1])), 'fcp', med(v.map((x) => x[2])));
