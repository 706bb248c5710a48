// The parties area: owners (detail and fuzzy search by name) and resolved entities (and their hand
// merges and splits).
import type { OpDefinition } from '../define-op.js';
import { getEntity } from './get-entity.js';
import { getOwner } from './get-owner.js';
import { searchOwners } from './search-owners.js';
import { mergeEntities } from './merge-entities.js';
import { splitEntity } from './split-entity.js';

export const PARTY_OPERATIONS: readonly OpDefinition[] = [getOwner, searchOwners, getEntity, mergeEntities, splitEntity];
