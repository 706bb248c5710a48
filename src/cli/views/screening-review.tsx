// `tm clear … --review`: an ink screen over a screening's hits, where a reviewer moves through
// them, opens one, marks it conflict, watch or dismiss, and adds a note. Every decision is saved
// at once through decide_screening_hit, so quitting never loses one.
import React, { useRef, useState } from 'react';
import { Box, Text, render, useApp, useInput } from 'ink';
import type { DecisionValue, Screening, ScreeningHit } from '../../clearance/screening.js';
import { classesOf, ownerOf } from '../../clearance/report-text.js';
import { visibleDeep } from '../../core/terminal-text.js';

export type Decide = (hitId: string, decision: DecisionValue, note: string | null) => Promise<Screening>;

const LEVEL_COLOR: Record<string, string> = { high: 'red', medium: 'yellow', low: 'cyan', minimal: 'gray' };
const KEYS: Record<string, DecisionValue> = { c: 'conflict', w: 'watch', d: 'dismiss' };
const HELP = '↑/↓ move · enter details · c conflict · w watch · d dismiss · n note · q quit';

const pad = (s: string, width: number): string => (s.length > width ? `${s.slice(0, width - 1)}…` : s.padEnd(width));

const HitLine = ({ hit, selected }: { hit: ScreeningHit; selected: boolean }) => (
  <Text inverse={selected}>
    {selected ? '›' : ' '} <Text color={LEVEL_COLOR[hit.risk.level]}>{pad(hit.risk.level.toUpperCase(), 7)}</Text>
    {pad(hit.mark_text ?? '(no text)', 24)} {pad(`${hit.office_code} ${hit.application_number}`, 16)} {pad(hit.status.primary, 9)}{' '}
    {pad(`cl ${classesOf(hit).join(',') || '—'}`, 12)} {hit.decision ? hit.decision.decision : ''}
  </Text>
);

const HitDetail = ({ hit }: { hit: ScreeningHit }) => (
  <Box flexDirection="column" borderStyle="round" paddingX={1}>
    <Text bold>
      {hit.mark_text ?? '(no text)'} · {hit.office_code} {hit.application_number} · risk {hit.risk.level} ({Math.round(hit.risk.score * 100)})
    </Text>
    <Text>Owner: {ownerOf(hit) || '—'}</Text>
    <Text>
      Status: {hit.status.primary} · filed {hit.filing_date ?? '—'} · registered {hit.registration_date ?? '—'} · classes {classesOf(hit).join(', ') || '—'}
    </Text>
    {hit.risk.reasons.map((r, i) => (
      <Text key={i} dimColor={r.effect === 'neutral'}>
        {r.effect === 'raises' ? '▲' : r.effect === 'lowers' ? '▼' : '·'} {r.detail}
      </Text>
    ))}
    {hit.decision ? (
      <Text color="magenta">
        Decision: {hit.decision.decision}
        {hit.decision.note ? ` — ${hit.decision.note}` : ''}
      </Text>
    ) : null}
  </Box>
);

/** The review screen; `height` is the number of hit rows shown at once. */
export const ScreeningReview = ({ screening, onDecide, height = 12 }: { screening: Screening; onDecide: Decide; height?: number }) => {
  const { exit } = useApp();
  // Office text is shown with its control characters visible, as in every view (views/index.ts).
  const [current, setCurrent] = useState(() => visibleDeep(screening));
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  // Keys can arrive faster than React renders, so the handler reads the live position and note
  // from refs rather than from the last render's values.
  const at = useRef(0);
  const typed = useRef<string | null>(null);
  const hits = current.hits;
  const move = (to: number) => {
    at.current = Math.min(Math.max(to, 0), Math.max(hits.length - 1, 0));
    setIndex(at.current);
  };
  const editNote = (text: string | null) => {
    typed.current = text;
    setNote(text);
  };

  const save = (hit: ScreeningHit, decision: DecisionValue, text: string | null) => {
    onDecide(hit.id, decision, text).then(
      (next) => {
        // Keep the reviewer's order and place: a reload may order tied hits differently.
        const saved = new Map(next.hits.map((h) => [h.id, h]));
        setCurrent((shown) => visibleDeep({ ...next, hits: shown.hits.map((h) => saved.get(h.id) ?? h) }));
        setMessage(`${hit.mark_text ?? hit.id}: ${decision}${text ? ' with a note' : ''} (saved)`);
      },
      (error: unknown) => setMessage(`not saved: ${error instanceof Error ? error.message : String(error)}`),
    );
  };

  useInput((input, key) => {
    const hit = hits[at.current];
    const draft = typed.current;
    if (draft !== null) {
      if (key.escape) editNote(null);
      else if (key.return) {
        if (hit?.decision) save(hit, hit.decision.decision, draft.trim() || null);
        editNote(null);
      } else if (key.backspace || key.delete) editNote(draft.slice(0, -1));
      else if (input && !key.ctrl && !key.meta) editNote(draft + input);
      return;
    }
    if (input === 'q' || key.escape) exit();
    else if (key.downArrow || input === 'j') move(at.current + 1);
    else if (key.upArrow || input === 'k') move(at.current - 1);
    else if (key.return) setOpen((o) => !o);
    else if (KEYS[input] && hit) save(hit, KEYS[input]!, hit.decision?.note ?? null);
    else if (input === 'n' && hit) {
      if (hit.decision) editNote(hit.decision.note ?? '');
      else setMessage('Decide first (c, w or d), then add a note.');
    }
  });

  const hit = hits[index];
  const first = Math.min(Math.max(index - Math.floor(height / 2), 0), Math.max(hits.length - height, 0));
  const decided = hits.filter((h) => h.decision).length;
  return (
    <Box flexDirection="column">
      <Text>
        <Text bold>Review: {current.proposal.mark}</Text> — overall <Text color={LEVEL_COLOR[current.overall.risk] ?? 'green'}>{current.overall.risk}</Text>
        {' · '}
        {hits.length ? `${index + 1} of ${hits.length}` : 'no hits'} · {decided} decided
      </Text>
      {hits.length === 0 ? <Text>{current.overall.summary}</Text> : null}
      {hits.slice(first, first + height).map((h, i) => (
        <HitLine key={h.id} hit={h} selected={first + i === index} />
      ))}
      {open && hit ? <HitDetail hit={hit} /> : null}
      {note !== null ? <Text color="magenta">Note (enter saves, esc cancels): {note}▏</Text> : null}
      {message ? <Text color="green">{message}</Text> : null}
      <Text dimColor>{HELP}</Text>
    </Box>
  );
};

/** Runs the screen on the terminal until the reviewer quits, and returns the screening as last saved. */
export const runReview = async (screening: Screening, onDecide: Decide): Promise<Screening> => {
  let last = screening;
  const track: Decide = async (...args) => (last = await onDecide(...args));
  const height = Math.max(5, (process.stdout.rows ?? 24) - 14);
  const app = render(<ScreeningReview screening={screening} onDecide={track} height={height} />, { patchConsole: false });
  await app.waitUntilExit();
  return last;
};
