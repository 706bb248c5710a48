// The search index: incremental sync from the store's change sequence, candidate generation per
// channel from hashed keys and the trigram table, scoring, filtering and ranking, over the store's
// search tables (SearchTables, on SQLite or PostgreSQL). The index persists in the store's
// database; nothing is rebuilt per query.
import { codeUnitOrder } from '../core/code-order.js';
import type { Store } from '../store/store.js';
import { restricts, type KeyRange, type ListOrder, type SearchFilter } from '../store/search-repo.js';
import { analyze, keyHash, queryKeys, type Analysis, type Channel } from './analyze.js';
import type { Budget } from './budget.js';
import { createIndexSync, type IndexFollower } from './index-sync.js';
import { createMarkCache, toForms, type MarkForms } from './mark-cache.js';
import { createPostingCache } from './posting-cache.js';
import { CONTAINED_KEEP, GRAM_KEEP, gramCandidates } from './qgram.js';
import { jaccard, trigrams, trigramSet } from './trigram.js';
import { judge, type Scored } from './judge.js';
import { RELATED_MIN } from './score.js';

export interface RankedHit {
  trademarkId: string;
  mid: number;
  filingDate: string | null;
  /** From the trademarks table, filled in only for an updated_at sort. */
  updatedAt?: string;
  scored: Scored;
}

export type RankOrder = 'relevance' | 'filing_date' | '-filing_date' | 'updated_at' | '-updated_at';

export interface SearchIndex {
  /**
   * Bring the index up to date with the store (a writer's job); only rows changed since the last
   * sync are read. When another process is syncing, returns at once with `busy`, or with `wait`
   * waits for it and then syncs what is left.
   */
  sync(options?: { wait?: boolean }): Promise<{ indexed: number; busy: boolean }>;
  /** Indexing beside a load (the ingest pipeline), or null when another process is syncing. */
  follow(): Promise<IndexFollower | null>;
  /** Throws when the index cannot serve queries (readiness probe). */
  ping(): Promise<void>;
  /** Store changes not yet indexed. */
  lag(): Promise<number>;
  /**
   * Every hit for `q` on the channels, filtered and ranked, at most `window` of them. With a
   * budget, stops when it is spent and sets `budget.cut`: the hits scored so far, ranked.
   */
  search(q: string, channels: ReadonlySet<Channel>, filter: SearchFilter, order: RankOrder, window: number, budget?: Budget): Promise<RankedHit[]>;
  /** Trademark ids matching a filter, in a list order. */
  list(filter: SearchFilter, order: ListOrder, limit: number, offset: number): Promise<string[]>;
  total(filter: SearchFilter): Promise<number>;
  /** The per-database secret that signs search cursors. */
  cursorSecret(): Promise<string>;
  /** The marks a search for `q` would score, unfiltered (the benchmarks' candidate coverage). */
  candidates(q: string, channels: ReadonlySet<Channel>): Promise<number[]>;
  /** Scores every indexed mark (the benchmark's exhaustive reference, never used to answer). */
  exhaustive(q: string, channels: ReadonlySet<Channel>, window: number): Promise<RankedHit[]>;
}

/** Postings read per key, shortest marks first: with a common key (a word like GROUP, a short
 *  sound key) only the shortest marks can still rank high, since every lane falls with length. */
const POSTING_CAP = 400;
const SHORT_KEY_CAP = 100;
const SUBSTRING_CAP = 400;
/** Postings read per query, shared among its deletion-neighbourhood keys (each at least MIN_CAP). */
const NEIGHBOUR = /^[udkje]:/;
const READ_BUDGET = 6000;
const MIN_CAP = 40;
/** Candidates fetched and scored per query, the most-voted first. */
const SCORE_BUDGET = 1200;
/** The q-gram path keeps more marks in a larger store: among more marks, more share as many of the
 *  query's trigrams as the exhaustive scorer's weak top-20 hits do (docs/search.md, at 100,000
 *  marks 120 + 80 missed 3% of them). Up to SCALE_FROM marks the keep is as it was. */
const SCALE_FROM = 50_000;
const SCALE_MAX = 3;
/** Of the SCORE_BUDGET, the most-voted candidates of each channel family that are scored first. */
const FAMILY_QUOTA = 150;
/** The channel families, a bit each in a candidate's `found` mask. */
const FAMILIES: readonly Channel[] = ['identical', 'fuzzy', 'embedded', 'phonetic', 'lookalike', 'conceptual'];
export const familyBit = (channel: Channel): number => 1 << FAMILIES.indexOf(channel);
/** Candidates scored between two looks at the time budget. */
const SCORE_SLICE = 64;
const FILTER_BOOST = 4;
/** Rows a search returns whenever it has that many candidates with any lane above 0: the largest
 *  page (`limit` 100), so a page of any size and the pages after it come from the same list. */
