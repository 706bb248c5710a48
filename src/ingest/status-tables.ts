// Office status tables (data/status-codes/<OFFICE>.json) and the USPTO event-code table
// (data/event-codes/US.json): loaded once from the package's data/ folder (found via
// src/data-files.ts), validated, and used to turn an office's verbatim status into the normalised
// TrademarkStatus of spec §2.2.
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { packagePath, readPackageJson } from '../data-files.js';
import type { TrademarkStatus } from '../core/schemas/status.js';

export const StatusCodeEntry = z.object({
  code: z.string().min(1),
  label: z.string(),
  primary: z.enum(['pending', 'active', 'inactive', 'unknown']),
  stage: z.string().regex(/^[a-z][a-z_]*$/),
  /** A pending challenge this status itself implies (e.g. `opposition`). */
  challenge: z.string().optional(),
  live_dead: z.string().optional(),
  /** An English gloss where the label is in another language. */
  note: z.string().optional(),
});
export type StatusCodeEntry = z.infer<typeof StatusCodeEntry>;

export const StatusTableFile = z.object({
  source: z.string().min(1),
  office_code: z.string().regex(/^[A-Z]{2}$/),
  codes: z.array(StatusCodeEntry).min(1),
});
export type StatusTableFile = z.infer<typeof StatusTableFile>;

export const EventCodeFile = z.object({
  source: z.string().min(1),
  office_code: z.string().regex(/^[A-Z]{2}$/),
  codes: z.array(z.object({ code: z.string().min(1), type: z.string(), label: z.string() })),
});
export type EventCodeFile = z.infer<typeof EventCodeFile>;

/** Case-insensitive key: tables are keyed by code, and by the uppercased code as a fallback. */
const key = (code: string): string => code.trim().toUpperCase();

const statusTables = new Map<string, Map<string, StatusCodeEntry> | null>();

/** The status table of one office, or null when the office has none. */
export const statusTable = (officeCode: string): Map<string, StatusCodeEntry> | null => {
  const office = officeCode.toUpperCase();
  const cached = statusTables.get(office);
  if (cached !== undefined) return cached;
  let table: Map<string, StatusCodeEntry> | null = null;
  if (existsSync(packagePath('data', 'status-codes', `${office}.json`))) {
    const file = StatusTableFile.parse(readPackageJson('data', 'status-codes', `${office}.json`));
    table = new Map(file.codes.map((entry) => [key(entry.code), entry]));
  }
  statusTables.set(office, table);
  return table;
};

/** The offices that ship a status table. */
export const STATUS_TABLE_OFFICES = ['US', 'EM', 'FI', 'SE', 'JP', 'KR'] as const;

let usEvents: Map<string, string> | undefined;

/**
 * USPTO prosecution-event labels, keyed both by `code|type` (the table's unit: one code can have
 * several types) and by the bare code (its first row).
 */
export const usEventCodes = (): Map<string, string> => {
  if (!usEvents) {
    const file = EventCodeFile.parse(readPackageJson('data', 'event-codes', 'US.json'));
    const map = new Map<string, string>();
    for (const c of file.codes) {
      map.set(`${c.code}|${c.type}`, c.label);
      if (!map.has(c.code)) map.set(c.code, c.label);
    }
    usEvents = map;
  }
  return usEvents;
};

export interface StatusInput {
  /** The office's verbatim status code (or status word); null when it publishes only a label. */
  code: string | null;
  /** The office's verbatim label; null when it publishes none (the table label fills it for US). */
  label: string | null;
  effectiveDate?: string | null;
  /** Pending challenges the record itself flags (e.g. USPTO opposition-pending-in). */
  challenges?: readonly string[];
}

/** Maps an office status through that office's table; unknown codes keep their raw value. */
export const mapStatus = (officeCode: string, input: StatusInput): TrademarkStatus => {
  const lookup = input.code ?? input.label;
  const entry = lookup ? statusTable(officeCode)?.get(key(lookup)) : undefined;
  const challenges = new Set(input.challenges ?? []);
  if (entry?.challenge) challenges.add(entry.challenge);
  const hasRaw = input.code !== null || input.label !== null;
  return {
    primary: entry?.primary ?? 'unknown',
    stage: entry?.stage ?? 'unknown',
    reason: null,
    challenges: [...challenges],
    effective_date: input.effectiveDate ?? null,
    basis: 'office',
    raw: hasRaw ? { code: input.code, label: input.label } : null,
  };
};

/** The USPTO publishes labels for its codes only in its code table, so the label comes from there. */
export const usStatusLabel = (code: string | null): string | null =>
  code ? (statusTable('US')?.get(key(code))?.label ?? null) : null;
