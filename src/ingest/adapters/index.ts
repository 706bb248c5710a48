// The registry of format adapters, in detection order: specific XML layouts first, then the JSON
// layouts by their distinguishing keys, NDJSON last.
import type { FormatAdapter } from '../adapter.js';
import { ndjson } from './ndjson.js';
import { usptoDailyXml } from './uspto-daily-xml.js';

export const ADAPTER_LIST: FormatAdapter[] = [usptoDailyXml, ndjson];
