// The Apertium entries packed in a file of their own (src/search/conceptual-table.ts, written by
// `npm run build`): every entry reads back as the source's text says, and the conceptual channel
// still reads Spanish through them after the glosses (EL SOL is SUN).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../../src/data-files.js';
import { loadTable, openTable, packSource } from '../../src/search/conceptual-table.js';
import { equivalentWords, isDictionaryWord } from '../../src/search/conceptual.js';
import { sourceSections } from '../helpers/conceptual-source.js';

const source = (): Map<string, Map<string, string>> => sourceSections('apertium-spa-eng.tsv.gz');

describe('packed Apertium table', () => {
  it('reads every entry of its sections as the source has it', () => {
    const bytes = readFileSync(packagePath('data', 'conceptual', 'apertium-spa-eng.tsv.gz')).length;
    const table = openTable(packSource('apertium-spa-eng'), bytes)!;
    const sections = source();
    expect([...sections.keys()].sort()).toEqual(['foreign', 'foreign-reverse']);
    for (const [name, entries] of sections) {
      expect(entries.size).toBeGreaterThan(1000);
      for (const [k, v] of entries) if (table[name as 'foreign'].get(k) !== v) expect({ name, k, got: table[name as 'foreign'].get(k) }).toEqual({ name, k, got: v });
    }
    expect(table.synonyms.has('sol')).toBe(false);
  });

  it('is its own table, apart from the glosses, and the channel reads both', () => {
    const apertium = loadTable('apertium-spa-eng');
    const glosses = loadTable();
    const only = [...source().get('foreign')!.keys()].find((k) => !glosses.foreign.has(k) && /^[a-z]+$/.test(k))!;
    expect(apertium.foreign.has(only)).toBe(true);
    expect(isDictionaryWord(only)).toBe(true);
    expect(equivalentWords('sol')).toContain('sun');
  });
});
