// The registry of format adapters, in detection order: specific XML layouts first, then the JSON
// layouts by their distinguishing keys, NDJSON last.
import type { FormatAdapter, IngestRecord } from '../adapter.js';
import { euipoFigurativeJson } from './euipo-figurative-json.js';
import { euipoJson } from './euipo-json.js';
import { jpoJson } from './jpo-json.js';
import { kiprisXml } from './kipris-xml.js';
import { ndjson } from './ndjson.js';
import { prhJson } from './prh-json.js';
import { prvJson } from './prv-json.js';
import { st66 } from './st66.js';
import { st96 } from './st96.js';
import { tsdrCasedocsXml } from './tsdr-casedocs-xml.js';
import { tsdrJson } from './tsdr-json.js';
import { ttabXml } from './ttab-xml.js';
import { usptoAssignmentJson } from './uspto-assignment-json.js';
import { usptoAssignmentXml } from './uspto-assignment-xml.js';
import { usptoDailyXml } from './uspto-daily-xml.js';

export const ADAPTER_LIST: FormatAdapter<IngestRecord>[] = [
  usptoDailyXml,
  st66,
  st96,
  kiprisXml,
  ttabXml,
  tsdrCasedocsXml,
  usptoAssignmentXml,
  tsdrJson,
  usptoAssignmentJson,
  euipoJson,
  euipoFigurativeJson,
  prvJson,
  prhJson,
  jpoJson,
  ndjson,
];
