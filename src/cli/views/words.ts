// The words of the human views (issue 26 point 13): a count with its noun in the right number
// ("1 result", "2 results", digits grouped) and table headers in title case ("Last Sync (UTC)"),
// in one place so that no view spells either its own way. table() applies titleCase to every
// header, and test/surfaces/cli-words.test.ts walks the views for both.

/** Short words a title keeps in lower case unless they start it (Chicago style). */
const SMALL = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'per', 'the', 'to', 'vs']);
/** Words a header spells in capitals. */
const ACRONYMS: Record<string, string> = { id: 'ID', ids: 'IDs', url: 'URL', utc: 'UTC', ics: 'ICS', csv: 'CSV', api: 'API', ttab: 'TTAB', wipo: 'WIPO' };

/** `count(1, 'result')` is "1 result", `count(1234, 'result')` "1,234 results"; `many` for irregular plurals. */
export const count = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** "last sync (utc)" → "Last Sync (UTC)"; a word already in capitals stays as it is. */
export const titleCase = (header: string): string => {
  let first = true;
  return header.replace(/[A-Za-z][A-Za-z']*/g, (word) => {
    const lower = word.toLowerCase();
    const out =
      ACRONYMS[lower] ??
      (word.length > 1 && word === word.toUpperCase() ? word : !first && SMALL.has(lower) ? lower : word.charAt(0).toUpperCase() + word.slice(1));
    first = false;
    return out;
  });
};
