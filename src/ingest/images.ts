// `tm ingest --images DIR`: mark images shipped beside office data (an archive of files named by
// serial or application number, e.g. 87703889.png) are hashed (src/search/figure/phash.ts) and the
// hash stored for the marks of this run with that number; the image itself is not kept.
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, basename } from 'node:path';
import type { Context } from '../context.js';
import type { TrademarkRecord } from '../core/schemas/trademark.js';
import { imageHash } from '../search/figure/phash.js';

const IMAGE_EXT = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp']);

/** A number as file names carry it: letters and digits only, leading zeros dropped, upper case. */
const numberKey = (n: string): string => n.replace(/[^0-9A-Za-z]/g, '').replace(/^0+/, '').toUpperCase();

/** Collects the marks of a run by application and registration number. */
export const imageIndex = (): { add(records: readonly TrademarkRecord[]): void; attach(ctx: Context, dir: string): Promise<{ images: number; hashed: number; unmatched: number }> } => {
  const byNumber = new Map<string, { id: string; office_code: string }[]>();
  return {
    add(records) {
      for (const r of records) {
        for (const n of [r.application_number, r.registration_number]) {
          if (!n) continue;
          const key = numberKey(n);
          const list = byNumber.get(key) ?? [];
          if (!list.some((m) => m.id === r.id)) list.push({ id: r.id, office_code: r.office_code });
          byNumber.set(key, list);
        }
      }
    },
    async attach(ctx, dir) {
      const files = readdirSync(dir).filter((f) => IMAGE_EXT.has(extname(f).toLowerCase()));
      const rows = [];
      let unmatched = 0;
      for (const f of files) {
        const marks = byNumber.get(numberKey(basename(f, extname(f))));
        if (!marks) {
          unmatched++;
          continue;
        }
        const hash = await imageHash(readFileSync(join(dir, f)), f);
        for (const m of marks) rows.push({ ...m, hash });
      }
      await ctx.store.figures.putImageHashes(rows);
      return { images: files.length, hashed: rows.length, unmatched };
    },
  };
};
