// USPTO "Trademark Assignment Data, Daily" bulk XML (Trademark Assignments DTD, element
// documentation v0.4; daily `asbYYMMDD` and annual backfile): one recorded document per
// `assignment-entry`, with its reel/frame, recorded date, conveyance text, correspondent,
// assignors, assignees and properties. Unlike the Assignment Center JSON export it carries the
// conveyance text and the recorded date, so security interests and releases are told apart.
import { assignmentId, trademarkId } from '../../core/ids.js';
import { AssignmentRecord, type AssignmentParty, type AssignmentProperty } from '../../core/schemas/assignment.js';
import type { FormatAdapter } from '../adapter.js';
import { toIsoDate, toItem } from './common.js';
import { all, text, treeHandlers, type XmlNode } from './xml-tree.js';
import { runXml } from './xml-stream.js';

const number = (value: string | null): string | null => {
  const n = value?.replace(/^0+(?=.)/, '') ?? null;
  return n && n !== '0' ? n : null;
};

/** The documentation names the party's country; only a two-letter code is kept as a code. */
const countryCode = (p: XmlNode): string | null => {
  const c = text(p, 'country-name') ?? text(p, 'country');
  return c && /^[A-Z]{2}$/.test(c) ? c : null;
};

const party = (p: XmlNode, dated: boolean): AssignmentParty | null => {
  const name = text(p, 'person-or-organization-name') ?? text(p, 'name');
  if (!name) return null;
  return { name, execution_date: dated ? toIsoDate(text(p, 'execution-date')) : null, country_code: countryCode(p) };
};

const property = (p: XmlNode): AssignmentProperty => {
  const serial = number(text(p, 'serial-no'));
  return {
    trademark_id: serial ? trademarkId('US', serial) : null,
    serial_number: serial,
    registration_number: number(text(p, 'registration-no')),
    ir_number: number(text(p, 'intl-reg-no')),
    mark_text: text(p, 'mark-text'),
    filing_date: null,
    registration_date: null,
    current_owner: null,
  };
};

const toRecord = (entry: XmlNode): AssignmentRecord | string => {
  const reel = number(text(entry, 'assignment/reel-no'));
  const frame = text(entry, 'assignment/frame-no');
  if (!reel || !frame) return 'assignment-entry has no reel-no/frame-no';
  const reelFrame = `${reel}/${frame.padStart(4, '0')}`;
  if (text(entry, 'assignment/purge-indicator')?.toUpperCase() === 'Y') return `assignment ${reelFrame} is marked purged from the USPTO assignment database`;
  const assignors = all(entry, 'assignors/assignor').flatMap((p) => party(p, true) ?? []);
  const properties = all(entry, 'properties/property').map(property);
  if (properties.length === 0) return `assignment ${reelFrame} lists no properties`;
  const parsed = AssignmentRecord.safeParse({
    id: assignmentId('US', reelFrame),
    object: 'assignment',
    office_code: 'US',
    reel_frame: reelFrame,
    conveyance: text(entry, 'assignment/conveyance-text'),
    // The document's execution: the earliest an assignor signed.
    execution_date: assignors.map((p) => p.execution_date).filter((d): d is string => d !== null).sort()[0] ?? null,
    recorded_date: toIsoDate(text(entry, 'assignment/date-recorded')),
    assignors,
    assignees: all(entry, 'assignees/assignee').flatMap((p) => party(p, false) ?? []),
    correspondent: text(entry, 'assignment/correspondent/person-or-organization-name'),
    properties,
    source_format: 'uspto-assignment-xml',
  });
  return parsed.success ? parsed.data : `assignment ${reelFrame}: ${parsed.error.issues[0]?.message ?? 'invalid'}`;
};

export const usptoAssignmentXml: FormatAdapter<AssignmentRecord> = {
  name: 'uspto-assignment-xml',
  // The element itself (the documentation also names it `trademark-assignment`), not a DTD declaration.
  detect: (head) => /<trademark-assignments?[\s>]/.test(head),
  parse: (input, file) =>
    runXml<AssignmentRecord>(input, file, { roots: ['trademark-assignments', 'trademark-assignment'], what: 'USPTO trademark assignment XML' }, (emit) => {
      let n = 0;
      return treeHandlers(['assignment-entry'], (entry) => {
        n += 1;
        emit(toItem(n, () => toRecord(entry)));
      });
    }),
};
