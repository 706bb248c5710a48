// The clearance report in headless Chromium (Debian's chromium, driven by playwright-core): it
// renders with no console errors and no network request, the key sections are laid out on the
// screenshot, and print media applies the print styles.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScreening } from '../../src/ops/clearance/create-screening.js';
import { decideScreeningHit } from '../../src/ops/clearance/decide-screening-hit.js';
import { getScreeningReport } from '../../src/ops/clearance/get-screening-report.js';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { tempContext, type TempContext } from '../helpers/factory.js';
import { FIXTURES } from './http-fixture.js';

const CHROMIUM = process.env.TM_CHROMIUM ?? '/usr/bin/chromium';
let t: TempContext;
let browser: Browser;
let file: string;

beforeAll(async () => {
  t = tempContext();
  await ingestFiles(t.ctx, FIXTURES);
  await t.ctx.index.sync();
  const s = await createScreening.run(t.ctx, createScreening.input.parse({ mark: 'CUTEKS <script>', goods: 'nail polish; nail files', offices: ['US', 'EM'] }));
  const hit = s.hits[0]!;
  await decideScreeningHit.run(t.ctx, decideScreeningHit.input.parse({ id: s.id, trademark_id: hit.id, decision: 'conflict', note: 'Same goods & a famous mark' }));
  const report = await getScreeningReport.run(t.ctx, getScreeningReport.input.parse({ id: s.id, format: 'html' }));
  file = join(t.dir, 'report.html');
  writeFileSync(file, report.content);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t.cleanup();
});

describe('clearance report in Chromium', () => {
  it('is installed where the test expects it', () => expect(existsSync(CHROMIUM)).toBe(true));

  it('renders with no console error and no request beyond the file, with every key section on the screenshot', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const errors: string[] = [];
    const requests: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(`file://${file}`);
    expect(errors).toEqual([]);
    expect(requests).toEqual([`file://${file}`]);
    expect(await page.title()).toBe('Clearance report: CUTEKS <script>');
    for (const id of ['proposal', 'overall', 'charts', 'hits', 'decisions', 'method']) {
      const box = await page.locator(`#${id}`).boundingBox();
      expect(box, id).not.toBeNull();
      expect(box!.height, id).toBeGreaterThan(20);
    }
    expect(await page.locator('#charts svg').count()).toBe(4);
    expect(await page.locator('#hits table tbody tr').count()).toBeGreaterThan(0);
    expect(await page.locator('#decisions').innerText()).toMatch(/conflict — Same goods & a famous mark/);
    const shot = await page.screenshot({ fullPage: true, path: join(t.dir, 'report.png') });
    expect(shot.length).toBeGreaterThan(20_000);
    if (process.env.TM_KEEP_SCREENSHOT) writeFileSync(process.env.TM_KEEP_SCREENSHOT, shot);
    await page.close();
  }, 60_000);

  it('uses the print styles for print media', async () => {
    const page = await browser.newPage();
    await page.goto(`file://${file}`);
    await page.emulateMedia({ media: 'print' });
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    await page.close();
  }, 60_000);
});
