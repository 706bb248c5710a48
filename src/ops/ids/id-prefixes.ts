// Id prefixes (issue 26 point 4, docs/cli.md "Ids and id prefixes"): wherever an operation takes an
// id it also takes a unique prefix of it, as git takes a short commit id. defineOp runs every
// operation's input through expandIdPrefixes, so the CLI, HTTP routes, MCP tools and operations
// calling each other share one rule, and the store answers it (IdRepo) on either backend.
import type { Context } from '../../context.js';
import { TmError } from '../../errors.js';
import { LOCAL_ORG } from '../../monitor/org.js';
import { ID_TABLES, type IdKind } from '../../store/id-repo.js';

/** Hex characters a prefix needs after the type prefix (`tm_7caa`); git's shortest abbreviation. */
export const MIN_PREFIX_HEX = 4;
/** Every full id has at least 20 (deterministic ids 20, random ids 24): from 20 on a value is taken whole. */
const MAX_PREFIX_HEX = 19;
/** Matches listed in an ambiguity error. */
const SHOWN = 10;

const PREFIX = new RegExp(`^([a-z]+_)[0-9a-f]{${MIN_PREFIX_HEX},${MAX_PREFIX_HEX}}$`);

/**
 * Input keys that hold ids: `id`, `ids`, `*_id`, `*_ids`, the few named for what they point at, and
 * the watch query's camelCase filters (`trademarkIds`, `portfolioId`, `ownerId`; spec §9.6).
 */
const ID_KEY = /^(?:id|ids|into|org|owner|owners|trademark|trademarks|a|b|[a-z_]+_ids?|[a-z]+Ids?)$/;
/** Free-form objects whose keys are the user's, never an id field. */
const OPAQUE = new Set(['metadata']);
const DEPTH = 4;

const isKind = (p: string): p is IdKind => Object.hasOwn(ID_TABLES, p);

/**
 * Whose rows a prefix may match: ids of an organization's kind only among the caller's (the local
 * organization on the CLI; screenings made locally have none). API keys: the caller's organization's,
 * or any for store administration, which acts for no organization.
 */
const orgScope = (ctx: Context, kind: IdKind): string | null | undefined => {
  if (!ID_TABLES[kind].org) return undefined;
  if (kind === 'key_') return ctx.org?.id;
  if (kind === 'scr_') return ctx.org?.id ?? null;
  return ctx.org?.id ?? LOCAL_ORG;
};

/** The one stored id `value` abbreviates; `value` itself when it is a whole id or matches nothing (the operation then says not_found). */
const expandOne = async (ctx: Context, value: string, param: string): Promise<string> => {
  const m = PREFIX.exec(value);
  if (!m || !isKind(m[1]!)) return value;
  const kind = m[1] as IdKind;
  const found = await ctx.store.ids.startingWith(kind, value, SHOWN + 1, orgScope(ctx, kind));
  if (found.length === 1) return found[0]!;
  if (found.length === 0 || found.includes(value)) return value;
  const shown = found.slice(0, SHOWN);
  const count = found.length > SHOWN ? `more than ${SHOWN}` : String(found.length);
  throw new TmError('validation_error', `the id prefix ${value} is ambiguous: ${count} ids start with it: ${shown.join(', ')}${found.length > SHOWN ? ', …' : ''}.`, {
    param,
    suggestion: 'Give more characters of the id.',
    extra: { matches: shown },
  });
};

const expand = async (ctx: Context, value: unknown, key: string, path: string, depth: number): Promise<unknown> => {
  if (typeof value === 'string') return ID_KEY.test(key) ? expandOne(ctx, value, path) : value;
  if (depth >= DEPTH || OPAQUE.has(key) || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const items = await Promise.all(value.map((v) => expand(ctx, v, key, path, depth + 1)));
    return items.some((v, i) => v !== value[i]) ? items : value;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = await expand(ctx, v, k, path ? `${path}.${k}` : k, depth + 1);
    changed ||= out[k] !== v;
  }
  return changed ? out : value;
};

/** The input with every id prefix in an id field replaced by the one id it abbreviates; an ambiguous prefix is a 400 listing the matches. */
export const expandIdPrefixes = async <T>(ctx: Context, input: T): Promise<T> => (await expand(ctx, input, '', '', 0)) as T;
