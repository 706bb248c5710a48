// Human renderings for a TTY, keyed by operation name. Views load on demand, so a command pays
// only for its own view (ink alone is hundreds of files). An operation without a view gets the
// generic one. JSON output never comes through here. Every view renders a copy of the data with
// control and bidi characters made visible (src/core/terminal-text.ts): office text cannot drive
// the terminal, whichever view prints it.
import { visibleDeep } from '../../core/terminal-text.js';

type View = (output: never) => string | Promise<string>;

const VIEWS: Record<string, () => Promise<View>> = {
  get_trademark: async () => (await import('./trademark-view.js')).renderTrademark,
  search_trademarks: async () => (await import('./search-view.js')).renderSearchTty,
  list_owner_trademarks: async () => (await import('./search-view.js')).renderMarkList,
  list_attorney_trademarks: async () => (await import('./search-view.js')).renderMarkList,
  list_firm_trademarks: async () => (await import('./search-view.js')).renderMarkList,
  list_entity_trademarks: async () => (await import('./search-view.js')).renderMarkList,
  get_stats: async () => (await import('./stats-view.js')).renderStats,
  list_status_codes: async () => (await import('./status-codes-view.js')).renderStatusCodes,
  issue_api_key: async () => (await import('./key-view.js')).renderNewKey,
  list_deadlines: async () => (await import('./deadlines-view.js')).renderDeadlines,
  compute_deadlines: async () => (await import('./deadlines-view.js')).renderComputeDeadlines,
  list_deadline_rules: async () => (await import('./deadlines-view.js')).renderDeadlineRules,
  list_alerts: async () => (await import('./monitor-view.js')).renderAlerts,
  run_watches: async () => (await import('./monitor-view.js')).renderWatchRun,
  reconcile_docket: async () => (await import('./reconcile-view.js')).renderReconciliation,
  get_filing_analytics: async () => (await import('./analytics-view.js')).renderFilingAnalytics,
  get_portfolio_composition: async () => (await import('./analytics-view.js')).renderComposition,
  get_renewal_load: async () => (await import('./analytics-view.js')).renderRenewalLoad,
  create_screening: async () => (await import('./screening-view.js')).renderScreening,
  get_screening: async () => (await import('./screening-view.js')).renderScreening,
  rerun_screening: async () => (await import('./screening-view.js')).renderScreening,
  decide_screening_hit: async () => (await import('./screening-view.js')).renderScreening,
  create_feed: async () => (await import('./feed-view.js')).renderNewFeed,
};

/** Renders `output` for the terminal; `wide` (`--wide`) shows every table column in full. */
export const renderHuman = async (opName: string, output: unknown, wide = false): Promise<void> => {
  // The table module (string-width) loads here, for a TTY view only, not for JSON or CSV output.
  (await import('./table.js')).tableDefaults.wide = wide;
  const load = VIEWS[opName];
  const view = (load ? await load() : (await import('./generic-view.js')).renderGeneric) as (o: unknown) => string | Promise<string>;
  const text = await view(visibleDeep(output));
  if (text) process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
};
