// USPTO Assignment Center `exportTradeMarkData` JSON: an array of search blocks
// ([{searchCriteria, data: [assignment…]}]), each assignment with its reel/frame, assignors,
// assignees and properties (marks). Streamed block by block; each assignment is one item. The
// export carries no conveyance text and no recorded date, so both stay null.
import type { Readable } from 'node:stream';
import { assignmentId, trademarkId } from '../../core/ids.js';
import { AssignmentRecord, type AssignmentParty, type AssignmentProperty } from '../../core/schemas/assignment.js';
import type { FormatAdapter, ParseItem } from '../adapter.js';
import { get, list, str } from './common.js';
import { streamJsonElements } from './json-stream.js';

/** The export writes dates as MM/DD/YYYY. */
const usDate = (value: unknown): string | null => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(str(value) ?? '');
  return m ? `${m[3]}-${m[1]}-${m[2]}` : null;
};

const number = (value: unknown): string | null => str(value)?.replace(/^0+(?=.)/, '') ?? null;

const property = (p: unknown): AssignmentProperty => {
  const serial = number(get(p, 'serialNumber'));
  return {
    trademark_id: serial ? trademarkId('US', serial) : null,
    serial_number: serial,
    registration_number: number(get(p, 'registrationNumber')),
    ir_number: number(get(p, 'internationalRegistrationNumber')),
    mark_text: str(get(p, 'mark')),
    filing_date: usDate(get(p, 'applicationFilingDate')),
    registration_date: usDate(get(p, 'registrationDate')),
    current_owner: str(get(p, 'currentOwner')) ?? str(get(p, 'registrantName')),
  };
};

const toAssignment = (a: unknown): AssignmentRecord | string => {
  const reel = str(get(a, 'reelNumber'));
  const frame = str(get(a, 'frameNumber'));
  if (!reel || !frame) return 'assignment has no reelNumber/frameNumber';
  const reelFrame = `${reel}/${frame.padStart(4, '0')}`;
  const assignors = list(get(a, 'assignors')).flatMap((p): AssignmentParty[] => {
    const name = str(get(p, 'assignorName'));
    return name ? [{ name, execution_date: usDate(get(p, 'executionDate')), country_code: null }] : [];
  });
  // Assignees are plain names in this export.
  const assignees = list(get(a, 'assignees')).flatMap((p): AssignmentParty[] => {
    const name = str(p) ?? str(get(p, 'assigneeName'));
    return name ? [{ name, execution_date: null, country_code: null }] : [];
  });
  const properties = list(get(a, 'properties')).map(property);
  if (properties.length === 0) return `assignment ${reelFrame} lists no properties`;
  const parsed = AssignmentRecord.safeParse({
    id: assignmentId('US', reelFrame),
    object: 'assignment',
    office_code: 'US',
    reel_frame: reelFrame,
    conveyance: str(get(a, 'conveyanceText')),
    execution_date: usDate(get(a, 'assignorExecutionDate')) ?? assignors.map((p) => p.execution_date).find((d) => d !== null) ?? null,
    recorded_date: usDate(get(a, 'recordedDate')),
    assignors,
    assignees,
    correspondent: str(get(a, 'correspondentName')),
    properties,
    source_format: 'uspto-assignment-json',
  });
  return parsed.success ? parsed.data : `assignment ${reelFrame}: ${parsed.error.issues[0]?.message ?? 'invalid'}`;
};

async function* parse(input: Readable, file: string): AsyncGenerator<ParseItem<AssignmentRecord>> {
  let n = 0;
  for await (const block of streamJsonElements(input, file, [[]], 'USPTO assignment export JSON')) {
    if (!block.ok) {
      yield { ok: false, recordNumber: ++n, reason: block.reason };
      continue;
    }
    for (const a of list(get(block.value, 'data'))) {
      n += 1;
      const result = toAssignment(a);
      yield typeof result === 'string' ? { ok: false, recordNumber: n, reason: result } : { ok: true, recordNumber: n, record: result };
    }
  }
}

export const usptoAssignmentJson: FormatAdapter<AssignmentRecord> = {
  name: 'uspto-assignment-json',
  detect: (head) => /^\s*\[/.test(head) && head.includes('"searchCriteria"') && head.includes('"reelNumber"'),
  parse,
};
