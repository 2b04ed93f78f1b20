import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
const rows: [string, number][] = [];
page.on('response', async (r) => {
  if (r.request().resourceType() !== 'script') return;
  const s = await r.request().sizes();
  rows.push([r.url().split('/').pop()!, s.responseBodySize]);
});
await page.goto('http://127.0.0.1:4600/partnership/', { waitUntil: 'networkidle' });
const load = rows.reduce((a, b) => a + b[1], 0);
await page.locator('form[data-form] input:not([type=hidden]):not([tabindex="-1"])').first().focus();
await page.waitForTimeout(1500);
console.log(rows, load, rows.reduce((a, b) => a + b[1], 0));
await browser.close();
