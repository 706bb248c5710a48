// The newcomer's first command: `tm demo` ingests the bundled real files and shows real results.
import { execa } from 'execa';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'tm-demo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('tm demo', () => {
  it('ingests the fixtures into its own store and shows counts, searches, a term and the docket', async () => {
    const db = join(dir, 'demo.db');
    const r = await execa('node', ['bin/tm.js', 'demo', '--db', db], { env: { TM_NOW: '2026-11-22T12:00:00.000Z' }, reject: false });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^Ingested \d+ real records from \d+ office files/);
    expect(r.stdout).toMatch(/US\s+United States Patent and Trademark Office\s+\d+/);
    const sections = r.stdout.split('\n── ');
    expect(sections.find((s) => s.startsWith('Sound-alikes'))).toMatch(/PYTHON\s+US\s+2824281/);
    expect(sections.find((s) => s.startsWith('Look-alikes'))).toMatch(/JAVA\s+US\s+2178784/);
    expect(sections.find((s) => s.startsWith('One mark'))).toContain('Term state');
    expect(sections.find((s) => s.startsWith('The docket'))).toMatch(/\d{4}-\d{2}-\d{2}\s+in \d+d/);
    const again = await execa('node', ['bin/tm.js', 'stats', '--db', db, '--json']);
    expect(JSON.parse(again.stdout).total).toBeGreaterThan(50);
  });

  it('with --json prints one JSON document of the same steps', async () => {
    const r = await execa('node', ['bin/tm.js', 'demo', '--json', '--db', join(dir, 'demo-json.db')], { env: { TM_NOW: '2026-11-22T12:00:00.000Z' }, reject: false });
    expect(r.exitCode).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({ object: 'demo', stats: { total: expect.any(Number) }, trademark: { office_code: 'US' } });
    expect(doc.ingest.records).toBeGreaterThan(50);
    expect(doc.sound_alikes.data.map((h: { mark_text: string }) => h.mark_text)).toContain('PYTHON');
  });
});
