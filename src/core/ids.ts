// Deterministic, prefixed identifiers (spec §2.1). A trademark id depends only on office and
// application number, so re-ingesting the same mark from any format lands on the same row.
import { createHash } from 'node:crypto';

const digest = (input: string, length: number): string =>
  createHash('sha256').update(input).digest('hex').slice(0, length);

/** Application numbers are compared without spaces, slashes, dashes or leading zeros. */
export const canonicalNumber = (value: string): string =>
  value.replace(/[\s/\-.,]/g, '').replace(/^0+(?=.)/, '').toUpperCase();

export const trademarkId = (officeCode: string, applicationNumber: string): string =>
  `tm_${digest(`${officeCode.toUpperCase()}:${canonicalNumber(applicationNumber)}`, 20)}`;

/** Owner ids are per (office, name, country): the same owner text at one office is one owner. */
export const ownerId = (officeCode: string, name: string, country: string | null): string =>
  `own_${digest(`${officeCode.toUpperCase()}:${name.trim().toLowerCase().replace(/\s+/g, ' ')}:${country ?? ''}`, 20)}`;

/** Assignment ids are per (office, reel/frame): the office records each document at one place. */
export const assignmentId = (officeCode: string, reelFrame: string): string =>
  `asg_${digest(`${officeCode.toUpperCase()}:${reelFrame}`, 20)}`;

/** Proceeding ids are per (office, proceeding number): TTAB numbers each proceeding once. */
export const proceedingId = (officeCode: string, number: string): string =>
  `prc_${digest(`${officeCode.toUpperCase()}:${canonicalNumber(number)}`, 20)}`;

export const randomId = (prefix: string, bytes = 12): string => {
  const hex = createHash('sha256').update(`${Math.random()}:${process.hrtime.bigint()}`).digest('hex');
  return `${prefix}${hex.slice(0, bytes * 2)}`;
};

export const ID_PREFIXES = ['tm_', 'own_', 'ent_', 'ptf_', 'evt_', 'req_', 'mon_', 'org_', 'key_', 'asg_', 'prc_', 'att_', 'firm_'] as const;

export const idPrefix = (id: string): string | null => {
  const m = /^([a-z]+_)/.exec(id);
  return m ? m[1]! : null;
};
