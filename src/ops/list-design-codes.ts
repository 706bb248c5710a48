// list_design_codes: the Vienna Classification of figurative elements, looked up by code prefix
// (dotted or EUIPO digits) or by label words, for reading and filtering a mark's design codes.
import { z } from 'zod';
import { dottedViennaCode, ViennaCode, ViennaLevel } from '../core/reference-data.js';
import { listEnvelope } from '../core/schemas/envelope.js';
import { TmError } from '../errors.js';
import { fold, words } from '../search/normalize.js';
import { defineOp } from './define-op.js';
import { decodeCursor, encodeCursor } from './reference/cursor.js';
import { referenceList, viennaCodes } from './reference/data.js';

export const listDesignCodes = defineOp({
  name: 'list_design_codes',
  summary: 'Look up Vienna design codes by code or label',
  description:
    'Vienna design codes (categories, divisions, sections) with English labels. Filter by `code` (26.01 or EUIPO digits), label words `q`, or `level`. Use it to decode a trademark\'s `design_codes`.',
  scope: 'trademarks:read',
  meter: 'reference',
  readOnly: true,
  http: { method: 'GET', path: '/v1/reference/design-codes' },
  cli: { command: 'design-codes [q]' },
  input: z.strictObject({
    q: z.string().optional().describe('Words the label must contain'),
    code: z.string().optional().describe('A code and its subdivisions, dotted (26.01) or EUIPO digits (2601)'),
    level: ViennaLevel.optional(),
    limit: z.number().int().min(1).max(500).default(100),
    cursor: z.string().optional(),
  }),
  output: listEnvelope(ViennaCode.extend({ object: z.literal('design_code'), system: z.literal('vienna') })),
  run: async (ctx, input) => {
    const prefix = input.code === undefined ? undefined : dottedViennaCode(input.code);
    if (prefix === null) {
      throw new TmError('validation_error', `code: '${input.code}' is not a Vienna code.`, {
        param: 'code',
        suggestion: 'Give a dotted code such as 26.01.01, or EUIPO digits such as 260101.',
      });
    }
    const wanted = input.q ? words(fold(input.q)) : [];
    const matches = viennaCodes().filter(
      (c) =>
        (prefix === undefined || c.code === prefix || c.code.startsWith(`${prefix}.`)) &&
        (!input.level || c.level === input.level) &&
        wanted.every((w) => fold(c.label).includes(w)),
    );
    const query = { q: input.q ?? null, code: prefix ?? null, level: input.level ?? null };
    const offset = decodeCursor(input.cursor, query);
    const end = offset + input.limit;
    const page = matches.slice(offset, end).map((c) => ({ object: 'design_code' as const, system: 'vienna' as const, ...c }));
    return referenceList(ctx, page, end < matches.length ? encodeCursor(query, end) : null);
  },
});
