// The parties area: owners, attorneys and firms (detail and fuzzy search by name) and resolved
// entities (and their hand merges and splits), and operator merges of owners and attorneys.
import type { OpDefinition } from '../define-op.js';
import { getEntity } from './get-entity.js';
import { getOwner } from './get-owner.js';
import { searchOwners } from './search-owners.js';
import { mergeEntities } from './merge-entities.js';
import { splitEntity } from './split-entity.js';
import { mergeAttorneys, mergeOwners } from './party-merges.js';
import { getAttorney } from './get-attorney.js';
import { getFirm } from './get-firm.js';
import { searchAttorneys } from './search-attorneys.js';
import { searchFirms } from './search-firms.js';

export const PARTY_OPERATIONS: readonly OpDefinition[] = [
  getOwner,
  searchOwners,
  mergeOwners,
  getEntity,
  mergeEntities,
  splitEntity,
  getAttorney,
  searchAttorneys,
  mergeAttorneys,
  getFirm,
  searchFirms,
];
