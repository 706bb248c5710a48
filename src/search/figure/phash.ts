// Perceptual hash of a mark image (issue 29 point 10): sharp decodes the image (PNG, JPEG, GIF,
// WebP), flattens transparency onto white, and shrinks it to 32×32 greyscale with stretched
// contrast; a 2-D DCT keeps the 8×8 lowest frequencies (DC left out), and each bit says whether a
// coefficient is above their median. Low frequencies carry the layout, so rescaling, recolouring,
// JPEG re-encoding and small crops move few bits. Marks compare by Hamming distance, and a
// light-on-dark copy of a dark-on-light mark (every bit flipped) counts as the same figure.
import sharp from 'sharp';
import { TmError } from '../../errors.js';

const SIZE = 32;
const KEEP = 8;
export const HASH_BITS = 64;

/** cos((2x+1)uπ / 2N), tabulated once. */
const COS = Array.from({ length: KEEP }, (_, u) => Float64Array.from({ length: SIZE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIZE))));

/** The 64-bit hash of 32×32 greyscale pixels, as 16 hex digits. */
export const hashPixels = (px: Uint8Array): string => {
  // Rows first: for each row, its KEEP lowest frequencies; then columns of those.
  const rows = Array.from({ length: SIZE }, (_, y) => COS.map((c) => c.reduce((s, cx, x) => s + cx * px[y * SIZE + x]!, 0)));
  const coeffs: number[] = [];
  for (let v = 0; v < KEEP; v++) for (let u = 0; u < KEEP; u++) coeffs.push(COS[v]!.reduce((s, cy, y) => s + cy * rows[y]![u]!, 0));
  const ac = coeffs.slice(1);
  const median = [...ac].sort((a, b) => a - b)[Math.floor(ac.length / 2)]!;
  let hex = '';
  for (let i = 0; i < HASH_BITS; i += 4) {
    let nibble = 0;
    for (let b = 0; b < 4; b++) nibble = (nibble << 1) | ((coeffs[i + b] ?? 0) > median && i + b > 0 ? 1 : 0);
    hex += nibble.toString(16);
  }
  return hex;
};

/** Decodes an image and hashes it; an unreadable image is a 400. */
export const imageHash = async (image: Buffer, param = 'image'): Promise<string> => {
  let px: Buffer;
  try {
    px = await sharp(image, { animated: false }).flatten({ background: '#ffffff' }).greyscale().normalise().resize(SIZE, SIZE, { fit: 'fill' }).raw().toBuffer();
  } catch {
    throw new TmError('validation_error', `${param}: not a readable PNG, JPEG, GIF or WebP image.`, { param });
  }
  return hashPixels(px);
};

const POP = Uint8Array.from({ length: 16 }, (_, n) => (n & 1) + ((n >> 1) & 1) + ((n >> 2) & 1) + ((n >> 3) & 1));

/** Differing bits between two hashes, counting an inverted copy as the same figure. */
export const hammingDistance = (a: string, b: string): number => {
  let d = 0;
  for (let i = 0; i < a.length; i++) d += POP[parseInt(a[i]!, 16) ^ parseInt(b[i]!, 16)]!;
  return Math.min(d, HASH_BITS - d);
};

/** 0-1 similarity: 1 for the same hash, 0.5 for an unrelated image on average. */
export const hashSimilarity = (a: string, b: string): number => 1 - hammingDistance(a, b) / HASH_BITS;
