// Which marks an analytics question is about: office codes, owner or entity ids, attorney or firm
// ids, or a portfolio of the calling organization. Shared by the filing, composition and renewal
// analytics so that the same flags mean the same marks in all three.
import { z } from 'zod';
import type { Context } from '../../context.js';
import { idPrefix } from '../../core/ids.js';
import { TmError } from '../../errors.js';
import type { TrademarkFilter } from '../../store/trademark-repo.js';
import { requirePortfolio } from '../monitor/portfolio-crud.js';
import { resolveOfficeCodes } from '../reference/data.js';

const list = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean));

export const scopeInput = {
  office: list.optional().describe('Office codes, e.g. US,EM'),
  classes: z.array(z.number().int().min(1).max(45)).optional().describe('Nice classes'),
  owner: list.optional().describe('Owner (own_), entity (ent_), attorney (att_) or firm (firm_) ids'),
  portfolio_id: z.string().optional().describe("Only the marks of this portfolio of the caller's organization (ptf_…)"),
};

const PARTY_PREFIXES = ['own_', 'ent_', 'att_', 'firm_'];

export const scopeFilter = async (
  ctx: Context,
  input: { office?: string[]; classes?: number[]; owner?: string[]; portfolio_id?: string },
): Promise<TrademarkFilter> => {
  const owners = input.owner ?? [];
  const stranger = owners.find((o) => !PARTY_PREFIXES.includes(idPrefix(o) ?? ''));
  if (stranger) throw new TmError('id_type_mismatch', `owner: '${stranger}' is not an owner, entity, attorney or firm id.`, { param: 'owner' });
  const of = (prefixes: string[]) => owners.filter((o) => prefixes.includes(idPrefix(o)!));
  return {
    offices: resolveOfficeCodes(input.office, 'office'),
    niceClasses: input.classes,
    ownerIds: of(['own_']),
    entityIds: of(['ent_']),
    representativeIds: of(['att_', 'firm_']),
    ...(input.portfolio_id !== undefined ? { portfolioId: (await requirePortfolio(ctx, input.portfolio_id, 'portfolio_id')).id } : {}),
  };
};
