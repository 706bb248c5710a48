// The account domain as one import for the surfaces (HTTP and MCP): authentication, scopes,
// rate limits and metering, keys and organizations.
export { authenticateApiKey, contextFor, normalizeScopes, requireScope, sentNoBearer, type Principal } from './authenticate.js';
export {
  failureBucket,
  peekWindow,
  RateLimiter,
  rateLimitHeaders,
  releaseAuthAttempt,
  reserveAuthAttempt,
  type Admission,
  type AdmitOptions,
} from './rate-limiter.js';
export { DEFAULT_LIMITS, resolveLimits } from './limits.js';
export { issueApiKey, hashKey, KEY_PATTERN } from './keys.js';
export { createOrganization, requireOrg } from './orgs.js';
export { flushUsage, logRequest, type RequestRecord } from './request-log.js';
export { pruneAccountData, REQUEST_LOG_RETENTION_DAYS } from './retention.js';
export { SCOPES, type OrgLimits, type Tier, type DailyTier } from './schemas.js';
