// search_firms: `GET /v1/firms?q=, tm firms search`, built by representative-ops.ts.
import { searchRepresentativesOp } from './representative-ops.js';

export const searchFirms = searchRepresentativesOp('firm');
