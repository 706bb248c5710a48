// The owner → entity rule of the ingest (the same rule as src/store/sqlite/entity-repo.ts, so
// both backends give an owner the same entity), over one batch: the merges, splits and address
// signals the batch can meet are read once, decisions are kept in memory, and what the rule
// writes (merges, moved owners, address signals) goes out in the batch's transaction.
import { entityKey } from '../../core/entity-key.js';
import { addressKey, baseEntityId, nearNames, ownerCountry } from '../../core/entity-signals.js';
import type { Owner } from '../../core/schemas/parts.js';
import type { PgClient } from './pg.js';

type ResolvableOwner = Pick<Owner, 'owner_id' | 'entity_id' | 'name'> & Partial<Pick<Owner, 'nationality' | 'address'>>;

/** An owner row of the batch not yet written: the rule may still move it to another entity. */
export interface PendingOwner {
  trademark_id: string;
  owner_id: string;
  entity_id: string;
  name: string;
}

export interface BatchResolver {
  /** A record's entity; `written` are the owners already placed on this mark in this batch. */
  of(o: ResolvableOwner, written: readonly PendingOwner[], at: string): Promise<string>;
  /** Writes the address signals gathered (the merges and moves are written as they happen). */
  flush(): Promise<void>;
}

/** Bounded memo of a pure string function: owner names repeat across the marks of a load. */
const memo = (fn: (s: string) => string, cap = 200_000): ((s: string) => string) => {
  const seen = new Map<string, string>();
  return (s) => {
    let v = seen.get(s);
    if (v === undefined) {
      if (seen.size >= cap) seen.clear();
      seen.set(s, (v = fn(s)));
    }
    return v;
  };
};
const nameKey = memo(entityKey);
const baseEntity = memo((s) => {
  const cut = s.indexOf('\u0000');
  return baseEntityId(s.slice(0, cut), s.slice(cut + 1) || null);
});

export const batchResolver = async (c: PgClient, owners: readonly ResolvableOwner[], pending: () => Iterable<PendingOwner>): Promise<BatchResolver> => {
  const ids = [...new Set(owners.map((o) => o.owner_id))];
  const splits = new Map(
    (await c.query<{ owner_id: string; entity_id: string }>('SELECT owner_id, entity_id FROM entity_splits WHERE owner_id = ANY($1)', [ids])).rows.map((r) => [r.owner_id, r.entity_id]),
  );
  const merges = new Map((await c.query<{ entity_id: string; merged_into: string }>('SELECT entity_id, merged_into FROM entity_merges')).rows.map((r) => [r.entity_id, r.merged_into]));
  // Each owner's address key once: read for the signals query here and again when the owner resolves.
  const addressKeys = new WeakMap<ResolvableOwner, string | null>();
  const addressOf = (o: ResolvableOwner): string | null => {
    let key = addressKeys.get(o);
    if (key === undefined) addressKeys.set(o, (key = addressKey(o.address ?? null, ownerCountry({ nationality: o.nationality ?? null, address: o.address ?? null }))));
    return key;
  };
  const addresses = [...new Set(owners.flatMap((o) => addressOf(o) ?? []))];
  /** Per address: name key → entity (the signals table's rows for the address). */
  const signals = new Map<string, Map<string, string>>();
  for (const r of (await c.query<{ value: string; name_key: string; entity_id: string }>(
    "SELECT value, name_key, entity_id FROM entity_signals WHERE kind = 'address' AND value = ANY($1) ORDER BY value, name_key",
    [addresses],
  )).rows) {
    if (!signals.has(r.value)) signals.set(r.value, new Map());
    signals.get(r.value)!.set(r.name_key, r.entity_id);
  }
  const remembered = new Map<string, [string, string, string]>();

  const follow = (id: string): string => {
    let current = id;
    for (let i = 0; i < 100; i++) {
      const next = merges.get(current);
      if (!next) return current;
      current = next;
    }
    return current;
  };

  return {
    async of(o, written, at) {
      const decided = splits.get(o.owner_id) ?? o.entity_id;
      if (decided) return follow(decided);
      const country = ownerCountry({ nationality: o.nationality ?? null, address: o.address ?? null });
      let entity = follow(baseEntity(`${o.name}\u0000${country ?? ''}`));
      const key = nameKey(o.name);
      const address = addressOf(o);
      // In name-key order, as SQLite reads the signals' primary key.
      const seen = [
        ...(address ? [...(signals.get(address) ?? new Map<string, string>())].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name_key, entity_id]) => ({ name_key, entity_id, reason: 'address' })) : []),
        ...written.map((r) => ({ name_key: nameKey(r.name), entity_id: r.entity_id, reason: 'mark' })),
      ];
      for (const row of seen) {
        const other = follow(row.entity_id);
        if (other === entity || !nearNames(row.name_key, key)) continue;
        if (!merges.has(entity)) {
          merges.set(entity, other);
          await c.query('INSERT INTO entity_merges (entity_id, merged_into, created_at, reason) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [entity, other, at, row.reason]);
        }
        await c.query('UPDATE trademark_owners SET entity_id = $1 WHERE entity_id = $2', [other, entity]);
        for (const p of pending()) if (p.entity_id === entity) p.entity_id = other;
        entity = other;
      }
      if (address && !seen.some((r) => r.reason === 'address' && r.name_key === key && follow(r.entity_id) === entity)) {
        if (!signals.has(address)) signals.set(address, new Map());
        signals.get(address)!.set(key, entity);
        remembered.set(`${address}\u0000${key}`, [address, key, entity]);
      }
      return entity;
    },
    async flush() {
      if (remembered.size === 0) return;
      const rows = [...remembered.values()];
      await c.query(
        `INSERT INTO entity_signals (kind, value, name_key, entity_id)
         SELECT 'address', v, k, e FROM unnest($1::text[], $2::text[], $3::text[]) AS u (v, k, e)
         ON CONFLICT (kind, value, name_key) DO UPDATE SET entity_id = excluded.entity_id`,
        [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])],
      );
    },
  };
};
