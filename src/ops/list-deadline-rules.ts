// list_deadline_rules: the deadline rule catalog (data/deadline-rules), one row per rule with its
// trigger field, periods, conventions, consequence, source and confidence, and the office's named
// settings where sources conflict.
import { z } from 'zod';
import { listEnvelope } from '../core/schemas/envelope.js';
import { getCatalog } from '../deadlines/catalog.js';
import { DeadlineRule, RuleSetting } from '../deadlines/catalog-schema.js';
import { defineOp } from './define-op.js';
import { referenceList } from './reference/data.js';

const list = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean));

export const DeadlineRuleRow = DeadlineRule.extend({
  object: z.literal('deadline_rule'),
  office_name: z.string(),
  settings: z.array(RuleSetting).describe('Named conventions of the office where sources conflict, with the default used'),
});

export const listDeadlineRules = defineOp({
  name: 'list_deadline_rules',
  summary: 'List the deadline rule catalog',
  description:
    'The rules deadlines are computed with, per office: rule_id, type, trigger, month convention, window, grace, restoration, consequence if missed, source and confidence. Use it to explain a deadline row\'s `rule_id`.',
  scope: 'trademarks:read',
  meter: 'reference',
  readOnly: true,
  http: { method: 'GET', path: '/v1/deadline-rules' },
  cli: { command: 'deadlines rules' },
  input: z.strictObject({
    office: list.optional().describe('Office codes, e.g. US,EM'),
    type: list.optional().describe('Rule types, e.g. renewal,opposition'),
  }),
  output: listEnvelope(DeadlineRuleRow),
  run: async (ctx, input) => {
    const offices = input.office?.map((o) => o.toUpperCase());
    const rows = [...getCatalog().offices.values()]
      .filter((o) => !offices?.length || offices.includes(o.office_code))
      .flatMap((o) =>
        o.rules
          .filter((r) => !input.type?.length || input.type.includes(r.type))
          .map((r) => ({ object: 'deadline_rule' as const, ...r, office_name: o.name, settings: o.settings })),
      );
    return referenceList(ctx, rows);
  },
});
