// Files people have that tm does not ingest, each told apart by its layout so `tm ingest` says
// what the file is and why it is not read, instead of "JSON of an unknown layout". Consulted only
// after every adapter has declined the file.

interface KnownLayout {
  detect: (head: string) => boolean;
  /** What the file is and why nothing is read from it. */
  what: string;
  suggestion: string;
}

const LAYOUTS: KnownLayout[] = [
  {
    detect: (head) => /^\s*\{/.test(head) && head.includes('"tmarkappl"') && head.includes('"tmarkcontent"'),
    what:
      'a TIPO (Taiwan) open-data trademark application file. Taiwan (TW) is not an office tm supports: these records carry no status, and tm has no TIPO status table to give them one',
    suggestion: 'Nothing was read from it; see docs/ingest-formats.md for the offices tm reads.',
  },
  {
    detect: (head) => /<response[\s>]/.test(head) && /<trademarkDesignationGoodstInfo[\s>]/.test(head),
    what:
      "a KIPRIS designated-goods response (trademarkDesignationGoodstInfo). It lists one mark's goods and similar-group codes but not the mark's application number, so its goods cannot be attached to a stored mark",
    suggestion: 'Ingest the KIPRIS trademark response (TradeMarkInfo) for the marks themselves; nothing was read from this file.',
  },
  {
    detect: (head) => /^\uFEFF?[^\n]*NICE분류[^\n]*유사군코드/.test(head),
    what: 'a KIPO list of designated goods with NICE classes and similar-group codes: reference data, not trademark records',
    suggestion: 'Nothing was read from it; tm ingest reads office trademark records.',
  },
];

/** The explanation for a file of a known layout tm does not read, or null for an unknown one. */
export const knownLayout = (head: string): { what: string; suggestion: string } | null => LAYOUTS.find((l) => l.detect(head)) ?? null;
