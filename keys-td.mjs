import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const origin = process.env.ORIGIN ?? 'http://localhost:4301';
const out = {};
for (let round = 0; round < Number(process.env.R ?? 2); round++)
for (const path of (process.env.PATHS ?? 'bare,/,/create').split(',')) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  if (path === 'bare') { await page.goto(origin + '/robots.txt'); await page.setContent('<!doctype html><body><input style="width:40em">'); }
  else { await page.goto(origin + path); await page.waitForLoadState('networkidle'); }
  const field = path === 'bare' ? page.locator('input') : page.getByLabel(/^URL/).first();
  await field.click(); await page.keyboard.type('h'); await page.waitForTimeout(1500);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const td = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value;
  const a = await td();
  const keys = 'ttps://example.com/menu/today?table=12';
  for (const k of keys) { await page.keyboard.type(k); await page.waitForTimeout(120); }
  await page.waitForTimeout(1500);
  const b = await td();
  (out[path] ??= []).push(((b - a) * 1000 / keys.length).toFixed(1));
  await page.close();
}
console.log(JSON.stringify(out));
await browser.close();
