// Documents and citations on real office files: the TSDR casedocs list of 78787878 served newest
// first and filtered by type or category (current and earlier shapes, and include=documents), an
// honest empty list for a stored mark with no casedocs, 404 for neither; the prior registrations
// the USPTO daily XML claims (cites, cited_by) and the marks pleaded in TTAB oppositions.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trademarkId } from '../../src/core/ids.js';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { getTrademarkEarlier } from '../../src/ops/trademarks/get-trademark-earlier.js';
import { listTrademarkCitations } from '../../src/ops/records/list-trademark-citations.js';
import { listTrademarkDocuments } from '../../src/ops/records/list-trademark-documents.js';
import { listTrademarkDocumentsEarlier } from '../../src/ops/records/list-trademark-documents-earlier.js';
import { makeRecord, tempContext, type TempContext } from '../helpers/factory.js';
import { callOp, errorOf } from '../helpers/ops.js';

let t: TempContext;
beforeAll(async () => {
  t = tempContext();
  const files = [
    'fixtures/uspto/tsdr/casedocs_sn78787878_info.xml',
    'fixtures/uspto/tsdr/casestatus_sn78787878_info.json',
    'fixtures/uspto/daily-xml/apc180218-sample.xml',
    'fixtures/uspto/ttab/tt230101-sample.xml',
  ];
  expect((await ingestFiles(t.ctx, files)).failed_files).toEqual([]);
});
afterAll(async () => {
  await t.cleanup();
});

describe('documents', () => {
  it('lists the casedocs documents of a mark, filtered by type code or category', async () => {
    const all = await callOp(t.ctx, listTrademarkDocuments, { id: 'US:78787878' });
    expect(all.data).toHaveLength(16);
    expect(all.data[0]).toMatchObject({ type: 'CDR', date: '2025-01-02', url: null, download_url: null });
    expect((await callOp(t.ctx, listTrademarkDocuments, { id: 'US:78787878', type: 'ooa,noa' })).data.map((d) => d.type)).toEqual(['OOA', 'NOA', 'OOA', 'OOA']);
    expect((await callOp(t.ctx, listTrademarkDocuments, { id: trademarkId('US', '78787878'), type: 'Specimens' })).data).toHaveLength(2);
  });

  it('serves the earlier shape and include=documents; a stored mark without casedocs has none; an unknown one is a 404', async () => {
    const earlier = await callOp(t.ctx, listTrademarkDocumentsEarlier, { jurisdiction: 'us', trademark_id: '78787878' });
    expect(earlier.success).toBe(true);
    expect(earlier.data.documents).toHaveLength(16);
    const detail = await callOp(t.ctx, getTrademarkEarlier, { id: 'US:78787878', include: ['documents'] });
    expect(detail.data.documents).toHaveLength(16);
    expect((await callOp(t.ctx, listTrademarkDocuments, { id: 'US:87310367' })).data).toEqual([]);
    expect((await errorOf(callOp(t.ctx, listTrademarkDocuments, { id: 'US:12345678' }))).type).toBe('not_found');
    expect((await errorOf(callOp(t.ctx, listTrademarkDocuments, { id: 'own_29d08d73d164a218bad1' }))).type).toBe('id_type_mismatch');
  });

  it('re-ingesting the same casedocs writes nothing', async () => {
    const again = await ingestFiles(t.ctx, ['fixtures/uspto/tsdr/casedocs_sn78787878_info.xml']);
    expect(again).toMatchObject({ records: 1, inserted: 0, updated: 0, unchanged: 1 });
  });
});

describe('citations', () => {
  // The sample's case-file 73079337 … claims prior registrations 0623045 and 0631692 (relationship type 0).
  const xml = readFileSync('fixtures/uspto/daily-xml/apc180218-sample.xml', 'utf8');
  const claimant = (number: string) => {
    const at = xml.indexOf(`<number>${number}</number>`);
    const start = xml.lastIndexOf('<serial-number>', at);
    return xml.slice(start + 15, xml.indexOf('</serial-number>', start));
  };

  it('lists the prior registrations a mark claims, and the claiming mark from the registration', async () => {
    const serial = claimant('0623045');
    expect(claimant('0631692')).toBe(serial);
    const cites = await callOp(t.ctx, listTrademarkCitations, { id: `US:${serial}` });
    expect(cites.data.map((c) => [c.direction, c.relation, c.registration_number])).toEqual([
      ['cites', 'prior_registration', '0623045'],
      ['cites', 'prior_registration', '0631692'],
    ]);
    // Once the cited registration is stored, both ends name each other.
    const cited = makeRecord({ application_number: '72000001', registration_number: '623045', mark_text: 'EARLIER MARK' });
    await t.ctx.store.trademarks.upsert([cited], '2026-11-22T12:00:00.000Z');
    expect((await callOp(t.ctx, listTrademarkCitations, { id: `US:${serial}` })).data[0]).toMatchObject({ trademark_id: cited.id, mark_text: 'EARLIER MARK' });
    const back = await callOp(t.ctx, listTrademarkCitations, { id: cited.id });
    expect(back.data).toMatchObject([{ direction: 'cited_by', relation: 'prior_registration', trademark_id: trademarkId('US', serial), application_number: serial }]);
  });

  it('lists the marks pleaded against a mark in a TTAB opposition, and the other way round', async () => {
    const against = await callOp(t.ctx, listTrademarkCitations, { id: 'US:79268185' });
    expect(against.data).toMatchObject([{ direction: 'cited_against', relation: 'opposition', application_number: '88495169', proceeding_id: expect.stringMatching(/^prc_/), source: 'ttab-xml' }]);
    const asserted = await callOp(t.ctx, listTrademarkCitations, { id: 'US:88495169', direction: 'asserted_against' });
    expect(asserted.data.map((c) => c.application_number)).toEqual(['79268185']);
    expect((await callOp(t.ctx, listTrademarkCitations, { id: 'US:87310367' })).data).toEqual([]);
    expect((await errorOf(callOp(t.ctx, listTrademarkCitations, { id: 'US:12345678' }))).type).toBe('not_found');
  });
});
