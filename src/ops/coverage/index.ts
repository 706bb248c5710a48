// The office-coverage area (Reference Data): organizations vote for offices to be added, and
// anyone reads the totals.
import type { OpDefinition } from '../define-op.js';
import { listOfficeVotes } from './list-office-votes.js';
import { voteForOffice } from './vote-for-office.js';
import { withdrawOfficeVote } from './withdraw-office-vote.js';

export const COVERAGE_OPERATIONS: readonly OpDefinition[] = [listOfficeVotes, voteForOffice, withdrawOfficeVote];
