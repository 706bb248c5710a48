// `tm clear --review`: the ink screen over a real screening, driven by key presses through ink's
// testing library; every decision goes through decide_screening_hit into the store and the report.
import React from 'react';
import { render } from 'ink-testing-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { createScreening } from '../../src/ops/clearance/create-screening.js';
import { decideScreeningHit } from '../../src/ops/clearance/decide-screening-hit.js';
import { getScreening } from '../../src/ops/clearance/get-screening.js';
import { renderReport } from '../../src/ops/clearance/get-screening-report.js';
import { ScreeningReview, type Decide } from '../../src/cli/views/screening-review.js';
import type { Screening } from '../../src/clearance/screening.js';
import { makeRecord, tempContext, type TempContext } from '../helpers/factory.js';
import { callOp } from '../helpers/ops.js';

let t: TempContext;
let screening: Screening;
const NOW = '2026-11-22T12:00:00.000Z';
const cls = (c: number, goods: string) => ({ nice_class: c, goods_services: goods, class_status: null, first_use_date: null, first_use_in_commerce_date: null, office_classes: [] });

const DOWN = '\u001B[B';
const UP = '\u001B[A';
const ENTER = '\r';
const ESC = '\u001B';
/** ink reads stdin on the next tick, and a decision is saved asynchronously. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 60));
const press = async (stdin: { write: (s: string) => void }, ...keys: string[]) => {
  for (const k of keys) {
    stdin.write(k);
    await settle();
  }
};

beforeAll(async () => {
  t = tempContext(NOW);
  const marks: [string, string][] = [['ZENTRIX', '90000001'], ['ZENTRICKS', '90000002'], ['XENTRIX', '90000003']];
  await t.ctx.store.trademarks.upsert(
    marks.map(([mark, number]) => makeRecord({ mark_text: mark, application_number: number, status: { primary: 'active', stage: 'registered' }, classifications: [cls(9, 'computer software')] })),
    NOW,
  );
  await t.ctx.index.sync();
  screening = await callOp(t.ctx, createScreening, { mark: 'ZENTRIX', classes: [9] });
});
afterAll(async () => t.cleanup());

const decide: Decide = (id, decision, note) => callOp(t.ctx, decideScreeningHit, { id: screening.id, trademark_id: id, decision, ...(note === null ? {} : { note }) });

describe('tm clear --review', () => {
  it('moves with the arrow keys, opens a hit, and stores conflict, watch and dismiss with a note', async () => {
    expect(screening.hits.length).toBeGreaterThanOrEqual(3);
    const [first, second, third] = screening.hits;
    const app = render(<ScreeningReview screening={screening} onDecide={decide} />);
    await settle();
    expect(app.lastFrame()).toContain(`1 of ${screening.hits.length}`);
    expect(app.lastFrame()).toContain('0 decided');

    await press(app.stdin, 'c');
    await press(app.stdin, DOWN, 'w', DOWN, 'd');
    expect(app.lastFrame()).toContain(`3 of ${screening.hits.length}`);
    expect(app.lastFrame()).toContain('3 decided');

    // A note on the second hit: typed, then saved with enter; esc in note mode cancels.
    await press(app.stdin, UP, 'n', 'p', 'r', 'i', 'o', 'r', ' ', 'u', 's', 'e', ENTER);
    await press(app.stdin, 'n', 'x', ESC);
    await press(app.stdin, ENTER);
    const frame = app.lastFrame()!;
    expect(frame).toContain('Decision: watch — prior use');
    expect(frame).toContain(second!.mark_text!);
    app.unmount();

    const stored = await callOp(t.ctx, getScreening, { id: screening.id });
    const byId = new Map(stored.hits.map((h) => [h.id, h.decision]));
    expect(byId.get(first!.id)).toMatchObject({ decision: 'conflict', note: null });
    expect(byId.get(second!.id)).toMatchObject({ decision: 'watch', note: 'prior use' });
    expect(byId.get(third!.id)).toMatchObject({ decision: 'dismiss' });
    expect(renderReport(stored, 'md').content).toContain('watch: prior use');
  });

  it('asks for a decision before a note, and stops at the ends of the list', async () => {
    const fresh = await callOp(t.ctx, createScreening, { mark: 'XENTRIX', classes: [9] });
    const app = render(<ScreeningReview screening={fresh} onDecide={decide} />);
    await settle();
    await press(app.stdin, UP, 'n');
    expect(app.lastFrame()).toContain('1 of');
    expect(app.lastFrame()).toContain('Decide first');
    for (let i = 0; i < fresh.hits.length + 2; i++) await press(app.stdin, DOWN);
    expect(app.lastFrame()).toContain(`${fresh.hits.length} of ${fresh.hits.length}`);
    app.unmount();
  });

  it('refuses --review without a terminal, with one line and exit 2', async () => {
    const r = await execa('node', ['bin/tm.js', 'clear', 'ZENTRIX', '--review', '--db', `${t.dir}/tm.db`], { reject: false, stdin: 'pipe' });
    expect(r.exitCode).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('--review needs an interactive terminal');
  });
});
