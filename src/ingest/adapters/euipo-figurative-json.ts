// The EUIPO figurative-marks JSON of the TradeMarks-dataset (derived from EUIPO open data):
// one object keyed by EUTM number (or W-number), each with a filing `Date`, Vienna `Codes` and, for most, the
// mark's `Text`. Streamed member by member. It has no status, owner or goods: the marks land under
// EM with status unknown, as figurative marks with their design codes, searchable by text and
// Vienna code. Its newest date is the filing date, so a fuller EUIPO record of the same mark
// (euipo-json, later publication dates) is never overwritten by it.
import type { DesignCode } from '../../core/schemas/parts.js';
import type { TrademarkRecord } from '../../core/schemas/trademark.js';
import { emptyRecord } from '../../core/empty-record.js';
import type { FormatAdapter, ParseItem } from '../adapter.js';
import { list, str, toIsoDate, toItem, viennaCode } from './common.js';
import { streamJsonElements } from './json-stream.js';

const toRecord = (number: string, mark: Record<string, unknown>): TrademarkRecord | string => {
  // EU trade marks by number; W-numbers are international registrations designating the EU.
  const international = /^W\d+[A-Z]?$/.test(number);
  if (!international && !/^\d{1,9}$/.test(number)) return `"${number}" is neither an EUTM number nor a W-number`;
  const r = emptyRecord('EM', international ? number : number.padStart(9, '0'), 'euipo-figurative-json');
  if (/^W\d+$/.test(number)) r.ir_number = number.slice(1).replace(/^0+/, '');
  r.mark_text = str(mark['Text']);
  r.mark_type = 'figurative';
  r.filing_date = toIsoDate(str(mark['Date']));
  if (str(mark['Date']) && !r.filing_date) return `Date "${str(mark['Date'])}" is not a calendar date`;
  r.design_codes = list(mark['Codes']).map(viennaCode).filter((d): d is DesignCode => d !== null);
  r.source_date = r.filing_date;
  return r;
};

export const euipoFigurativeJson: FormatAdapter = {
  name: 'euipo-figurative-json',
  detect: (head) => /^\s*\{\s*"\d{9}"\s*:\s*\{/.test(head) && head.includes('"Codes"') && head.includes('"Date"'),
  parse: (input, file) => ({
    async *[Symbol.asyncIterator](): AsyncGenerator<ParseItem> {
      let n = 0;
      for await (const element of streamJsonElements(input, file, [[]], 'EUIPO figurative-marks JSON', true)) {
        n += 1;
        if (!element.ok) yield { ok: false, recordNumber: n, reason: element.reason };
        else {
          const { value, key } = element;
          yield toItem(n, () => (value && typeof value === 'object' && !Array.isArray(value) ? toRecord(key ?? '', value as Record<string, unknown>) : 'expected a JSON object'));
        }
      }
    },
  }),
};
