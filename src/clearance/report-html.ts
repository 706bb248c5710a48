// The clearance report as one self-contained HTML file: inline styles, inline SVG charts, no
// script and no network, laid out for the screen and for print (@media print).
import { barChart, countBars } from './report-charts.js';
import { classesOf, escapeHtml as e, ownerOf, RISK_ORDER } from './report-text.js';
import type { Screening, ScreeningHit } from './screening.js';

const COLORS: Record<string, string> = { high: '#b3261e', medium: '#c77700', low: '#4a6fa5', minimal: '#7a7a7a', clear: '#2e7d32' };

const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1f;margin:0;background:#f6f7f9}
main{max-width:1100px;margin:0 auto;padding:24px}
h1{font-size:24px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid #ddd;padding-bottom:4px}
.card{background:#fff;border:1px solid #e1e3e8;border-radius:6px;padding:14px 16px;margin:10px 0}
.badge{display:inline-block;color:#fff;border-radius:4px;padding:2px 10px;font-weight:600;text-transform:uppercase;font-size:12px}
.overall{font-size:16px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0}dt{color:#555}dd{margin:0}
.charts{display:flex;flex-wrap:wrap;gap:12px}.chart{margin:0;background:#fff;border:1px solid #e1e3e8;border-radius:6px;padding:8px}
table{border-collapse:collapse;width:100%;background:#fff}th,td{border:1px solid #e1e3e8;padding:6px 8px;vertical-align:top;text-align:left}
th{background:#eef0f4;font-weight:600}td.why{font-size:13px;color:#333}td.why li{margin:0 0 2px}ul{margin:0;padding-left:18px}
.decision{font-weight:600}.muted{color:#666}.warn{border-color:#c77700;background:#fff8e6}
@media print{body{background:#fff;font-size:11px}main{max-width:none;padding:0}.card,.chart{border-color:#bbb;break-inside:avoid}
 table{font-size:10px}tr{break-inside:avoid}h2{break-after:avoid}section{break-inside:auto}.badge{-webkit-print-color-adjust:exact;print-color-adjust:exact}}
`;

const badge = (level: string): string => `<span class="badge" style="background:${COLORS[level] ?? '#555'}">${e(level)}</span>`;

const hitRow = (h: ScreeningHit): string => {
  const reasons = h.risk.reasons.map((r) => `<li><b>${e(r.factor)}</b> ${e(r.detail)}</li>`).join('');
  const expiry = h.expiry_date ?? h.derived.expiry_date;
  const dates = [h.filing_date && `filed ${h.filing_date}`, h.registration_date && `reg. ${h.registration_date}`, expiry && `expires ${expiry}`].filter(Boolean).join('<br>');
  const decision = h.decision ? `<span class="decision">${e(h.decision.decision)}</span>${h.decision.note ? `<br>${e(h.decision.note)}` : ''}` : '<span class="muted">—</span>';
  return `<tr><td><b>${e(h.mark_text ?? '(no text)')}</b><br><span class="muted">${e(h.match?.tier ?? '')} · ${h.relevance_score ?? ''}${h.match?.reason ? `<br>${e(h.match.reason)}` : ''}</span></td><td>${e(h.office_code)} ${e(h.application_number)}${h.registration_number ? `<br>reg. ${e(h.registration_number)}` : ''}</td><td>${e(ownerOf(h) || '—')}</td><td>${e(h.status.primary)}<br><span class="muted">${e(h.status.stage)}</span></td><td>${classesOf(h).join(', ') || '—'}</td><td>${dates || '—'}</td><td class="why"><ul>${reasons}</ul></td><td>${badge(h.risk.level)}<br>${h.risk.score.toFixed(2)}</td><td>${decision}</td></tr>`;
};

const changesSection = (s: Screening): string => {
  const c = s.changes;
  if (!c) return '';
  const list = (title: string, items: { mark_text: string | null; office_code: string; level: string }[]) =>
    items.length ? `<p><b>${title}:</b> ${items.map((i) => `${e(i.mark_text ?? '')} (${e(i.office_code)}, ${e(i.level)})`).join(', ')}</p>` : '';
  const body = list('New', c.added) + list('Gone', c.removed) + (c.changed.length ? `<p><b>Risk changed:</b> ${c.changed.map((i) => `${e(i.mark_text ?? '')} ${e(i.from)} → ${e(i.level)}`).join(', ')}</p>` : '');
  return `<section id="changes"><h2>Changes since ${e(c.since)}</h2><div class="card">${body || '<p>No change.</p>'}</div></section>`;
};

export const renderHtml = (s: Screening): string => {
  const p = s.proposal;
  const groups = RISK_ORDER.map((level) => {
    const hits = s.hits.filter((h) => h.risk.level === level);
    if (!hits.length) return '';
    return `<section class="risk-group" id="risk-${level}"><h2>${badge(level)} ${hits.length} ${level}-risk mark${hits.length === 1 ? '' : 's'}</h2><table><thead><tr><th>Mark</th><th>Office / number</th><th>Owner</th><th>Status</th><th>Classes</th><th>Dates</th><th>Why it matched</th><th>Risk</th><th>Decision</th></tr></thead><tbody>${hits.map(hitRow).join('')}</tbody></table></section>`;
  }).join('');
  const charts = [
    barChart('Hits by risk', RISK_ORDER.map((l) => ({ label: l, value: s.counts[l] ?? 0, color: COLORS[l] }))),
    barChart('Hits by office', countBars(s.hits, (h) => [h.office_code])),
    barChart('Hits by class', countBars(s.hits, (h) => classesOf(h).map((c) => `class ${c}`)).slice(0, 12)),
    barChart('Hits by tier', countBars(s.hits, (h) => [h.match?.tier ?? 'none'], '#6b8f71')),
  ].join('');
  const decided = s.hits.filter((h) => h.decision);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Clearance report: ${e(p.mark)}</title><style>${STYLE}</style></head>
<body><main>
<header id="proposal"><h1>Clearance report: ${e(p.mark)}</h1><p class="muted">Screening ${e(s.id)} · run ${s.run_count} · ${e(s.updated_at)}</p>
${s.warnings.length ? `<div class="card warn" id="warnings"><b>Read first</b><ul>${s.warnings.map((w) => `<li>${e(w)}</li>`).join('')}</ul></div>` : ''}
<div class="card"><dl><dt>Proposed mark</dt><dd><b>${e(p.mark)}</b></dd><dt>Goods and services</dt><dd>${e(p.goods ?? '—')}</dd><dt>Classes</dt><dd>${p.classes.join(', ') || 'any'}${p.searched_classes.length ? ` <span class="muted">(searched with coordinated classes: ${p.searched_classes.join(', ')})</span>` : ''}</dd><dt>Offices</dt><dd>${e(p.offices.join(', ') || 'all in the store')}</dd><dt>Channels</dt><dd>${e(p.channels.join(', '))} (${e(p.preset)})</dd>${p.owner ? `<dt>Applicant</dt><dd>${e(p.owner)}</dd>` : ''}</dl></div></header>
<section id="overall"><h2>Overall risk</h2><div class="card overall">${badge(s.overall.risk)} ${e(s.overall.summary)}</div></section>
<section id="charts"><h2>Hits at a glance</h2><div class="charts">${charts}</div></section>
${changesSection(s)}
<section id="hits"><h2>Earlier marks by risk</h2>${groups || '<div class="card">No earlier mark found.</div>'}</section>
<section id="decisions"><h2>Review decisions</h2><div class="card">${decided.length ? `<ul>${decided.map((h) => `<li><b>${e(h.mark_text ?? '')}</b> (${e(h.office_code)} ${e(h.application_number)}): <span class="decision">${e(h.decision!.decision)}</span>${h.decision!.note ? ` — ${e(h.decision!.note)}` : ''}</li>`).join('')}</ul>` : '<p class="muted">No hit reviewed yet (tm clear … --review).</p>'}</div></section>
<section id="method"><h2>Method and data</h2><div class="card"><p>${e(s.method)}</p><p>Data as of ${e(s.data_date ?? 'unknown')} (latest office sync of the store). This report supports, and does not replace, a lawyer's clearance opinion.</p></div></section>
</main></body></html>
`;
};
