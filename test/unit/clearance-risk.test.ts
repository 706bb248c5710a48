import { describe, expect, it } from 'vitest';
import { CALIBRATION, crowdedTerms, levelOf, riskScore, type Calibration } from '../../src/clearance/risk.js';

const parts = { text: 0.8, goods: 1, status: 1, owner: 1, identical: false, crowded: false, floor: null };

describe('risk score and calibration', () => {
  it('multiplies the factors, raises the same mark and clips at 1', () => {
    expect(riskScore(parts)).toBe(0.8);
    expect(riskScore({ ...parts, goods: 0.5, status: 0.9 })).toBe(0.36);
    expect(riskScore({ ...parts, text: 0.95, identical: true })).toBe(1);
    expect(riskScore({ ...parts, owner: 0 })).toBe(0);
  });

  it('applies a text floor, a crowding factor and level cut-offs from the calibration given', () => {
    const cal: Calibration = { textFloor: 0.6, crowdFactor: 0.5, crowdHits: 2, cuts: { high: 0.9, medium: 0.5, low: 0.3 } };
    expect(riskScore({ ...parts, text: 0.55 }, cal)).toBe(0);
    expect(riskScore({ ...parts, crowded: true }, cal)).toBe(0.4);
    expect(crowdedTerms(['zen', 'trix'], new Map([['zen', 3], ['trix', 2]]), cal)).toEqual(['zen']);
    expect([0.95, 0.6, 0.35, 0.1].map((s) => levelOf(s, cal.cuts))).toEqual(['high', 'medium', 'low', 'minimal']);
  });

  it('holds cut-offs in order inside 0..1', () => {
    const { high, medium, low } = CALIBRATION.cuts;
    expect(0 < low && low < medium && medium < high && high <= 1).toBe(true);
    expect(levelOf(high)).toBe('high');
    expect(levelOf(low - 0.001)).toBe('minimal');
  });
});
