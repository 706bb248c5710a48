// Toolsets: every tool belongs to one named group, and tools/list shows the default groups unless
// the caller asks for others (`tm mcp --toolsets`, `/mcp?toolsets=`). Each listed tool costs an
// agent's context on every session (docs/mcp.md "Toolsets"); a tool outside the listed groups
// still answers tools/call, as a cached or documented name may be called directly.
import { TmError } from '../errors.js';

export const TOOLSETS = {
  trademarks: [
    'get_trademark', 'search_trademarks', 'suggest_trademarks', 'batch_get_trademarks', 'get_trademark_history',
    'list_trademark_documents', 'list_trademark_citations', 'list_trademark_assignments', 'list_trademark_proceedings', 'compare_marks',
  ],
  deadlines: ['list_deadlines', 'compute_deadlines', 'list_deadline_rules', 'estimate_fees'],
  clearance: [
    'create_screening', 'get_screening', 'list_screenings', 'rerun_screening', 'decide_screening_hit', 'get_screening_report',
    'classify_goods', 'suggest_goods_terms', 'validate_goods', 'check_listing',
  ],
  monitoring: [
    'tm_watches_create', 'tm_watches_update', 'tm_watches_delete', 'pause_watch', 'resume_watch', 'preview_watch', 'get_watch_diagnostics',
    'list_watches', 'get_watch', 'list_alerts', 'list_alerts_for_watch', 'lookup_alert', 'list_portfolios', 'get_portfolio',
  ],
  account: ['get_account', 'get_usage', 'get_usage_summary', 'list_offices', 'list_status_codes', 'get_stats'],
  parties: [
    'get_owner', 'search_owners', 'get_entity', 'get_attorney', 'search_attorneys', 'get_firm', 'search_firms',
    'list_attorney_trademarks', 'list_firm_trademarks',
  ],
  // Records beside a mark: assignments, proceedings, and the international registration it belongs to.
  records: ['list_assignments', 'get_assignment', 'list_proceedings', 'get_proceeding', 'get_trademark_family'],
  // A set of marks as a whole: counts, what falls due by year, and a client docket compared with the store.
  portfolio: ['get_filing_analytics', 'get_portfolio_composition', 'get_renewal_load', 'reconcile_docket'],
  // Figurative marks by picture: a base64 image in the arguments is large, so not listed by default.
  figures: ['search_image'],
  reference: ['list_event_types', 'list_nice_classes', 'list_design_codes', 'list_fee_schedules', 'list_office_votes', 'vote_for_office', 'withdraw_office_vote'],
  webhooks: ['list_events', 'get_event', 'tm_webhooks_create', 'tm_webhooks_list', 'tm_webhooks_get', 'tm_webhooks_update', 'tm_webhooks_delete', 'tm_webhooks_test', 'tm_webhooks_deliveries'],
  admin: ['list_request_logs', 'list_api_keys', 'list_feeds'],
} as const satisfies Record<string, readonly string[]>;

export type Toolset = keyof typeof TOOLSETS;

/** Listed unless the caller chooses: trademark research, deadlines, clearance, monitoring and the spec §4.6 account tools. */
export const DEFAULT_TOOLSETS: readonly Toolset[] = ['trademarks', 'deadlines', 'clearance', 'monitoring', 'account'];

const NAMES = Object.keys(TOOLSETS) as Toolset[];
const BY_TOOL = new Map<string, Toolset>(NAMES.flatMap((set) => TOOLSETS[set].map((tool) => [tool, set] as const)));

export const toolsetOf = (tool: string): Toolset | undefined => BY_TOOL.get(tool);

/**
 * The toolsets a comma list names (`all` for every one; absent or blank: the default). An
 * unknown name is a validation_error listing the names.
 */
export const parseToolsets = (value: string | null | undefined): ReadonlySet<Toolset> => {
  const asked = (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (asked.length === 0) return new Set(DEFAULT_TOOLSETS);
  if (asked.includes('all')) return new Set(NAMES);
  for (const name of asked) {
    if (!(NAMES as string[]).includes(name)) {
      throw new TmError('validation_error', `toolsets: unknown toolset '${name}'.`, { param: 'toolsets', suggestion: `Use all, or any of ${NAMES.join(', ')}.` });
    }
  }
  return new Set(asked as Toolset[]);
};
