// Owner entities (owner records grouped, merged and split): the store interface every backend implements.
export interface EntityMember {
  owner_id: string;
  name: string;
  trademark_count: number;
  /** Comma-joined office codes, in code order. */
  offices: string;
}

export interface EntityRepo {
  /** The entity an id was merged into, following later merges; null when it was never merged. */
  mergedInto(id: string): Promise<string | null>;
  members(id: string): Promise<EntityMember[]>;
  merge(from: string, into: string, at: string): Promise<void>;
  split(from: string, to: string, ownerIds: readonly string[], at: string): Promise<void>;
}
