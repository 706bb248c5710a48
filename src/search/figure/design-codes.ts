// Design-code search (issue 29 point 10): codes are filed under every level (category 03,
// division 03.01, section 03.01.08), and a query code matches a mark at the deepest level they
// share. Marks rank by how many query codes they match, then by how deep (docs/interface.md).
import type { DesignCode } from '../../core/schemas/parts.js';
import { TmError } from '../../errors.js';

const LEVELS = ['category', 'division', 'section'] as const;
export type DesignLevel = (typeof LEVELS)[number];

/** `03.01.08`, `3.1.8`, `030108` or `0301` as dotted two-digit parts (1 to 3 of them), else null. */
export const normalizeDesignCode = (raw: string): string | null => {
  const s = raw.trim();
  const parts = /^\d+$/.test(s) && s.length % 2 === 0 && s.length <= 6 ? (s.match(/\d\d/g) ?? []) : s.split('.');
  if (parts.length < 1 || parts.length > 3 || !parts.every((p) => /^\d{1,2}$/.test(p))) return null;
  return parts.map((p) => p.padStart(2, '0')).join('.');
};

/** Every level of a code: 03.01.08 → 03, 03.01, 03.01.08. */
const prefixes = (code: string): string[] => code.split('.').map((_, i, parts) => parts.slice(0, i + 1).join('.'));

/** The keys a mark is filed under: every level of each of its codes (any system), once. */
export const designKeys = (codes: readonly DesignCode[]): string[] => {
  const keys = new Set<string>();
  for (const c of codes) {
    const code = normalizeDesignCode(c.code);
    if (code) for (const k of prefixes(code)) keys.add(k);
  }
  return [...keys];
};

/** Query codes from a comma list or array; an unreadable one is a 400. */
export const parseDesignQuery = (value: unknown, param = 'design_code'): string[] => {
  const raw = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(',')).map((v) => v.trim()).filter(Boolean);
  if (!raw.length) throw new TmError('validation_error', `${param}: give at least one design code, e.g. 03.01.08.`, { param });
  const codes = raw.map((r) => {
    const code = normalizeDesignCode(r);
    if (!code) throw new TmError('validation_error', `${param}: '${r}' is not a design code (category 03, division 03.01 or section 03.01.08).`, { param });
    return code;
  });
  return [...new Set(codes)];
};

export interface DesignHit {
  trademarkId: string;
  /** Query codes matched at some level. */
  matched: number;
  /** 0-100: the matched depth over the depth asked, averaged over the query codes. */
  score: number;
  codes: { code: string; matched: string; level: DesignLevel }[];
}

/** The keys to look up for these query codes. */
export const queryKeys = (codes: readonly string[]): string[] => [...new Set(codes.flatMap(prefixes))];

/** Ranks (mark, key) postings against the query codes: more codes matched first, then deeper, then id. */
export const rankDesignHits = (codes: readonly string[], postings: readonly { trademark_id: string; key: string }[]): DesignHit[] => {
  const byMark = new Map<string, Set<string>>();
  for (const p of postings) {
    let keys = byMark.get(p.trademark_id);
    if (!keys) byMark.set(p.trademark_id, (keys = new Set()));
    keys.add(p.key);
  }
  const hits: DesignHit[] = [];
  for (const [trademarkId, keys] of byMark) {
    const matches: DesignHit['codes'] = [];
    let depth = 0;
    for (const code of codes) {
      const deepest = prefixes(code).filter((k) => keys.has(k)).pop();
      if (!deepest) continue;
      const level = deepest.split('.').length;
      matches.push({ code, matched: deepest, level: LEVELS[level - 1]! });
      depth += level / code.split('.').length;
    }
    if (matches.length) hits.push({ trademarkId, matched: matches.length, score: Math.round((100 * depth) / codes.length), codes: matches });
  }
  return hits.sort((a, b) => b.matched - a.matched || b.score - a.score || (a.trademarkId < b.trademarkId ? -1 : 1));
};
