// The clearance report as Markdown, CSV and JSON, and the escaping the HTML report shares.
import { csvLine } from '../core/csv.js';
import type { Screening, ScreeningHit } from './screening.js';

export const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export const RISK_ORDER = ['high', 'medium', 'low', 'minimal'] as const;

export const classesOf = (h: ScreeningHit): number[] => [...new Set(h.classifications.flatMap((c) => (c.nice_class === null ? [] : [c.nice_class])))];
export const ownerOf = (h: ScreeningHit): string => h.owners.map((o) => o.name).filter(Boolean).join('; ');
export const whyOf = (h: ScreeningHit): string => h.risk.reasons.filter((r) => r.factor !== 'dates' && r.factor !== 'owner').map((r) => r.detail).join(' ');

export const renderCsv = (s: Screening): string => {
  const header = ['risk', 'risk_score', 'mark', 'office', 'application_number', 'registration_number', 'status', 'classes', 'owner', 'filing_date', 'registration_date', 'expiry_date', 'tier', 'relevance', 'goods', 'decision', 'note', 'why'];
  const rows = s.hits.map((h) => [h.risk.level, h.risk.score, h.mark_text, h.office_code, h.application_number, h.registration_number, h.status.primary, classesOf(h).join(' '), ownerOf(h), h.filing_date, h.registration_date, h.expiry_date ?? h.derived.expiry_date, h.match?.tier, h.relevance_score, h.goods?.level, h.decision?.decision, h.decision?.note, whyOf(h)]);
  return [header, ...rows].map(csvLine).join('');
};

const md = (s: string | null | undefined): string => (s ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');

export const renderMarkdown = (s: Screening): string => {
  const p = s.proposal;
  const out = [
    `# Clearance report: ${md(p.mark)}`,
    '',
    ...s.warnings.map((w) => `> **Warning:** ${md(w)}`),
    ...(s.warnings.length ? [''] : []),
    `- Goods: ${md(p.goods) || '—'}`,
    `- Classes: ${p.classes.join(', ') || 'any'}; offices: ${p.offices.join(', ') || 'all'}; channels: ${p.channels.join(', ')}`,
    `- **Overall risk: ${s.overall.risk}** — ${md(s.overall.summary)}`,
    `- Screening ${s.id}, run ${s.run_count}, ${s.updated_at}; data as of ${s.data_date ?? 'unknown'}`,
    '',
  ];
  for (const level of RISK_ORDER) {
    const hits = s.hits.filter((h) => h.risk.level === level);
    if (!hits.length) continue;
    out.push(`## ${level[0]!.toUpperCase()}${level.slice(1)} risk (${hits.length})`, '', '| mark | office / number | owner | status | classes | dates | why | decision |', '| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const h of hits)
      out.push(`| ${md(h.mark_text)} | ${h.office_code} ${h.application_number} | ${md(ownerOf(h))} | ${h.status.primary} | ${classesOf(h).join(', ')} | filed ${h.filing_date ?? '—'} | ${md(whyOf(h))} | ${h.decision ? `${h.decision.decision}${h.decision.note ? `: ${md(h.decision.note)}` : ''}` : ''} |`);
    out.push('');
  }
  out.push('## Method', '', md(s.method), '');
  return out.join('\n');
};

export const renderJson = (s: Screening): string => `${JSON.stringify(s, null, 2)}\n`;
