// The records area: recorded assignments, board proceedings, prosecution documents, citations and
// docket reconciliation.
import type { OpDefinition } from '../define-op.js';
import { getAssignment } from './get-assignment.js';
import { getProceeding } from './get-proceeding.js';
import { listAssignments } from './list-assignments.js';
import { listProceedings } from './list-proceedings.js';
import { reconcileDocket } from './reconcile-docket.js';
import { listTrademarkDocuments } from './list-trademark-documents.js';
import { listTrademarkDocumentsEarlier } from './list-trademark-documents-earlier.js';
import { listTrademarkCitations } from './list-trademark-citations.js';

export const RECORDS_OPERATIONS: readonly OpDefinition[] = [listAssignments, getAssignment, listProceedings, getProceeding, reconcileDocket, listTrademarkDocuments, listTrademarkDocumentsEarlier, listTrademarkCitations];
