// Entities: which entity an owner record belongs to (its name key, unless a hand split moved it,
// followed through hand merges), the members of an entity, and the recorded merges and splits.
import { entityId } from '../core/entity-key.js';
import type { Owner } from '../core/schemas/parts.js';
import { writeTransaction, type Db } from './sqlite.js';

export interface EntityMember {
  owner_id: string;
  name: string;
  trademark_count: number;
  offices: string;
}

/** The owner → entity rule the ingest writes into trademark_owners; a few primary-key lookups. */
export const entityResolver = (db: Db) => {
  const split = db.prepare<[string], { entity_id: string }>('SELECT entity_id FROM entity_splits WHERE owner_id = ?');
  const merged = db.prepare<[string], { merged_into: string }>('SELECT merged_into FROM entity_merges WHERE entity_id = ?');
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
  return {
    follow,
    of: (o: Pick<Owner, 'owner_id' | 'entity_id' | 'name'>): string =>
      follow(split.get(o.owner_id)?.entity_id ?? o.entity_id ?? entityId(o.name)),
  };
};

export const createEntityRepo = (db: Db) => {
  const resolver = entityResolver(db);
  const mergedInto = db.prepare<[string], { merged_into: string }>('SELECT merged_into FROM entity_merges WHERE entity_id = ?');
  const members = db.prepare<[string], EntityMember>(
    `SELECT o.owner_id, MIN(o.name) AS name, COUNT(*) AS trademark_count, GROUP_CONCAT(DISTINCT t.office_code) AS offices
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
    resolver,
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

export type EntityRepo = ReturnType<typeof createEntityRepo>;
