// get_firm: `GET /v1/firms/{id}, tm firm show`, built by representative-ops.ts.
import { getRepresentativeOp } from './representative-ops.js';

export const getFirm = getRepresentativeOp('firm');
