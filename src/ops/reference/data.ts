// Reference data for the reference operations: the files of data/ read once per process, validated
// and cached, plus the office-code filter every reference list shares.
import { readdirSync } from 'node:fs';
import {
  canonicalOfficeCode,
  parseNiceClasses,
  parseNiceTerms,
  parseOffices,
  parseSt3,
  parseViennaCodes,
} from '../../core/reference-data.js';
import { packagePath, readPackageJson } from '../../data-files.js';
import { TmError } from '../../errors.js';
import { EventCodeFile, StatusTableFile } from '../../ingest/status-tables.js';
import type { z } from 'zod';
import type { Context } from '../../context.js';

/** A value computed on first use and kept, so each file is read and validated once per process. */
const once = <T>(load: () => T): (() => T) => {
  let value: T | undefined;
  return () => (value ??= load());
};

export const offices = once(() => parseOffices(readPackageJson('data', 'offices.json')));
export const st3Codes = once(() => parseSt3(readPackageJson('data', 'st3-office-codes.json')));
export const niceClasses = once(() => parseNiceClasses(readPackageJson('data', 'nice', 'classes.json')));
export const niceTerms = once(() => parseNiceTerms(readPackageJson('data', 'nice', 'terms.json')));
export const viennaCodes = once(() => parseViennaCodes(readPackageJson('data', 'vienna-codes.json')));

/** Every `<OFFICE>.json` of a data/ folder, parsed with its schema, keyed by office code. */
const officeTables = <T extends z.ZodTypeAny>(folder: string, schema: T): Map<string, z.infer<T>> => {
  const files = readdirSync(packagePath('data', folder)).filter((f) => /^[A-Z]{2}\.json$/.test(f)).sort();
  return new Map(files.map((f) => [f.slice(0, 2), schema.parse(readPackageJson('data', folder, f))]));
};

/** Status-code tables (data/status-codes/*.json), kept in file order with verbatim labels. */
export const statusCodeTables = once((): Map<string, StatusTableFile> => officeTables('status-codes', StatusTableFile));

/** Prosecution event-code tables (data/event-codes/*.json). */
export const eventCodeTables = once((): Map<string, EventCodeFile> => officeTables('event-codes', EventCodeFile));

/**
 * Resolves an `office_code` filter: any case and the aliases EU, IB and UK are accepted. A code
 * that is neither a production office nor a WIPO ST.3 code is a validation error, so a typo is
 * not mistaken for an office with no data; a real office with no table gives an empty list.
 */
export const resolveOfficeFilter = (value: string | undefined, param = 'office_code'): string | undefined => {
  if (value === undefined) return undefined;
  const code = canonicalOfficeCode(value);
  if (code && (st3Codes().has(code) || offices().some((o) => o.code === code))) return code;
  throw new TmError('validation_error', `${param}: '${value}' is not a known office code.`, {
    param,
    suggestion: `Use a WIPO ST.3 two-letter code, e.g. one of ${offices().map((o) => o.code).join(', ')}.`,
  });
};

/** Every code of a list filter resolved the same way: a typo is an error, never an empty result. */
export const resolveOfficeCodes = (values: readonly string[] | undefined, param: string): string[] | undefined =>
  values?.map((v) => resolveOfficeFilter(v, param)!);

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
