// Synthetic mark images for figurative-search tests and the hash eval: each mark is a few
// seeded shapes and a word drawn as SVG and rendered to PNG by sharp (no office images ship with
// the repository). The transforms are the ones the hash must survive.
import sharp from 'sharp';
import { rng } from './variants.js';

const COLOURS = ['#c0392b', '#2471a3', '#1e8449', '#7d3c98', '#d68910', '#17202a'];
const WORDS = ['ACME', 'NOVA', 'ZEN', 'ORBIT', 'KITE', 'LUMA', 'PIKE', 'VEGA'];

/** The SVG of mark number `n` on a 256×256 white square. */
export const markSvg = (n: number): string => {
  const r = rng(n * 7919 + 1);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const shapes: string[] = [];
  for (let i = 0; i < 3 + Math.floor(r() * 3); i++) {
    const [x, y, s] = [20 + r() * 180, 20 + r() * 180, 25 + r() * 70];
    const fill = pick(COLOURS);
    const kind = Math.floor(r() * 3);
    if (kind === 0) shapes.push(`<circle cx="${x}" cy="${y}" r="${s / 2}" fill="${fill}"/>`);
    else if (kind === 1) shapes.push(`<rect x="${x - s / 2}" y="${y - s / 3}" width="${s}" height="${(s * 2) / 3}" fill="${fill}" transform="rotate(${Math.round(r() * 90)} ${x} ${y})"/>`);
    else shapes.push(`<polygon points="${x},${y - s / 2} ${x + s / 2},${y + s / 2} ${x - s / 2},${y + s / 2}" fill="${fill}"/>`);
  }
  if (r() < 0.6) shapes.push(`<text x="${30 + r() * 60}" y="${150 + r() * 80}" font-family="sans-serif" font-weight="bold" font-size="${36 + Math.floor(r() * 20)}" fill="${pick(COLOURS)}">${pick(WORDS)}</text>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#ffffff"/>${shapes.join('')}</svg>`;
};

/** Mark `n` as a PNG. */
export const markPng = (n: number): Promise<Buffer> => sharp(Buffer.from(markSvg(n))).png().toBuffer();

/** The transformed copies a figurative search should still find, by name. */
export const TRANSFORMS: Record<string, (png: Buffer) => Promise<Buffer>> = {
  rescale_down: (png) => sharp(png).resize(100, 100).png().toBuffer(),
  rescale_up: (png) => sharp(png).resize(600, 600).png().toBuffer(),
  recolour: (png) => sharp(png).modulate({ hue: 120, saturation: 1.5 }).png().toBuffer(),
  invert: (png) => sharp(png).negate({ alpha: false }).png().toBuffer(),
  crop_5pct: async (png) => {
    const { width, height } = await sharp(png).metadata();
    const dx = Math.round(width * 0.05);
    const dy = Math.round(height * 0.05);
    return sharp(png).extract({ left: dx, top: dy, width: width - 2 * dx, height: height - 2 * dy }).png().toBuffer();
  },
  jpeg_q60: (png) => sharp(png).jpeg({ quality: 60 }).toBuffer(),
  webp: (png) => sharp(png).webp({ quality: 70 }).toBuffer(),
};
