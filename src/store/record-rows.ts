// The rows every backend derives from an assignment, a proceeding or a document list: the content
// hash that tells an identical record (which writes nothing), the lower-cased party names a party
// filter reads, and the marks a record names. One copy, so both backends store the same rows.
import { createHash } from 'node:crypto';
import type { AssignmentRecord } from '../core/schemas/assignment.js';
import type { ProceedingRecord } from '../core/schemas/proceeding.js';

/** The stored hash of a record's JSON. */
export const contentHash = (json: string): string => createHash('sha256').update(json).digest('base64url').slice(0, 32);

/** Assignors and assignees, lower-cased, one a line (what `party` filters search). */
export const assignmentPartyNames = (a: AssignmentRecord): string =>
  [...a.assignors, ...a.assignees].map((p) => p.name.toLowerCase()).join('\n');

/** Every party of a proceeding, lower-cased, one a line. */
export const proceedingPartyNames = (p: ProceedingRecord): string => p.parties.map((x) => x.name.toLowerCase()).join('\n');

/** `assignment_marks` rows: each mark an assignment touches, once. */
export const assignmentMarks = (a: AssignmentRecord): [string, string][] =>
  [...new Set(a.properties.flatMap((p) => (p.trademark_id ? [p.trademark_id] : [])))].map((t) => [t, a.id]);

/** `proceeding_marks` rows: each mark a party of a proceeding claims, with that party's role, once. */
export const proceedingMarks = (p: ProceedingRecord): [string, string, string][] => {
  const seen = new Map<string, [string, string, string]>();
  for (const party of p.parties) for (const prop of party.properties) if (prop.trademark_id) seen.set(`${prop.trademark_id}\n${party.role}`, [prop.trademark_id, p.id, party.role]);
  return [...seen.values()];
};

/** A `party` filter as a LIKE pattern over the lower-cased names (with `\` as the escape). */
export const partyPattern = (party: string): string => `%${party.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
