// The operation registry: every public operation, in one list. Surfaces are built from it; a new
// operation is one new file in this folder plus one line here.
import type { OpDefinition } from './define-op.js';
import { getTrademark } from './get-trademark.js';
import { computeDeadlines } from './compute-deadlines.js';
import { listDeadlineRules } from './list-deadline-rules.js';
import { getDeadlinesIcs, listDeadlines } from './list-deadlines.js';
import { getStats } from './get-stats.js';
import { listDesignCodes } from './list-design-codes.js';
import { listEventTypes } from './list-event-types.js';
import { listJurisdictions } from './list-jurisdictions.js';
import { listNiceClasses } from './list-nice-classes.js';
import { listOffices } from './list-offices.js';
import { listStatusCodes } from './list-status-codes.js';
import { searchClassifications } from './search-classifications.js';
import { searchTrademarks } from './search-trademarks.js';
import { suggestTrademarks } from './suggest-trademarks.js';
import { batchGetTrademarks } from './batch-get-trademarks.js';
import { getTrademarkHistory } from './get-trademark-history.js';
import { getTrademarkFamily } from './trademarks/get-trademark-family.js';
import { listTrademarkAssignments } from './list-trademark-assignments.js';
import { listTrademarkProceedings } from './list-trademark-proceedings.js';
import { listAttorneyTrademarks, listEntityTrademarks, listFirmTrademarks, listOwnerTrademarks } from './parties/party-trademarks.js';
import { getAccount } from './account/get-account.js';
import { getUsage } from './get-usage.js';
import { getUsageSummary } from './get-usage-summary.js';
import { listRequestLogs } from './list-request-logs.js';
import { listApiKeys } from './list-api-keys.js';
import { createApiKey } from './create-api-key.js';
import { updateApiKey } from './update-api-key.js';
import { revokeApiKey } from './revoke-api-key.js';
import { submitFeedback } from './submit-feedback.js';
import { createOrganization } from './account/create-organization.js';
import { listOrganizations } from './account/list-organizations.js';
import { setOrganizationLimits } from './account/set-organization-limits.js';
import { setOrganizationPlan } from './account/set-organization-plan.js';
import { updateOrganization, updateOrganizationLocal } from './account/update-organization.js';
import { issueApiKey } from './issue-api-key.js';
import { listApiKeysLocal } from './list-api-keys-local.js';
import { revokeApiKeyLocal } from './revoke-api-key-local.js';
import { getTrademarkEarlier } from './trademarks/get-trademark-earlier.js';
import { getOwnerEarlier } from './get-owner-earlier.js';
import { listOwnerTrademarksEarlier } from './list-owner-trademarks-earlier.js';
import { searchOwnersEarlier } from './search-owners-earlier.js';
import { searchEarlier } from './trademarks/search-earlier.js';
import { RECORDS_OPERATIONS } from './records/index.js';
import { FEE_OPERATIONS } from './fees/index.js';
import { ANALYTICS_OPERATIONS } from './analytics/index.js';
import { PARTY_OPERATIONS } from './parties/index.js';
import { COVERAGE_OPERATIONS } from './coverage/index.js';
import { MONITOR_OPERATIONS } from './monitor/index.js';
import { EVENT_OPERATIONS } from './events/index.js';
import { CLEARANCE_OPERATIONS } from './clearance/index.js';
import { FEED_OPERATIONS } from './feeds/index.js';

export const OPERATIONS: readonly OpDefinition[] = [
  getTrademark,
  searchTrademarks,
  suggestTrademarks,
  listOffices,
  listStatusCodes,
  listEventTypes,
  listNiceClasses,
  searchClassifications,
  listDesignCodes,
  listJurisdictions,
  getStats,
  listDeadlines,
  getDeadlinesIcs,
  computeDeadlines,
  listDeadlineRules,
  batchGetTrademarks,
  getTrademarkHistory,
  getTrademarkFamily,
  listTrademarkAssignments,
  listTrademarkProceedings,
  listOwnerTrademarks,
  listAttorneyTrademarks,
  listFirmTrademarks,
  listEntityTrademarks,
  getAccount,
  getUsage,
  getUsageSummary,
  listRequestLogs,
  listApiKeys,
  createApiKey,
  updateApiKey,
  revokeApiKey,
  submitFeedback,
  createOrganization,
  listOrganizations,
  setOrganizationLimits,
  setOrganizationPlan,
  updateOrganization,
  updateOrganizationLocal,
  issueApiKey,
  listApiKeysLocal,
  revokeApiKeyLocal,
  getTrademarkEarlier,
  getOwnerEarlier,
  listOwnerTrademarksEarlier,
  searchOwnersEarlier,
  searchEarlier,
  ...RECORDS_OPERATIONS,
  ...FEE_OPERATIONS,
  ...ANALYTICS_OPERATIONS,
  ...PARTY_OPERATIONS,
  ...COVERAGE_OPERATIONS,
  ...MONITOR_OPERATIONS,
  ...EVENT_OPERATIONS,
  ...CLEARANCE_OPERATIONS,
  ...FEED_OPERATIONS,
];

export const findOperation = (name: string): OpDefinition | undefined => OPERATIONS.find((op) => op.name === name);