const FILL = 100;
const SHORT_PREFIX_MAX = 4;
/** Votes per key family, roughly in proportion to how often a mark it finds ranks in the top 20
 *  (measured against the exhaustive scorer, docs/search.md): a whole earlier mark inside the query
 *  or the query inside a mark is a far better lead than one of many deletion neighbours. */
const VOTE: Record<string, number> = { n: 4, o: 4, f: 2, w: 2, substring: 4 };

const voteWeight = (channel: Channel, key: string): number =>
  channel === 'identical' ? 100 : channel === 'lookalike' ? 10 : channel === 'conceptual' ? VOTE.n! : (VOTE[key[0]!] ?? 1);

/** The candidates scored, at most `budget`: each channel family's `quota` most-voted first, then
 *  the most-voted of the rest, in that order. `found` holds per mark a bit per FAMILIES entry. The
 *  deletion neighbours of the spelling channels outnumber the phonetic and conceptual keys' marks
 *  many times over at register scale, and a vote count alone let them crowd those out. */
export const chooseScored = (votes: ReadonlyMap<number, number>, found: ReadonlyMap<number, number>, budget = SCORE_BUDGET, quota = FAMILY_QUOTA): number[] => {
  const all = [...votes.keys()].sort((x, y) => votes.get(y)! - votes.get(x)! || x - y);
  if (all.length <= budget) return all;
  const ids: number[] = [];
  const rest: number[] = [];
  const taken = FAMILIES.map(() => 0);
  for (const mid of all) {
    const mask = found.get(mid) ?? 0;
    let under = false;
    for (let f = 0; f < FAMILIES.length; f++) if (mask & (1 << f) && taken[f]! < quota) under = true;
    if (under && ids.length < budget) {
      for (let f = 0; f < FAMILIES.length; f++) if (mask & (1 << f)) taken[f]!++;
      ids.push(mid);
    } else if (rest.length < budget) rest.push(mid);
  }
  for (let i = 0; ids.length < budget && i < rest.length; i++) ids.push(rest[i]!);
  return ids;
};

/** How often a writer that must sync polls while another process holds the sync lease. */
const SYNC_POLL_MS = 200;

const TIER_RANK = { identical: 0, near_identical: 1, similar: 2, related: 3 } as const;

const byRelevance = (a: RankedHit, b: RankedHit): number =>
  b.scored.score - a.scored.score ||
  TIER_RANK[a.scored.tier] - TIER_RANK[b.scored.tier] ||
  codeUnitOrder(b.filingDate ?? '', a.filingDate ?? '') ||
  a.mid - b.mid;

const byField = (field: 'filingDate' | 'updatedAt', desc: boolean) => (a: RankedHit, b: RankedHit): number => {
  const c = codeUnitOrder(a[field] ?? '', b[field] ?? '');
  return (desc ? -c : c) || byRelevance(a, b);
};

export const rankHits = (hits: RankedHit[], order: RankOrder): RankedHit[] => {
  if (order === 'relevance') return hits.sort(byRelevance);
  const desc = order.startsWith('-');
  return hits.sort(byField(order.endsWith('updated_at') ? 'updatedAt' : 'filingDate', desc));
};

