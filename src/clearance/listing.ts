// The clearance result of a listing check (spec §2.10): each finding rated by how it matched, the
// mark's status and class, and where in the listing it appears; then the 0-100 score, bucket,
// summary and guidance. Weights: docs/clearance.md.
import { z } from 'zod';

export type Strictness = 'strict' | 'related' | 'any';
export type ClassMatch = 'same' | 'coordinated' | 'other' | 'any';
type Kind = 'exact_word' | 'inside_word' | 'fuzzy';
type Where = 'title' | 'description' | 'tags';

export const Finding = z.object({
  trademark_id: z.string(),
  mark: z.string(),
  office_code: z.string(),
  application_number: z.string().nullable(),
  owner: z.string().nullable(),
  status: z.string(),
  classes: z.array(z.number().int()),
  found_in: z.enum(['title', 'description', 'tags']),
  match: z.enum(['exact_word', 'inside_word', 'fuzzy']),
  class_match: z.enum(['same', 'coordinated', 'other', 'any']),
  snippet: z.string().nullable(),
  risk: z.number().min(0).max(1),
});
export type Finding = z.infer<typeof Finding>;

export interface MarkInfo {
  id: string;
  office_code: string;
  mark_text: string;
  status: string;
  classes: number[];
}

const KIND: Record<Kind, number> = { exact_word: 0.9, inside_word: 0.6, fuzzy: 0.5 };
const WHERE: Record<Where, number> = { title: 1, tags: 0.9, description: 0.8 };
const CLASS: Record<ClassMatch, number> = { same: 1, coordinated: 0.7, other: 0.4, any: 0.8 };

export const rateFinding = (mark: MarkInfo, kind: Kind, where: Where, classMatch: ClassMatch, snippet: string | null): Finding => ({
  trademark_id: mark.id,
  mark: mark.mark_text,
  office_code: mark.office_code,
  application_number: null,
  owner: null,
  status: mark.status,
  classes: mark.classes,
  found_in: where,
  match: kind,
  class_match: classMatch,
  snippet,
  risk: Math.round(KIND[kind] * WHERE[where] * CLASS[classMatch] * (mark.status === 'active' ? 1 : 0.85) * 1000) / 1000,
});

export const BUCKETS = [
  [80, 'high_clearance'],
  [50, 'moderate_clearance'],
  [20, 'low_clearance'],
  [0, 'no_clearance'],
] as const;

export const clearanceOf = (findings: readonly Finding[]): { clearance: { score: number; bucket: string; summary: string }; guidance: string[] } => {
  const top = findings[0];
  // Each further finding takes a little more: several marks in one listing are worse than one.
  const score = top ? Math.max(0, Math.round(100 * (1 - top.risk) - 2 * Math.min(10, findings.length - 1))) : 100;
  const bucket = BUCKETS.find(([min]) => score >= min)![1];
  const summary = top
    ? `${findings.length} registered mark${findings.length === 1 ? '' : 's'} found; the strongest is ${top.mark} (${top.office_code}, ${top.status}) as ${top.match.replace('_', ' ')} in the ${top.found_in}.`
    : 'No registered mark found in the listing.';
  const guidance: string[] = [];
  if (findings.some((f) => f.found_in === 'title' && f.match === 'exact_word'))
    guidance.push('A registered mark appears as a word in the title: remove it, or show that the use is descriptive or refers to the genuine product (nominative use).');
  if (findings.some((f) => f.match === 'inside_word')) guidance.push('Some marks sit inside longer words: check whether the word is a coined term built on the mark.');
  if (findings.some((f) => f.match === 'fuzzy')) guidance.push('One-letter variants of well-known marks were found: misspellings of a famous mark are treated like the mark itself.');
  if (findings.some((f) => f.class_match === 'same')) guidance.push("Marks registered in the listing's own classes carry the highest risk; consider a clearance search for the product name.");
  if (!top) guidance.push('No conflict found among the stored marks; this is not a full clearance opinion.');
  return { clearance: { score, bucket, summary }, guidance };
};
