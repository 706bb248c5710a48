// The judgement's tables in their packed forms (src/search/conceptual-table.ts,
// reference-commonness.ts, written by `npm run build`): every word of every section of the
// conceptual table reads back exactly as the source's text says, words it lacks are absent, a
// packed file of another source is refused, and the packed reference forms are the computed ones
// and count a term as a search of each form would.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { openTable, packSource, packTable, SECTION_NAMES } from '../../src/search/conceptual-table.js';
import { packForms, referenceCommonness } from '../../src/search/reference-commonness.js';
import { COMMON_CAP, commonnessOf } from '../../src/search/fusion.js';
import { compact, nearWords } from '../../src/search/normalize.js';
import { packagePath } from '../../src/data-files.js';
import { sourceSections as readSource } from '../helpers/conceptual-source.js';

const sourceSections = (): Map<string, Map<string, string>> => readSource('equivalents.tsv.gz');

describe('packed conceptual table', () => {
  const sourceBytes = readFileSync(packagePath('data', 'conceptual', 'equivalents.tsv.gz')).length;
  const table = openTable(packSource(), sourceBytes)!;
  const sections = sourceSections();

  it('reads every word of every section as the source has it', () => {
    for (const name of SECTION_NAMES) {
      const want = sections.get(name)!;
      expect(want.size).toBeGreaterThan(0);
      let checked = 0;
      for (const [k, v] of want) {
        if (table[name].get(k) !== v) expect({ name, k, got: table[name].get(k) }).toEqual({ name, k, got: v });
        checked++;
      }
      expect(checked).toBe(want.size);
    }
  });

  it('finds no word the source lacks', () => {
    for (const w of ['', 'zzzzqx', 'lupoo', 'a', 'wolfs', 'μμ', 'émile']) {
      for (const name of SECTION_NAMES) expect(table[name].has(w)).toBe(sections.get(name)!.has(w));
    }
  });

  it('keeps the last values of a repeated word and starts a repeated section anew', () => {
    const text = Buffer.from('# comment\n[foreign]\nlupo\twolf\nsol\tsun\n[numbers]\nsei\t6\n[foreign]\nlupo\twolf dog\nlupo\tfox\nazul\tblue\n');
    const t = openTable(packTable(text, 99), 99)!;
    expect([t.foreign.get('lupo'), t.foreign.has('sol'), t.foreign.get('azul'), t.numbers.get('sei'), t.synonyms.has('lupo')]).toEqual(['fox', false, 'blue', '6', false]);
  });

  it('answers the same once a busy section reads through its key filter', () => {
    const words = Array.from({ length: 500 }, (_, i) => `w${i}x`);
    const t = openTable(packTable(Buffer.from(`[foreign]\n${words.map((w) => `${w}\t${w}s`).join('\n')}\nsoñar\tdream\n`), 99), 99)!;
    // Past the lookups that build the filter: every absent word stays absent, every word present is found.
    expect(Array.from({ length: 1000 }, (_, i) => t.foreign.has(`v${i}x`)).filter(Boolean)).toEqual([]);
    expect(words.every((w) => t.foreign.get(w) === `${w}s`)).toBe(true);
    expect([t.foreign.get('soñar'), t.foreign.has('sonar'), t.foreign.has('')]).toEqual(['dream', false, false]);
  });

  it('refuses a packed file of another source', () => {
    expect(openTable(packTable(Buffer.from('[foreign]\nlupo\twolf\n'), 10), 11)).toBeNull();
    expect(openTable(Buffer.from('not a table'), 10)).toBeNull();
  });
});

describe('packed reference forms', () => {
  it('are each reference mark’s compact and near forms, in order', () => {
    const marks = (JSON.parse(gunzipSync(readFileSync(packagePath('data', 'similarity', 'euipo-2020-texts.json.gz'))).toString('utf8')) as { marks: [string, string][] }).marks;
    const lines = packForms().split('\n').slice(1, -1);
    expect(lines).toEqual(marks.map(([, t]) => `${compact(t)} ${nearWords(t).join('')}`));
  });

  it('count a term once per mark holding it, as a search of each form does, up to the cap', () => {
    const forms = packForms().split('\n').slice(1, -1);
    const perForm = (term: string): number => {
      let n = 0;
      for (const f of forms) if (f.includes(term) && ++n >= COMMON_CAP) break;
      return n;
    };
    // Rare and common terms, a term twice in one form (ANANA), one across the compact/near space,
    // one spanning two forms (the end of one and the start of the next) and one with a line break.
    const terms = ['zzzzqx', 'lupo', 'anana', 'an', 'e', 'apple', forms[7]!, `${forms[7]!.slice(-3)}${forms[8]!.slice(0, 3)}`, `${forms[3]!.split(' ')[0]!.slice(-2)} ${forms[3]!.split(' ')[1]!.slice(0, 2)}`, 'a\nb'];
    for (let i = 0; i < forms.length; i += 997) terms.push(forms[i]!.slice(1, 5));
    for (const term of terms) expect({ term, v: referenceCommonness(term) }).toEqual({ term, v: commonnessOf(perForm(term)) });
  });
});
