// Entities: which entity an owner record belongs to (its name key and, for a generic name, its
// country; unless a hand split moved it; joined by a near name at the same address or on the same
// mark; followed through merges), the members of an entity, and the recorded merges and splits.
import { entityKey } from '../../core/entity-key.js';
import { addressKey, baseEntityId, nearNames, ownerCountry } from '../../core/entity-signals.js';
import type { Owner } from '../../core/schemas/parts.js';
import { writeTransaction, type Db } from './sqlite.js';
import type { EntityMember, EntityRepo } from '../entity-repo.js';

type ResolvableOwner = Pick<Owner, 'owner_id' | 'entity_id' | 'name'> & Partial<Pick<Owner, 'nationality' | 'address'>>;

/** The owner → entity rule the ingest writes into trademark_owners; a few primary-key lookups. */
export const entityResolver = (db: Db) => {
  const split = db.prepare<[string], { entity_id: string }>('SELECT entity_id FROM entity_splits WHERE owner_id = ?');
  const merged = db.prepare<[string], { merged_into: string }>('SELECT merged_into FROM entity_merges WHERE entity_id = ?');
  const atAddress = db.prepare<[string], { name_key: string; entity_id: string }>(
    "SELECT name_key, entity_id FROM entity_signals WHERE kind = 'address' AND value = ?",
  );
  // The mark's owners already written (owner and earlier owner of one record): the owner index itself.
  const onMark = db.prepare<[string], { name: string; entity_id: string | null }>('SELECT name, entity_id FROM trademark_owners WHERE trademark_id = ?');
  const remember = db.prepare("INSERT OR REPLACE INTO entity_signals (kind, value, name_key, entity_id) VALUES ('address', ?, ?, ?)");
  const autoMerge = db.prepare('INSERT OR IGNORE INTO entity_merges (entity_id, merged_into, created_at, reason) VALUES (?, ?, ?, ?)');
  const moveAll = db.prepare('UPDATE trademark_owners SET entity_id = ? WHERE entity_id = ?');
  const follow = (id: string): string => {
    let current = id;
    // Merges never form a cycle (merge refuses one), so this ends; the bound is belt and braces.
    for (let i = 0; i < 100; i++) {
      const next = merged.get(current)?.merged_into;
      if (!next) return current;
      current = next;
    }
    return current;
  };
  /**
   * A record's entity. A hand split or an office-given entity decides alone. Otherwise the base
   * entity, which a near name already seen at the same address or on the same mark absorbs: the
   * entity seen first survives and the other is recorded as merged into it (core/entity-signals.ts).
   */
  const of = (o: ResolvableOwner, trademarkId?: string, at = new Date(0).toISOString()): string => {
    const decided = split.get(o.owner_id)?.entity_id ?? o.entity_id;
    if (decided) return follow(decided);
    const country = ownerCountry({ nationality: o.nationality ?? null, address: o.address ?? null });
    let entity = follow(baseEntityId(o.name, country));
    const key = entityKey(o.name);
    const address = addressKey(o.address ?? null, country);
    const seen = [
      ...(address ? atAddress.all(address).map((r) => ({ ...r, reason: 'address' })) : []),
      ...(trademarkId ? onMark.all(trademarkId).flatMap((r) => (r.entity_id ? [{ name_key: entityKey(r.name), entity_id: r.entity_id, reason: 'mark' }] : [])) : []),
    ];
    for (const row of seen) {
      const other = follow(row.entity_id);
      if (other === entity || !nearNames(row.name_key, key)) continue;
      autoMerge.run(entity, other, at, row.reason);
      moveAll.run(other, entity);
      entity = other;
    }
    // Written once per name at an address, and again only when its entity changed.
    if (address && !seen.some((r) => r.reason === 'address' && r.name_key === key && follow(r.entity_id) === entity)) remember.run(address, key, entity);
    return entity;
  };
  return { follow, of };
};

export const createEntityRepo = (db: Db): EntityRepo => {
  const resolver = entityResolver(db);
  const mergedInto = db.prepare<[string], { merged_into: string }>('SELECT merged_into FROM entity_merges WHERE entity_id = ?');
  const members = db.prepare<[string], EntityMember>(
    `SELECT o.owner_id, MIN(o.name) AS name, COUNT(*) AS trademark_count, GROUP_CONCAT(DISTINCT t.office_code ORDER BY t.office_code) AS offices
     FROM trademark_owners o JOIN trademarks t ON t.id = o.trademark_id
     WHERE o.entity_id = ? GROUP BY o.owner_id ORDER BY trademark_count DESC, o.owner_id`,
  );
  const insertMerge = db.prepare('INSERT INTO entity_merges (entity_id, merged_into, created_at) VALUES (?, ?, ?)');
  const moveAll = db.prepare('UPDATE trademark_owners SET entity_id = ? WHERE entity_id = ?');
  const upsertSplit = db.prepare(
    `INSERT INTO entity_splits (owner_id, entity_id, split_from, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (owner_id) DO UPDATE SET entity_id = excluded.entity_id, split_from = excluded.split_from, created_at = excluded.created_at`,
  );
  const moveOwner = db.prepare('UPDATE trademark_owners SET entity_id = ? WHERE owner_id = ? AND entity_id = ?');
  const merge = writeTransaction(db, (from: string, into: string, at: string) => {
    insertMerge.run(from, into, at);
    moveAll.run(into, from);
  });
  const split = writeTransaction(db, (from: string, to: string, ownerIds: readonly string[], at: string) => {
    for (const owner of ownerIds) {
      upsertSplit.run(owner, to, from, at);
      moveOwner.run(to, owner, from);
    }
  });
  return {
    /** The entity an id was merged into, following later merges; null when it was never merged. */
    async mergedInto(id: string): Promise<string | null> {
      return mergedInto.get(id) ? resolver.follow(id) : null;
    },
    async members(id: string): Promise<EntityMember[]> {
      return members.all(id);
    },
    async merge(from: string, into: string, at: string): Promise<void> {
      merge(from, into, at);
    },
    async split(from: string, to: string, ownerIds: readonly string[], at: string): Promise<void> {
      split(from, to, ownerIds, at);
    },
  };
};

