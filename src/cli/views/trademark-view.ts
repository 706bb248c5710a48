// The readable detail view of one trademark for `tm show`: goods cut to the terminal's width with
// `…` (whole with `--wide`, which also lists every event).
import type { TrademarkDetail } from '../../core/schemas/trademark.js';
import { humanize } from '../../deadlines/labels.js';
import { cut, tableDefaults, terminalWidth } from './table.js';

const line = (label: string, value: string | number | null | undefined): string | null =>
  value === null || value === undefined || value === '' ? null : `  ${label.padEnd(18)} ${value}`;

export const renderTrademark = (t: TrademarkDetail): string => {
  const d = t.derived;
  const wide = tableDefaults.wide;
  const events = [...t.events].sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
  const latestEvents = wide ? events : events.slice(0, 5);
  const goods = (text: string, indent: number): string => (wide || !process.stdout.isTTY ? text : cut(text, Math.max(20, terminalWidth() - indent)));
  const sections: (string | null)[] = [
    `${t.mark_text ?? '(no mark text)'}  —  ${t.office_code} ${t.application_number}${t.registration_number ? ` / reg. ${t.registration_number}` : ''}`,
    `  ${t.id}`,
    '',
    line('Status', `${t.status.primary} · ${t.status.stage}${t.status.raw?.code ? ` (${t.status.raw.code}${t.status.raw.label ? ` ${t.status.raw.label}` : ''})` : ''}`),
    line('Status date', t.status.effective_date),
    line('Filed', t.filing_date),
    line('Registered', t.registration_date),
    line('Published', t.publication_date),
    line('Expires', t.expiry_date ?? (d.expiry_date ? `${d.expiry_date} (computed)` : null)),
    line('Last renewal', t.last_renewal_date),
    line('IR number', t.ir_number),
    line('Term state', humanize(d.term.state)),
    '',
    t.owners.length ? 'Owners' : null,
    ...t.owners.map((o) => `  ${o.name}  — ${o.role ? humanize(o.role).toLowerCase() : 'owner'}${o.entity_type ? `, ${o.entity_type}` : ''}${o.nationality ? `, ${o.nationality}` : ''}`),
    t.classifications.length ? 'Classes' : null,
    ...t.classifications.map((c) => {
      const head = `  ${c.nice_class ?? '—'}  `;
      return `${head}${goods(c.goods_services ?? '', head.length)}`;
    }),
    d.deadlines.items.length ? 'Deadlines' : null,
    ...d.deadlines.items.map(
      (i) => `  ${(i.due_date ?? '—').padEnd(10)}  ${humanize(i.type).padEnd(32)} ${i.state === 'missed' ? 'MISSED' : humanize(i.state)}${i.roll_reason ? `  (moved from ${i.roll_reason.from})` : ''}`,
    ),
    t.events.length ? (wide || t.events.length <= 5 ? `Events (${t.events.length})` : `Events (${t.events.length}, latest 5; --wide for all)`) : null,
    ...latestEvents.map((e) => `  ${e.date ?? '—'}  ${e.raw.code ?? ''}  ${e.raw.label ?? e.description ?? ''}`),
  ];
  return sections.filter((s): s is string => s !== null).join('\n');
};
