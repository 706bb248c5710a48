// Input pieces the clearance operations share: a mark text, Nice class lists, office lists checked
// against the office catalogue, and a mark given as text or as a stored trademark's id.
import { z } from 'zod';
import { canonicalOfficeCode } from '../../core/reference-data.js';
import type { Context } from '../../context.js';
import { TmError } from '../../errors.js';
import { offices, st3Codes } from '../reference/data.js';
import { resolveTrademark } from '../resolve-id.js';
import type { Side } from '../../clearance/compare.js';

/** Longest mark text accepted (docs/architecture.md "Bounded work"). */
export const MARK_MAX = 200;
/** Longest goods and services text accepted. */
export const GOODS_MAX = 20_000;

export const MarkText = z.string().trim().min(1, 'must not be empty').max(MARK_MAX);
export const GoodsText = z.string().trim().max(GOODS_MAX);
export const NiceClassList = z.array(z.coerce.number().int().min(1, 'Nice classes are 1 to 45').max(45, 'Nice classes are 1 to 45'));
export const OfficeList = z.array(z.string());

/** Office codes in their ST.3 form; an unknown code is a validation error naming `param`. */
export const resolveOffices = (param: string, values: readonly string[] | undefined): string[] =>
  (values ?? []).map((value) => {
    const code = canonicalOfficeCode(value);
    if (code && (st3Codes().has(code) || offices().some((o) => o.code === code))) return code;
    throw new TmError('validation_error', `${param}: '${value}' is not a known office code.`, {
      param,
      suggestion: `Use a WIPO ST.3 two-letter code, e.g. one of ${offices().map((o) => o.code).join(', ')}.`,
    });
  });

const ID_LIKE = /^(tm_[0-9a-z]+|[A-Za-z]{2}:[\w./-]+)$/;

export interface ResolvedSide extends Side {
  id: string | null;
}

/** A mark given as text, or as a `tm_` id or `OFFICE:number` whose text, classes and goods are read from the store. */
export const resolveSide = async (
  ctx: Context,
  param: string,
  ref: string,
  goods: string | undefined,
  classes: number[] | undefined,
): Promise<ResolvedSide> => {
  if (!ID_LIKE.test(ref)) return { id: null, mark: ref, text: goods ?? null, classes: classes ?? [] };
  const record = await resolveTrademark(ctx, ref, param);
  if (!record.mark_text) throw new TmError('validation_error', `${param}: ${ref} has no word element to compare.`, { param });
  const own = record.classifications;
  return {
    id: record.id,
    mark: record.mark_text,
    text: goods ?? (own.map((c) => c.goods_services).filter(Boolean).join('; ') || null),
    classes: classes ?? own.flatMap((c) => (c.nice_class === null ? [] : [c.nice_class])),
  };
};
