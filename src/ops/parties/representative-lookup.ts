// Finding attorneys and firms by name (fuzzy, on the owner normaliser's keys) and resolving the
// name a CLI user typed (`tm attorney show "jim salter"`) to one `att_`/`firm_` id, or a 400
// listing the candidates: the owner lookup's rules (owner-lookup.ts) for the other two parties.
import type { Context } from '../../context.js';
import { attorneyId, attorneyKey, firmId, firmKey } from '../../core/representatives.js';
import { ID_PREFIXES, idPrefix } from '../../core/ids.js';
import { TmError } from '../../errors.js';
import { CANDIDATES, MIN_SCORE, nameScorer, scoreWithin } from './owner-lookup.js';

export type RepresentativeKind = 'attorney' | 'firm';

export const KIND = {
  attorney: { prefix: 'att_', key: attorneyKey, id: attorneyId, plural: 'attorneys', article: 'an attorney' },
  firm: { prefix: 'firm_', key: firmKey, id: firmId, plural: 'firms', article: 'a firm' },
} as const;

export interface RepresentativeHit {
  id: string;
  name: string;
  trademark_count: number;
  offices: string[];
  score: number;
}

/** Attorneys or firms whose name is like `q`, best first then most marks; every one, by marks, without `q`. */
export const findRepresentatives = async (ctx: Context, kind: RepresentativeKind, q: string | undefined, param = 'q'): Promise<RepresentativeHit[]> => {
  const k = KIND[kind];
  const scorer = q ? nameScorer(q, param, k.key) : null;
  const rows = await ctx.store.parties.representativesContaining(k.prefix, scorer?.fragments ?? [], CANDIDATES);
  const hits = scoreWithin(ctx, rows, (r): RepresentativeHit | null => {
    const score = scorer ? scorer.score(r.name) : 1;
    return score >= MIN_SCORE ? { id: r.owner_id, name: r.name, trademark_count: r.trademark_count, offices: r.offices.split(',').filter(Boolean).sort(), score } : null;
  });
  return hits.sort((a, b) => b.score - a.score || b.trademark_count - a.trademark_count || a.id.localeCompare(b.id));
};

/**
 * An att_/firm_ id as given, or a name: the party whose key equals the name's, else the one
 * whose name holds it as whole words. Several, or only near spellings, are a 400 naming them.
 */
export const resolveRepresentativeRef = async (ctx: Context, kind: RepresentativeKind, ref: string, param: string): Promise<string> => {
  const k = KIND[kind];
  const prefix = idPrefix(ref);
  if (prefix === k.prefix) return ref;
  if (prefix && (ID_PREFIXES as readonly string[]).includes(prefix)) {
    throw new TmError('id_type_mismatch', `'${ref}' is not ${k.article} id; ${kind} ids start with ${k.prefix}.`, { param });
  }
  const exact = k.id(ref);
  if (await ctx.store.parties.representative(exact)) return exact;
  const hits = await findRepresentatives(ctx, kind, ref, param);
  const close = hits.filter((h) => h.score >= 0.9);
  const pick = close.length > 0 ? close : hits;
  if (close.length === 1) return close[0]!.id;
  if (pick.length === 0) throw new TmError('not_found', `No ${kind} named like '${ref}'.`, { param, suggestion: `Search with \`tm ${k.plural} search\`.` });
  const list = pick.slice(0, 5).map((h) => `${h.id} (${h.name}, ${h.trademark_count} marks)`).join('; ');
  throw new TmError('validation_error', `'${ref}' ${close.length ? 'matches' : 'is only near'} ${pick.length} ${pick.length === 1 ? kind : k.plural}: ${list}${pick.length > 5 ? '; …' : ''}.`, {
    param,
    suggestion: `Pass one ${k.prefix} id or the exact name.`,
  });
};
