// search_attorneys: `GET /v1/attorneys?q=, tm attorneys search`, built by representative-ops.ts.
import { searchRepresentativesOp } from './representative-ops.js';

export const searchAttorneys = searchRepresentativesOp('attorney');
