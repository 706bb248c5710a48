// Reference data for the reference operations: the files of data/ read once per process, validated
// and cached, plus the office-code filter every reference list shares.
import { readdirSync } from 'node:fs';
import { canonicalOfficeCode, parseReferenceData, type ReferenceData } from '../../core/reference-data.js';
import { packagePath, readPackageJson } from '../../data-files.js';
import { TmError } from '../../errors.js';
import { EventCodeFile, StatusTableFile } from '../../ingest/status-tables.js';
import type { z } from 'zod';
import type { Context } from '../../context.js';

let cached: ReferenceData | undefined;

export const referenceData = (): ReferenceData => {
  cached ??= parseReferenceData({
    offices: readPackageJson('data', 'offices.json'),
    classes: readPackageJson('data', 'nice', 'classes.json'),
    terms: readPackageJson('data', 'nice', 'terms.json'),
    vienna: readPackageJson('data', 'vienna-codes.json'),
    st3: readPackageJson('data', 'st3-office-codes.json'),
  });
  return cached;
};

/** Every `<OFFICE>.json` of a data/ folder, parsed with its schema, keyed by office code. */
const officeTables = <T extends z.ZodTypeAny>(folder: string, schema: T): Map<string, z.infer<T>> => {
  const files = readdirSync(packagePath('data', folder)).filter((f) => /^[A-Z]{2}\.json$/.test(f)).sort();
  return new Map(files.map((f) => [f.slice(0, 2), schema.parse(readPackageJson('data', folder, f))]));
};

let statusCache: Map<string, StatusTableFile> | undefined;
let eventCache: Map<string, EventCodeFile> | undefined;

/** Status-code tables (data/status-codes/*.json), kept in file order with verbatim labels. */
export const statusCodeTables = (): Map<string, StatusTableFile> => {
  statusCache ??= officeTables('status-codes', StatusTableFile);
  return statusCache;
};

/** Prosecution event-code tables (data/event-codes/*.json). */
export const eventCodeTables = (): Map<string, EventCodeFile> => {
  eventCache ??= officeTables('event-codes', EventCodeFile);
  return eventCache;
};

/**
 * Resolves an `office_code` filter: any case and the aliases EU, IB and UK are accepted. A code
 * that is neither a production office nor a WIPO ST.3 code is a validation error, so a typo is
 * not mistaken for an office with no data; a real office with no table gives an empty list.
 */
export const resolveOfficeFilter = (value: string | undefined): string | undefined => {
  if (value === undefined) return undefined;
  const data = referenceData();
  const code = canonicalOfficeCode(value);
  if (code && (data.st3.has(code) || data.offices.some((o) => o.code === code))) return code;
  throw new TmError('validation_error', `office_code: '${value}' is not a known office code.`, {
    param: 'office_code',
    suggestion: `Use a WIPO ST.3 two-letter code, e.g. one of ${data.offices.map((o) => o.code).join(', ')}.`,
  });
};

/** The current list envelope (spec §2.10); `next` is the cursor of the following page, if any. */
export const referenceList = <T>(ctx: Context, data: T[], next: string | null = null) => ({
  object: 'list' as const,
  data,
  has_more: next !== null,
  pagination: { cursor: next },
  /** Without an organization (the local CLI) the data is the store's own, so live. */
  livemode: ctx.org?.livemode ?? true,
  request_id: ctx.requestId,
});
