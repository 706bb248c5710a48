// The monitoring area's operations (portfolios, watches, alerts, earlier-shape monitors), spread
// into the registry by one line.
import type { OpDefinition } from '../define-op.js';
import { acknowledgeAlert, listAlerts, listAlertsForWatch, lookupAlert } from './alerts.js';
import { createPortfolio, deletePortfolio, getPortfolio, listPortfolios, updatePortfolio } from './portfolio-crud.js';
import { getPortfolioDeadlinesIcs, listPortfolioDeadlines } from './portfolio-deadlines.js';
import { createMonitor, deleteMonitor, getMonitor, listMonitors, testMonitor, updateMonitor } from './monitors.js';
import { addPortfolioMarks, importPortfolio, removePortfolioMarks } from './portfolio-marks.js';
import { runWatches } from './run-watches.js';
import { previewWatch } from './preview-watch.js';
import { getWatchDiagnostics, replayWatch } from './watch-actions.js';
import { bulkCreateWatches, getWatch, listWatches, pauseWatch, resumeWatch, tmWatchesCreate, tmWatchesDelete, tmWatchesUpdate } from './watch-crud.js';

export const MONITOR_OPERATIONS: readonly OpDefinition[] = [
  createPortfolio,
  listPortfolios,
  getPortfolio,
  updatePortfolio,
  deletePortfolio,
  addPortfolioMarks,
  removePortfolioMarks,
  importPortfolio,
  listPortfolioDeadlines,
  getPortfolioDeadlinesIcs,
  tmWatchesCreate,
  bulkCreateWatches,
  listWatches,
  getWatch,
  tmWatchesUpdate,
  tmWatchesDelete,
  pauseWatch,
  resumeWatch,
  previewWatch,
  getWatchDiagnostics,
  replayWatch,
  runWatches,
  listAlerts,
  listAlertsForWatch,
  lookupAlert,
  acknowledgeAlert,
  createMonitor,
  listMonitors,
  getMonitor,
  updateMonitor,
  deleteMonitor,
  testMonitor,
];
