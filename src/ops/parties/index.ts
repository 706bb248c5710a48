// The parties area: resolved entities (and their hand merges and splits).
import type { OpDefinition } from '../define-op.js';
import { getEntity } from './get-entity.js';
import { mergeEntities } from './merge-entities.js';
import { splitEntity } from './split-entity.js';

export const PARTY_OPERATIONS: readonly OpDefinition[] = [getEntity, mergeEntities, splitEntity];
