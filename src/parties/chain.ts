// Chains of title: a mark's recorded assignments ordered into the sequence of owners they
// describe, and the owner the latest transfer leaves. Pure: no store, no clock.
import type { AssignmentRecord } from '../core/schemas/assignment.js';

/**
 * What a conveyance does to title. USPTO conveyance texts name security interests, licences and
 * releases beside transfers; only transfers and name changes move the owner of record. A source
 * without conveyance text (the Assignment Center JSON export) is `unknown` and counts as a
 * transfer, because the document was recorded against the mark with its assignee (docs/parties.md).
 */
export type ConveyanceKind = 'transfer' | 'name_change' | 'security' | 'release' | 'license' | 'other' | 'unknown';

export const conveyanceKind = (text: string | null): ConveyanceKind => {
  if (!text) return 'unknown';
  const t = text.toUpperCase();
  if (/RELEASE|TERMINATION|SATISFACTION/.test(t)) return 'release';
  if (/SECURITY|COLLATERAL|LIEN|MORTGAGE|PLEDGE/.test(t)) return 'security';
  if (/LICEN[SC]E/.test(t)) return 'license';
  if (/CHANGE OF NAME|NAME CHANGE|CHANGE OF ADDRESS/.test(t)) return 'name_change';
  if (/ASSIGN|MERGER|ENTIRE INTEREST|NUNC PRO TUNC|CONVERSION|AMALGAMATION|DISTRIBUTION|TRANSFER/.test(t)) return 'transfer';
  return 'other';
};

const movesTitle = (kind: ConveyanceKind): boolean => kind === 'transfer' || kind === 'name_change' || kind === 'unknown';

/** Names compared for chaining: case, punctuation and spacing ignored. */
export const nameKey = (name: string): string =>
  name.toUpperCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

export interface ChainLink {
  assignment_id: string;
  reel_frame: string;
  conveyance_kind: ConveyanceKind;
  date: string | null;
  from: string[];
  to: string[];
  /** Whether an assignor is the owner the previous link left; false marks a gap in the record. */
  linked: boolean;
}

const dateOf = (a: AssignmentRecord): string | null => a.recorded_date ?? a.execution_date;

const byDate = (a: AssignmentRecord, b: AssignmentRecord): number =>
  (a.execution_date ?? '9999').localeCompare(b.execution_date ?? '9999') || a.reel_frame.localeCompare(b.reel_frame);

/**
 * Orders the title-moving assignments: from the first owner (the earliest assignor nobody in
 * these documents assigned to; the stored owner may already be a later one), each next link is the earliest remaining one whose assignor is the
 * current holder. Several documents executed the same day are thereby ordered by who held title.
 */
export const chainOfTitle = (assignments: readonly AssignmentRecord[]): ChainLink[] => {
  const remaining = assignments.filter((a) => movesTitle(conveyanceKind(a.conveyance))).sort(byDate);
  const assigneeKeys = new Set(remaining.flatMap((a) => a.assignees.map((p) => nameKey(p.name))));
  const root = remaining.find((a) => a.assignors.some((p) => !assigneeKeys.has(nameKey(p.name)))) ?? remaining[0];
  let holders = new Set((root?.assignors ?? []).map((p) => nameKey(p.name)));
  const chain: ChainLink[] = [];
  while (remaining.length > 0) {
    let i = remaining.findIndex((a) => a.assignors.some((p) => holders.has(nameKey(p.name))));
    const linked = i >= 0;
    if (!linked) i = 0;
    const a = remaining.splice(i, 1)[0]!;
    chain.push({
      assignment_id: a.id,
      reel_frame: a.reel_frame,
      conveyance_kind: conveyanceKind(a.conveyance),
      date: dateOf(a),
      from: a.assignors.map((p) => p.name),
      to: a.assignees.map((p) => p.name),
      linked,
    });
    holders = new Set(a.assignees.map((p) => nameKey(p.name)));
  }
  return chain;
};
