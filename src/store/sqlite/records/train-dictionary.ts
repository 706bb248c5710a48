// Trains a preset dictionary for deflate from sample records (stored JSON strings). A record of
// ~2 KB compresses poorly alone, since deflate starts each one with an empty window; primed with
// the key names, punctuation runs and frequent values of other records, it finds those as matches
// from its first byte. Pieces are runs of JSON tokens (string literals and the punctuation between
// them) that occur in many samples, scored by how many bytes they would save, the best placed
// last (nearest the data, where deflate's distance codes are shortest). Deterministic: the same
// samples give the same bytes.

/** Deflate's window is 32 KiB; a longer dictionary's head would never be reached. */
export const DICTIONARY_BYTES = 32_768;
const MAX_TOKENS = 8;
const MAX_PIECE = 256;
/** A match shorter than this saves nothing over literals. */
const MIN_PIECE = 4;

const TOKEN = /"(?:[^"\\]|\\.)*"|[^"]+/g;

export const trainDictionary = (samples: readonly string[], size = DICTIONARY_BYTES): Buffer => {
  // In how many samples each run of up to MAX_TOKENS tokens occurs (once per sample).
  const documents = new Map<string, number>();
  for (const sample of samples) {
    const tokens = sample.match(TOKEN) ?? [];
    const seen = new Set<string>();
    for (let i = 0; i < tokens.length; i++) {
      let piece = '';
      for (let n = 0; n < MAX_TOKENS && i + n < tokens.length; n++) {
        piece += tokens[i + n];
        if (piece.length > MAX_PIECE) break;
        if (seen.has(piece)) continue;
        seen.add(piece);
        documents.set(piece, (documents.get(piece) ?? 0) + 1);
      }
    }
  }
  const ranked = [...documents]
    .filter(([piece, n]) => n >= 2 && piece.length >= MIN_PIECE)
    .map(([piece, n]) => ({ piece, score: n * (piece.length - MIN_PIECE + 1) }))
    .sort((a, b) => b.score - a.score || (a.piece < b.piece ? -1 : a.piece > b.piece ? 1 : 0));
  const picked: string[] = [];
  let bytes = 0;
  for (const { piece } of ranked) {
    const length = Buffer.byteLength(piece);
    if (bytes + length > size || picked.some((p) => p.includes(piece))) continue;
    picked.push(piece);
    bytes += length;
    if (bytes > size - MIN_PIECE) break;
  }
  return Buffer.from(picked.reverse().join(''), 'utf8');
};
