// The monitoring area's operations (portfolios, watches, alerts, earlier-shape monitors), spread
// into the registry by one line.
import type { OpDefinition } from '../define-op.js';
import { createPortfolio, deletePortfolio, getPortfolio, listPortfolios, updatePortfolio } from './portfolio-crud.js';
import { getPortfolioDeadlinesIcs, listPortfolioDeadlines } from './portfolio-deadlines.js';
import { addPortfolioMarks, importPortfolio, removePortfolioMarks } from './portfolio-marks.js';

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
];
