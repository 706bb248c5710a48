// The status and event-code tables in data/: completeness (all 169 USPTO codes, 901 event codes),
// consistency with USPTO's live/dead column, and the mapping of codes to TrademarkStatus.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/data-files.js';
import {
  EventCodeFile,
  mapStatus,
  STATUS_TABLE_OFFICES,
  StatusTableFile,
  statusTable,
  usEventCodes,
} from '../../src/ingest/status-tables.js';

const load = (relative: string): unknown => JSON.parse(readFileSync(join(packageRoot(), relative), 'utf8'));

describe('status tables', () => {
  it('finds the package root from the module location', () => {
    expect(JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')).name).toBe('tm');
  });

  it('ships all 169 USPTO status codes with verbatim labels and a mapping', () => {
    const file = StatusTableFile.parse(load('data/status-codes/US.json'));
    expect(file.source).toMatch(/USPTO/);
    expect(file.codes).toHaveLength(169);
    expect(new Set(file.codes.map((c) => c.code)).size).toBe(169);
    const byCode = new Map(file.codes.map((c) => [c.code, c]));
    expect(byCode.get('602')).toMatchObject({ label: 'ABANDONED-FAILURE TO RESPOND OR LATE RESPONSE', primary: 'inactive', stage: 'abandoned' });
    expect(byCode.get('686')).toMatchObject({ label: 'PUBLISHED FOR OPPOSITION', primary: 'pending', stage: 'published' });
    expect(byCode.get('700')).toMatchObject({ label: 'REGISTERED', primary: 'active', stage: 'registered' });
    expect(byCode.get('774')).toMatchObject({ primary: 'pending', stage: 'opposition_pending', challenge: 'opposition' });
    expect(byCode.get('900')).toMatchObject({ label: 'EXPIRED', primary: 'inactive', stage: 'expired' });
    expect(byCode.get('000')).toMatchObject({ primary: 'unknown' });
  });

  it('keeps the USPTO live/dead indicator consistent with primary', () => {
    const file = StatusTableFile.parse(load('data/status-codes/US.json'));
    for (const c of file.codes) {
      if (c.live_dead?.startsWith('Dead')) expect(c.primary, c.code).toBe('inactive');
      if (c.live_dead === 'Live/Registered') expect(c.primary, c.code).toBe('active');
      if (c.live_dead?.startsWith('Live')) expect(c.primary, c.code).not.toBe('inactive');
    }
  });

  it.each(STATUS_TABLE_OFFICES)('%s has a valid table with a source', (office) => {
    const file = StatusTableFile.parse(load(`data/status-codes/${office}.json`));
    expect(file.office_code).toBe(office);
    expect(statusTable(office)?.size).toBe(file.codes.length);
  });

  it('ships all 901 USPTO event codes', () => {
    const file = EventCodeFile.parse(load('data/event-codes/US.json'));
    expect(file.codes).toHaveLength(901);
    expect(usEventCodes().get('NWAP|I')).toBe('NEW APPLICATION ENTERED');
  });

  it('maps a status and keeps the raw value; unknown codes stay unknown with their raw value', () => {
    expect(mapStatus('US', { code: '700', label: 'REGISTERED', effectiveDate: '2020-01-07', challenges: ['cancellation'] })).toEqual({
      primary: 'active',
      stage: 'registered',
      reason: null,
      challenges: ['cancellation'],
      effective_date: '2020-01-07',
      basis: 'office',
      raw: { code: '700', label: 'REGISTERED' },
    });
    expect(mapStatus('US', { code: '999', label: null })).toMatchObject({ primary: 'unknown', stage: 'unknown', raw: { code: '999', label: null } });
    expect(mapStatus('ZZ', { code: null, label: null })).toMatchObject({ primary: 'unknown', raw: null });
    expect(mapStatus('EM', { code: 'registered', label: null }).primary).toBe('active');
  });
});