export const openSearchIndex = (store: Store): SearchIndex => {
  const tables = store.searchTables();
  const repo = tables.reads;

  const indexSync = createIndexSync(tables);

  const cache = createMarkCache();
  const keyCache = createPostingCache();

  /** Scores marks into `out`; the ones that are no hit go to `misses` when it is given. */
  const score = (q: Analysis, marks: readonly MarkForms[], channels: ReadonlySet<Channel>, out: RankedHit[], budget?: Budget, misses?: MarkForms[]) => {
    for (let i = 0; i < marks.length; i++) {
      if (budget && i % SCORE_SLICE === 0 && budget.spent()) {
        budget.cut = true;
        return;
      }
      const m = marks[i]!;
      if (!m.a.compact) continue;
      const scored = judge(q, m.a, channels);
      if (scored) out.push({ trademarkId: m.trademarkId, mid: m.mid, filingDate: m.filingDate, scored });
      else misses?.push(m);
    }
  };

  /** A short list is filled up to FILL rows with the best candidates below the related floor,
   *  tiered `related`, so `limit` rows come back whenever candidates exist. A weak candidate's
   *  score is its best lane, or, for a mark of the q-gram path, RELATED_MIN × its trigram Jaccard
   *  when that is higher (filed under the fuzzy lane, or embedded without fuzzy): below every hit. */
  const fill = (q: Analysis, misses: readonly MarkForms[], gramMids: ReadonlySet<number>, channels: ReadonlySet<Channel>, hits: RankedHit[]) => {
    if (hits.length >= FILL || misses.length === 0) return;
    const qGrams = trigramSet(q.folded);
    const lane: Channel = channels.has('fuzzy') ? 'fuzzy' : 'embedded';
    // Scored as the hits were, commonness included, a weak candidate stays below RELATED_MIN and
    // so after every hit: without it, a mark that is only a common word (100, LAB) outranked hits.
    const weak: RankedHit[] = [];
    for (const m of misses) {
      let scored = judge(q, m.a, channels, true);
      const spelling = gramMids.has(m.mid) ? Math.round(1000 * RELATED_MIN * jaccard(qGrams, (m.a.trigrams ??= trigramSet(m.a.folded)))) / 1000 : 0;
      if (spelling > (scored?.score ?? 0)) {
        scored = { lanes: { ...scored?.lanes, [lane]: Math.max(spelling, scored?.lanes[lane] ?? 0) }, score: spelling, tier: 'related', terms: scored?.terms ?? [m.a.folded], family: null, reason: 'shares some letters (below the related floor: a row that fills a short list)' };
      }
      if (scored) weak.push({ trademarkId: m.trademarkId, mid: m.mid, filingDate: m.filingDate, scored });
    }
    hits.push(...rankHits(weak, 'relevance').slice(0, FILL - hits.length));
  };

  /** The scoring forms of the candidates, from the cache where it still holds them. `seq` is the
   *  index's last_seq, read once per query in its snapshot (so are the other readers' below). */
  const forms = async (mids: readonly number[], seq: string): Promise<MarkForms[]> => {
    cache.validate(seq);
    const { found, missing } = cache.lookup(mids);
    cache.add(missing.length ? await repo.forms(missing) : [], found);
    return found;
  };

  /** How far the q-gram path's keep grows with the store (docs/search.md): 1 up to SCALE_FROM marks,
   *  then with the square root of the size, at most SCALE_MAX. Read once per index state. */
  let sized: { seq: string | null; scale: number } | null = null;
  const storeScale = async (seq: string): Promise<number> => {
    if (sized?.seq !== seq) sized = { seq, scale: Math.min(SCALE_MAX, Math.max(1, Math.sqrt((await repo.size()) / SCALE_FROM))) };
    return sized.scale;
  };

  /** The q-gram path's marks (src/search/qgram.ts): for the spelling channels, fuzzy and embedded. */
  const grams = async (a: Analysis, channels: ReadonlySet<Channel>, seq: string): Promise<number[]> => {
    if (!channels.has('fuzzy') && !channels.has('embedded')) return [];
    const s = await storeScale(seq);
    return gramCandidates(trigrams(a.folded), keyHash, repo.gramLists, Math.round(s * GRAM_KEEP), Math.round(s * CONTAINED_KEEP));
  };

  /** Candidate marks with their votes (a mark found under many keys, or under an exact key, is
   *  likely a close one) and, per mark, the channels whose keys found it (a bit per FAMILIES entry). */
  const candidates = async (a: Analysis, channels: ReadonlySet<Channel>, filter: SearchFilter): Promise<{ votes: Map<number, number>; found: Map<number, number> }> => {
    // A filter drops most candidates before scoring, so read further when one is set.
    const boost = restricts(filter) ? FILTER_BOOST : 1;
    const reads: (KeyRange & { weight: number; cap: number | null; short: boolean; family: number })[] = [];
    for (const [channel, list] of queryKeys(a, channels)) {
      for (const l of list) {
        // The deletion-neighbourhood keys (cap null) share a read budget; word and exact keys do not.
        const cap = l.cap !== undefined ? boost * l.cap : NEIGHBOUR.test(l.key) ? null : boost * POSTING_CAP;
        reads.push({ hash: keyHash(l.key), min: l.min, max: l.max, weight: voteWeight(channel, l.key), cap, short: l.key.length <= 4, family: familyBit(channel) });
      }
    }
    // The budget is shared among the neighbour keys that are common, found by the probe: most
    // neighbour keys of a query have no posting at all, and a few dozen fit under any cap.
    let shared = 0;
    const capOf = (i: number, common: ReadonlySet<number>): number => {
      if (shared === 0) {
        const many = [...common].filter((k) => reads[k]!.cap === null).length;
        shared = boost * Math.max(MIN_CAP, Math.min(POSTING_CAP, Math.floor(READ_BUDGET / Math.max(1, many))));
      }
      const r = reads[i]!;
      // Keys of one or two characters match too much to read far.
      return r.short ? Math.min(r.cap ?? shared, boost * SHORT_KEY_CAP) : (r.cap ?? shared);
    };
    const votes = new Map<number, number>();
    const found = new Map<number, number>();
    const vote = (mid: number, weight: number, family: number) => {
      votes.set(mid, (votes.get(mid) ?? 0) + weight);
      found.set(mid, (found.get(mid) ?? 0) | family);
    };
    (await repo.postingsOf(reads, capOf, keyCache)).forEach((mids, i) => {
      const { weight, family } = reads[i]!;
      for (let k = 0; k < mids.length; k++) vote(mids[k]!, weight, family);
    });
    const embedded = familyBit('embedded');
    // A short query at the start of longer marks (O H in O H P): the prefix key covers 5 characters and up.
    if (channels.has('embedded') && a.compact.length >= 2 && a.compact.length <= SHORT_PREFIX_MAX) {
      for (const mid of await repo.startingWith(a.compact, boost * SHORT_KEY_CAP)) vote(mid, VOTE.f!, embedded);
    }
    if (channels.has('embedded') && a.near.length >= 3) {
      for (const mid of await repo.substring(a.near, boost * SUBSTRING_CAP)) vote(mid, VOTE.substring!, embedded);
      if (a.compact !== a.near && a.compact.length >= 3) for (const mid of await repo.substring(a.compact, boost * SUBSTRING_CAP)) vote(mid, VOTE.substring!, embedded);
    }
    return { votes, found };
  };


  /** The marks a query scores: the most-voted SCORE_BUDGET of the channel keys' candidates first
   *  (a search cut short by its budget has scored the likeliest), then every mark of the q-gram
   *  path, which no vote count may crowd out. Only marks that pass the filter. */
  const scoredSet = async (a: Analysis, channels: ReadonlySet<Channel>, filter: SearchFilter, seq: string): Promise<{ ids: number[]; gramMids: Set<number> }> => {
    keyCache.validate(seq);
    const { votes, found } = await candidates(a, channels, filter);
    let extra = await grams(a, channels, seq);
    if (restricts(filter)) {
      const passing = await repo.passing([...new Set([...votes.keys(), ...extra])], filter);
      for (const mid of votes.keys()) if (!passing.has(mid)) votes.delete(mid);
      extra = extra.filter((mid) => passing.has(mid));
    }
    const ids = chooseScored(votes, found);
    const chosen = new Set(ids);
    for (const mid of extra) if (!chosen.has(mid)) ids.push(mid);
    return { ids, gramMids: new Set(extra) };
  };

  return {
    async sync(options = {}) {
      for (;;) {
        const indexed = await indexSync.sync();
        if (indexed !== null) return { indexed, busy: false };
        if (!options.wait) return { indexed: 0, busy: true };
        await new Promise((resolve) => setTimeout(resolve, SYNC_POLL_MS));
      }
    },
    follow: indexSync.follow,
    async ping() {
      await repo.state('last_seq');
    },
    async lag() {
      return indexSync.lag();
    },
    async search(q, channels, filter, order, window, budget) {
      // One read transaction: every statement of the query sees the same snapshot (the cache's
      // last_seq included), and the read lock is taken once instead of once per statement.
      return repo.snapshot(async () => {
        // No complete sync yet (the first build is under way): nothing complete to read.
        const seq = await repo.state('last_seq');
        if (!seq) return [];
        const a = analyze(q);
        const hits: RankedHit[] = [];
        const misses: MarkForms[] = [];
        const { ids, gramMids } = await scoredSet(a, channels, filter, seq);
        score(a, await forms(ids, seq), channels, hits, budget, misses);
        if (!budget?.cut) fill(a, misses, gramMids, channels, hits);
        if (order.endsWith('updated_at')) {
          const at = await repo.updatedAt(hits.map((h) => h.mid));
          for (const h of hits) h.updatedAt = at.get(h.mid);
        }
        return rankHits(hits, order).slice(0, window);
      });
    },
    async list(filter, order, limit, offset) {
      return (await repo.list(filter, order, limit, offset)).map((r) => r.trademark_id);
    },
    async total(filter) {
      return repo.total(filter);
    },
    async cursorSecret() {
      // Made by migration 5, so reading it does not write; a store that skipped that migration
      // (its version had passed 5 before it existed) gets it once here.
      const secret = await repo.state('cursor_secret');
      if (secret) return secret;
      await indexSync.ensureCursorSecret();
      return (await repo.state('cursor_secret'))!;
    },
    async candidates(q, channels) {
      return repo.snapshot(async () => {
        const seq = await repo.state('last_seq');
        return seq ? (await scoredSet(analyze(q), channels, {}, seq)).ids : [];
      });
    },
    async exhaustive(q, channels, window) {
      const a = analyze(q);
      const hits: RankedHit[] = [];
      for await (const rows of repo.scan()) score(a, rows.map(toForms), channels, hits);
      return rankHits(hits, 'relevance').slice(0, window);
    },
  };
};
