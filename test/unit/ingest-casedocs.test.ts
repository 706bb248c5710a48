// The USPTO TSDR case documents adapter on the real casedocs answer for serial 78787878: one list
// of 16 documents, newest first, with types, categories, pages and media as the file gives them,
// no invented URLs; detection among the other formats; a truncated file and a document without a
// serial number.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { trademarkId } from '../../src/core/ids.js';
import type { DocumentListRecord } from '../../src/core/schemas/documents.js';
import type { ParseItem } from '../../src/ingest/adapter.js';
import { tsdrCasedocsXml } from '../../src/ingest/adapters/tsdr-casedocs-xml.js';
import { TmError } from '../../src/errors.js';
import { fixture, parseFixture, parseString, readAll } from './ingest-helpers.js';

const FILE = 'uspto/tsdr/casedocs_sn78787878_info.xml';
const lists = (items: ParseItem<DocumentListRecord>[]) => items.map((i) => (i.ok ? i.record : null));

describe('tsdr-casedocs-xml', () => {
  it('reads the 16 documents of serial 78787878 into one list, newest first', async () => {
    const [list] = lists(await parseFixture(tsdrCasedocsXml, FILE));
    expect(list).toMatchObject({ object: 'document_list', trademark_id: trademarkId('US', '78787878'), office_code: 'US', application_number: '78787878' });
    const docs = list!.documents;
    expect(docs).toHaveLength(16);
    expect(docs[0]).toEqual({
      document_id: expect.stringMatching(/^doc_[0-9a-f]{20}$/),
      date: '2025-01-02',
      type: 'CDR',
      description: 'Change of Domestic Rep. Address',
      category: 'Incoming',
      page_count: 10,
      media_types: ['image/tiff'],
      scanned_at: '2025-12-02T14:17:21.000-05:00',
      url: null,
      has_file: true,
      download_url: null,
    });
    expect(docs.at(-1)).toMatchObject({ date: '2006-01-09', type: 'FTK', description: 'TEAS Plus New Application', category: 'Application' });
    expect(docs.filter((d) => d.type === 'OOA').map((d) => d.date)).toEqual(['2025-01-01', '2007-02-06', '2006-06-27']);
    expect(new Set(docs.map((d) => d.document_id)).size).toBe(16);
    expect(docs.map((d) => d.date)).toEqual([...docs.map((d) => d.date)].sort().reverse());
  });

  it('is detected among the other formats', async () => {
    const [entry] = await readAll(fixture(FILE));
    expect(entry!.format).toBe('tsdr-casedocs-xml');
  });

  it('reports a document without a serial number and refuses a truncated file', async () => {
    const text = readFileSync(fixture(FILE), 'utf8');
    const noSerial = text.replace('<SerialNumber>78787878</SerialNumber>', '');
    const items = await parseString(tsdrCasedocsXml, noSerial, 'docs.xml');
    expect(items[0]).toMatchObject({ ok: false, recordNumber: 1, reason: expect.stringMatching(/no valid SerialNumber/) });
    expect(lists(items.filter((i) => i.ok))[0]!.documents).toHaveLength(15);
    await expect(parseString(tsdrCasedocsXml, text.slice(0, 3000), 'cut.xml')).rejects.toSatisfy((e: unknown) => e instanceof TmError && e.type === 'input_error' && /cut\.xml/.test(e.message));
  });
});
