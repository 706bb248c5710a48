// A table's checksum for `tm copy`: the same on both backends for the same rows, in any order.
// Each row is hashed from its values as text (a number and its decimal text are the same value,
// as one backend may hand over text where the other gives a number); the table's checksum is the
// sum of the row hashes' first 64 bits, so reading order never matters and counts are checked apart.
import { createHash } from 'node:crypto';
import type { Cell } from '../store/tables.js';

const MASK = (1n << 64n) - 1n;

const text = (v: Cell): string => (v === null ? '\u0000' : `${String(v).length}:${String(v)}`);

export class TableChecksum {
  rows = 0;
  private sum = 0n;

  add(rows: readonly Cell[][]): void {
    for (const row of rows) {
      const digest = createHash('sha256').update(row.map(text).join('\u0001')).digest();
      this.sum = (this.sum + digest.readBigUInt64BE(0)) & MASK;
      this.rows++;
    }
  }

  /** 16 hex digits. */
  get value(): string {
    return this.sum.toString(16).padStart(16, '0');
  }
}
