// The listing check's matchers, built from the store's live marks once per process and rebuilt
// when the store changes: one without fuzzy marks, one with the widely filed marks fuzzy
// ("famous" proxy), one with every mark of FUZZY_MIN letters fuzzy; each built when first needed.
import { MarkMatcher } from '../../clearance/mark-matcher.js';
import type { MarkInfo } from '../../clearance/listing.js';
import type { Context } from '../../context.js';

type Level = 'off' | 'low' | 'medium' | 'medium_famous_only' | 'high';
type Fuzzy = 'none' | 'famous' | 'all';

/** A mark live at this many offices, or in this many records, counts as widely filed. */
const FAMOUS_OFFICES = 2;
const FAMOUS_RECORDS = 3;

interface Cache {
  /** The store the marks were read from: two stores at one location (a PostgreSQL database emptied
   *  and filled again) may reach the same sequence with different marks. */
  store: Context['store'];
  seq: number;
  marks: Map<string, MarkInfo>;
  matchers: Map<Fuzzy, MarkMatcher>;
}
let cache: Cache | undefined;

const fuzzyOf = (level: Level): Fuzzy => (level === 'off' ? 'none' : level === 'medium' || level === 'high' ? 'all' : 'famous');

export const listingMatcher = async (ctx: Context): Promise<{ marks: Map<string, MarkInfo>; matcher: (level: Level) => MarkMatcher }> => {
  const seq = await ctx.store.screenings.lastSeq();
  if (!cache || cache.seq !== seq || cache.store !== ctx.store) {
    const marks = new Map<string, MarkInfo>();
    await ctx.store.screenings.liveMarks((m) =>
      marks.set(m.id, { id: m.id, office_code: m.office_code, mark_text: m.mark_text, status: m.status, classes: m.classes ? m.classes.split(',').map(Number) : [] }),
    );
    cache = { store: ctx.store, seq, marks, matchers: new Map() };
  }
  const c = cache;
  const famous = (_key: string, ids: readonly string[]) => ids.length >= FAMOUS_RECORDS || new Set(ids.map((id) => c.marks.get(id)!.office_code)).size >= FAMOUS_OFFICES;
  const build = (f: Fuzzy) => new MarkMatcher(c.marks.values(), f === 'none' ? () => false : f === 'all' ? () => true : famous);
  return {
    marks: c.marks,
    matcher: (level) => {
      const f = fuzzyOf(level);
      let m = c.matchers.get(f);
      if (!m) c.matchers.set(f, (m = build(f)));
      return m;
    },
  };
};
