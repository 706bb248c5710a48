// Compare two marks: the search engine's score on each similarity channel, the tier, and the
// evidence a person can read (sound keys, edit path, shared segments, equivalences, goods overlap).
import { z } from 'zod';
import { analyze, type Analysis, type Channel } from '../search/analyze.js';
import { judge } from '../search/judge.js';
import { CHANNELS, DEFAULT_CHANNELS } from '../search/params.js';
import { RELATED_MIN, SIMILAR_MIN } from '../search/score.js';
import { MatchTier } from '../core/schemas/trademark.js';
import { describeStep, editPath, equivalences, sharedSegments, sharedSoundKeys } from './explain.js';
import { GoodsRelatedness, goodsRelatedness, type GoodsSide } from './goods.js';

export const ChannelResult = z.object({
  channel: z.enum(CHANNELS),
  score: z.number().min(0).max(1).describe('The engine lane score, 0 when below the related floor'),
  tier: MatchTier.nullable(),
  explanation: z.string(),
  evidence: z.object({
    sound_keys: z.array(z.string()).optional(),
    edit_path: z.array(z.object({ op: z.string(), at: z.number().int(), from: z.string(), to: z.string(), note: z.string().nullable() })).optional(),
    segments: z.array(z.string()).optional(),
    equivalences: z.array(z.object({ word: z.string(), as: z.string() })).optional(),
  }),
});
export type ChannelResult = z.infer<typeof ChannelResult>;

export const TextComparison = z.object({
  score: z.number().min(0).max(1),
  tier: MatchTier.nullable(),
  family: z.string().nullable().describe('The way of copying a mark the pair shows (docs/search.md), null for a looser resemblance or none'),
  reason: z.string().nullable().describe('Why the marks are alike, in plain words; null when they are not'),
  similarity_applied: z.array(z.enum(CHANNELS)).describe('The channels the score and tier are judged on (as a search or watch on them would)'),
  relevance_score: z.number().int().min(0).max(100),
  channels: z.array(ChannelResult),
  goods: GoodsRelatedness.nullable(),
  summary: z.string(),
});
export type TextComparison = z.infer<typeof TextComparison>;

export interface Side extends GoodsSide {
  mark: string;
}

const tierOf = (channel: Channel, score: number, overall: MatchTier | null): MatchTier | null => {
  // Equal near forms with different letters (FOREVER/4EVER) are `similar` on the identical channel.
  if (channel === 'identical') return score > 0 ? (overall === 'identical' || overall === 'near_identical' ? overall : 'similar') : null;
  return score >= SIMILAR_MIN ? 'similar' : score >= RELATED_MIN ? 'related' : null;
};

const laneOf = (a: Analysis, b: Analysis, channel: Channel): number => judge(a, b, new Set([channel]))?.lanes[channel] ?? 0;

const explainChannel = (channel: Channel, score: number, x: { a: Analysis; b: Analysis; aText: string; bText: string }): Pick<ChannelResult, 'explanation' | 'evidence'> => {
  const below = score === 0 ? ' (below the related floor)' : '';
  switch (channel) {
    case 'identical': {
      const eq = [...equivalences(x.aText, x.a), ...equivalences(x.bText, x.b)];
      if (x.a.folded === x.b.folded) return { explanation: 'The same text once case and accents are folded.', evidence: {} };
      if (x.a.near === x.b.near)
        return { explanation: `The same after spacing, punctuation, plurals and number words are normalised${eq.length ? ` (${eq.map((e) => `${e.word}=${e.as}`).join(', ')})` : ''}.`, evidence: { equivalences: eq } };
      return { explanation: 'Not the same text.', evidence: {} };
    }
    case 'phonetic': {
      const keys = sharedSoundKeys(x.a, x.b);
      return { explanation: keys.length ? `Shared sound keys (Double Metaphone): ${keys.join(', ')}${below}.` : `No shared sound key${below}.`, evidence: { sound_keys: keys } };
    }
    case 'fuzzy':
    case 'lookalike': {
      const path = editPath(x.a.near, x.b.near);
      const steps = path.map(describeStep).join(', ');
      const alike = path.filter((s) => s.note === 'looks_alike').length;
      const head = channel === 'lookalike' ? (x.a.skeleton === x.b.skeleton ? 'Read the same at a glance' : 'Not the same at a glance') : `${path.length} edit${path.length === 1 ? '' : 's'}`;
      return { explanation: `${head}: ${x.a.near} → ${x.b.near}${steps ? ` by ${steps}` : ''}${alike ? `; ${alike} look-alike letter${alike > 1 ? 's' : ''}` : ''}${below}.`, evidence: { edit_path: path } };
    }
    case 'conceptual':
      return { explanation: score > 0 ? `The same meaning in other words (translation, synonym or number)${below}.` : 'No word with the same meaning.', evidence: {} };
    case 'embedded': {
      const segments = sharedSegments(x.a.compact, x.b.compact);
      return { explanation: segments.length ? `Shared segments: ${segments.join(', ')}${below}.` : `No shared segment of 3 letters or more${below}.`, evidence: { segments } };
    }
  }
};

/** The judgement of `b` against `a` on `applied` (the search default unless asked): the score and
 *  tier a search for `a` gives `b` on those channels; each channel's lane and evidence beside it. */
export const compareTexts = (a: Side, b: Side, withGoods: boolean, applied: readonly Channel[] = DEFAULT_CHANNELS): TextComparison => {
  const x = { a: analyze(a.mark), b: analyze(b.mark), aText: a.mark, bText: b.mark };
  const all = judge(x.a, x.b, new Set(applied));
  const overall = all?.tier ?? null;
  const channels = CHANNELS.map((channel) => {
    const score = all?.lanes[channel] ?? laneOf(x.a, x.b, channel);
    return { channel, score, tier: tierOf(channel, score, overall), ...explainChannel(channel, score, x) };
  });
  const goods = withGoods ? goodsRelatedness(a, b) : null;
  const strongest = channels.filter((c) => c.tier).sort((p, q) => q.score - p.score)[0];
  const textPart = overall ? `${a.mark} and ${b.mark} are ${overall.replace('_', '-')}: ${all!.reason}${strongest ? ` (strongest on ${strongest.channel})` : ''}` : `${a.mark} and ${b.mark} are not similar on ${applied.join(', ')}`;
  const goodsPart = goods ? `; goods: ${goods.level.replace('_', ' ')}` : '';
  return {
    score: all?.score ?? 0,
    tier: overall,
    family: all?.family ?? null,
    reason: all?.reason ?? null,
    similarity_applied: [...applied],
    relevance_score: Math.round((all?.score ?? 0) * 100),
    channels,
    goods,
    summary: `${textPart}${goodsPart}.`,
  };
};
