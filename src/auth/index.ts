// The account domain as one import for the surfaces (HTTP and MCP): authentication, scopes,
// rate limits and metering, keys and organizations.
export { authenticateApiKey, contextFor, normalizeScopes, requireScope, sentNoBearer, type Principal } from './authenticate.js';
export { peekWindow, RateLimiter, rateLimitHeaders, type Admission, type AdmitOptions } from './rate-limiter.js';
export { AUTH_FAILURES, beginAuthAttempt, endAuthAttempt, type AuthAttempt, type Client } from './auth-failures.js';
export { DEFAULT_LIMITS, resolveLimits } from './limits.js';
export { issueApiKey, hashKey, KEY_PATTERN } from './keys.js';
export { authenticateFeedToken, FEED_TOKEN_PARAM, feedTokenElsewhere, newFeedToken } from './feeds.js';
export { createOrganization, requireOrg } from './orgs.js';
export { flushUsage, logRequest, type RequestRecord } from './request-log.js';
export { pruneAccountData, REQUEST_LOG_RETENTION_DAYS } from './retention.js';
export { SCOPES, type OrgLimits, type Tier, type DailyTier } from './schemas.js';
