import { chromium } from '@playwright/test';
import axe from 'axe-core';
const ALL = axe.getRules().map((r) => r.ruleId);
const base = 'http://127.0.0.1:5400';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: 1366, height: 850 } });
await ctx.addInitScript({ content: axe.source });
const page = await ctx.newPage();
const res = await page.request.post(base + '/api/auth/login', { data: { email: 'investor@example.com', password: 'investor123' } });
const { data } = await res.json();
await page.goto(base + '/robots.txt');
await page.evaluate(([a, r]) => { localStorage.setItem('accessToken', a); localStorage.setItem('refreshToken', r); }, [data.accessToken, data.refreshToken]);
for (const path of ['/', '/perks', '/documents', '/']) {
  let t = Date.now();
  await page.goto(base + path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  console.log(path, 'load', Date.now() - t);
  for (const [name, rules] of [['all', ALL], ['one', ['region']], ['all-again', ALL]] as const) {
    t = Date.now();
    const n = await page.evaluate((r) => (window as any).axe.run(document, { runOnly: { type: 'rule', values: r }, resultTypes: ['violations'] }).then((x: any) => x.violations.length), rules as string[]);
    console.log(path, name, Date.now() - t, 'violations', n);
  }
}
await browser.close();
