import { launch, open, settle } from './lib.mjs';
for (const locale of ['en-US', 'zh-CN']) {
  const b = await launch({ locale });
  await open(b.page, '#s=eyJkYXRhX2lucHV0IjoidG9rZW5zIiwiZGVhZGxpbmVfaG91cnMiOjI0LjAsImVwb2NocyI6MS4wLCJncHUiOiJIMTAwLVNYTSIsIm1ldGhvZCI6ImZ1bGwiLCJtb2RlbCI6ImxsYW1hLTMuMS04YiIsIm9mZmxvYWQiOiJvcHRpbWl6ZXIiLCJ0b2tlbnMiOjEwMDAwMDAwMDAwLjAsInplcm8iOjF9');
  await settle(b.page);
  await b.page.screenshot({ path: '/tmp/shots/dl-' + locale + '.png', clip: { x: 490, y: 80, width: 790, height: 360 } });
  await b.close();
}
