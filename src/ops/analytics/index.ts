// The analytics area: filings over time, a portfolio's composition and its renewal load by year (JSON over HTTP and MCP, bars on the CLI).
import type { OpDefinition } from '../define-op.js';
import { getFilingAnalytics } from './filing-analytics.js';
import { getPortfolioComposition } from './portfolio-composition.js';
import { getRenewalLoad } from './renewal-load.js';

export const ANALYTICS_OPERATIONS: readonly OpDefinition[] = [getFilingAnalytics, getPortfolioComposition, getRenewalLoad];
