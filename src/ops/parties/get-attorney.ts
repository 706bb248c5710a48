// get_attorney: `GET /v1/attorneys/{id}, tm attorney show`, built by representative-ops.ts.
import { getRepresentativeOp } from './representative-ops.js';

export const getAttorney = getRepresentativeOp('attorney');
