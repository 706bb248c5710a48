// The analytics area: counts over the stored marks for charts (JSON over HTTP and MCP, bars on the CLI).
import type { OpDefinition } from '../define-op.js';
import { getFilingAnalytics } from './filing-analytics.js';

export const ANALYTICS_OPERATIONS: readonly OpDefinition[] = [getFilingAnalytics];
