// compute_deadlines: the derived block (term, deadline rows, opposition window) for marks given
// inline rather than stored: a docketing check of dates a client already holds.
import { z } from 'zod';
import { today } from '../core/clock.js';
import { Derived } from '../core/schemas/derived.js';
import { IsoDate } from '../core/schemas/parts.js';
import { knownRegions, normaliseRegion } from '../deadlines/calendar.js';
import { getCatalog } from '../deadlines/catalog.js';
import { deriveSubject } from '../deadlines/engine.js';
import { DeadlineSubjectInput } from '../deadlines/subject.js';
import { TmError } from '../errors.js';
import { defineOp } from './define-op.js';

const MAX_ITEMS = 1000;

export const ComputeDeadlinesInput = z.strictObject({
  as_of_date: IsoDate.optional().describe('Compute as of this date (default: today)'),
  include_missed: z.boolean().default(false).describe('Keep rows whose every window has passed; a paid cycle is never listed'),
  settings: z.record(z.string(), z.string()).default({}).describe('Named conventions where sources conflict, e.g. {"mx_dou_window_end":"day_before"}; see list_deadline_rules'),
  items: z.array(DeadlineSubjectInput).min(1).max(MAX_ITEMS).describe(`The marks, at most ${MAX_ITEMS}`),
});

export const ComputeDeadlinesOutput = z.object({
  object: z.literal('deadline_computation'),
  as_of_date: IsoDate,
  items: z.array(
    z.object({
      reference: z.string().nullable(),
      office_code: z.string(),
      warnings: z.array(z.string()),
      derived: Derived,
    }),
  ),
});

const checkSettings = (settings: Record<string, string>): void => {
  const known = new Map<string, string[]>();
  for (const office of getCatalog().offices.values()) for (const s of office.settings) known.set(s.name, [s.default, ...s.alternatives]);
  for (const [name, value] of Object.entries(settings)) {
    const values = known.get(name);
    if (!values) throw new TmError('validation_error', `settings: unknown setting '${name}'.`, { param: 'settings', suggestion: 'See list_deadline_rules for the settings and their values.' });
    if (!values.includes(value)) throw new TmError('validation_error', `settings.${name}: '${value}' is not one of ${values.join(', ')}.`, { param: 'settings' });
  }
};

export const computeDeadlines = defineOp({
  name: 'compute_deadlines',
  summary: 'Compute terms, deadlines and opposition windows for marks given inline',
  description:
    'Computes the `derived` block (term end and state, every deadline row with window, roll, grace and consequence, opposition window) for marks given inline rather than stored, as of `as_of_date`. Results come back in input order with `reference` echoed.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  storeless: true,
  http: { method: 'POST', path: '/v1/deadlines/compute' },
  cli: { command: 'deadlines compute' },
  input: ComputeDeadlinesInput,
  output: ComputeDeadlinesOutput,
  run: async (ctx, input) => {
    const asOf = input.as_of_date ?? today(ctx.clock);
    const catalog = getCatalog();
    checkSettings(input.settings);
    const items = input.items.map((subject, i) => {
      const warnings: string[] = [];
      const closures = catalog.closures.get(subject.office_code);
      if (!catalog.offices.has(subject.office_code)) warnings.push(`unsupported_office: no deadline rules for ${subject.office_code}`);
      if (subject.region) {
        const country = closures?.holidays?.country;
        if (!country || !knownRegions(country).includes(normaliseRegion(country, subject.region))) {
          throw new TmError('validation_error', `items[${i}].region: '${subject.region}' is not a holiday region of ${subject.office_code}.`, {
            param: 'items',
            suggestion: country ? `Known regions: ${knownRegions(country).join(', ')}.` : 'This office takes no region.',
          });
        }
      }
      return {
        reference: subject.reference ?? null,
        office_code: subject.office_code,
        warnings,
        derived: deriveSubject(subject, asOf, { catalog, settings: input.settings, includeMissed: input.include_missed }),
      };
    });
    return { object: 'deadline_computation' as const, as_of_date: asOf, items };
  },
});
