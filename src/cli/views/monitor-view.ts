// TTY tables for `tm alerts` and `tm watches run`: one line per alert with when, which watch,
// which mark, what changed and how close a similarity hit was.
import type { Alert } from '../../monitor/alert.js';
import { table } from './table.js';
import { count } from './words.js';

const alertTable = (alerts: Alert[]): string =>
  table(
    ['Created', 'Watch', 'Mark', 'Number', 'Event', 'Changed', 'Match', 'Ack'],
    alerts.map((a) => [
      a.created_at.slice(0, 16).replace('T', ' '),
      a.watch_name,
      a.trademark.mark_text ?? '—',
      `${a.trademark.office_code} ${a.trademark.application_number}`,
      a.event.type.replace('trademark.', ''),
      a.event.changed_fields.join(', ') || '—',
      a.match ? `${a.match.tier} ${a.match.score}${a.match.reason ? `: ${a.match.reason}` : ''}` : '—',
      a.acknowledged_at ? 'yes' : '',
    ]),
  );

export const renderAlerts = (out: { data: Alert[]; has_more: boolean }): string =>
  out.data.length === 0 ? 'No alerts.' : `${alertTable(out.data)}${out.has_more ? '\n(more alerts: pass --cursor)' : ''}`;

export const renderWatchRun = (out: { watches: number; changes: number; alerts: Alert[] }): string =>
  `${count(out.alerts.length, 'new alert')} from ${count(out.changes, 'change')} over ${count(out.watches, 'active watch', 'active watches')}${out.alerts.length ? `\n${alertTable(out.alerts)}` : ''}`;
