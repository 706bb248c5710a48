// USPTO code lists shared by the daily XML, ST.66, ST.96 and TSDR JSON adapters, so the same mark
// normalises to the same values whichever of those formats it arrives in. Entity types come from
// the "legal-entity-type-code" table of the Trademark Applications Daily XML v2.0 documentation
// (p. 37); drawing codes from its mark-drawing-code table (pp. 7-8).
import type { DesignCode } from '../../core/schemas/parts.js';
import { usEventCodes } from '../status-tables.js';

const ENTITY_TYPES: Record<string, string> = {
  '01': 'individual',
  '02': 'partnership',
  '03': 'corporation',
  '04': 'joint_ownership',
  '05': 'joint_venture',
  '06': 'incorporated_association',
  '07': 'unincorporated_association',
  '08': 'trustee',
  '09': 'joint_stock_company',
  '10': 'limited_liability_joint_stock_company',
  '11': 'company',
  '12': 'foundation',
  '13': 'limited_partnership',
  '14': 'state_agency',
  '15': 'federal_agency',
  '16': 'limited_liability_company',
  '17': 'trust',
  '18': 'estate',
  '19': 'sole_proprietorship',
  '98': 'unknown',
  '99': 'other',
};

/** "03" or 3 → "corporation"; unknown codes are kept as given. */
export const usEntityType = (code: string | number | null | undefined): string | null => {
  if (code === null || code === undefined || code === '') return null;
  const padded = String(code).trim().padStart(2, '0');
  return ENTITY_TYPES[padded] ?? padded;
};

/** The first position of the drawing code decides the kind of mark ("4000" → standard characters). */
const MARK_TYPES: Record<string, string> = {
  '1': 'word',
  '2': 'figurative',
  '3': 'combined',
  '4': 'word',
  '5': 'stylized',
  '6': 'non_visual',
};

export const usDrawingCode = (code: string | null | undefined): string | null => {
  const first = code?.trim().charAt(0);
  return first && /\d/.test(first) ? first : null;
};

export const usMarkType = (drawingCode: string | null): string | null =>
  drawingCode ? (MARK_TYPES[drawingCode] ?? null) : null;

/** "010109" or "01.01.09" → a us_design_search code in dotted form. */
export const usDesignCode = (code: string): DesignCode | null => {
  const digits = code.replace(/\D/g, '');
  if (digits.length !== 6) return null;
  return {
    system: 'us_design_search',
    code: `${digits.slice(0, 2)}.${digits.slice(2, 4)}.${digits.slice(4, 6)}`,
    edition: null,
  };
};

/**
 * USPTO event codes are four characters; ST.96 appends the one-letter event type ("CNSAO" is CNSA
 * of type O), so that letter is dropped to give every format the same code.
 */
export const usEventCode = (code: string): { code: string; type: string | null } => {
  const c = code.trim();
  if (c.length === 5 && usEventCodes().has(`${c.slice(0, 4)}|${c.charAt(4)}`)) {
    return { code: c.slice(0, 4), type: c.charAt(4) };
  }
  return { code: c, type: null };
};

/** An event's description: the office's own text, else the code table's label for it. */
export const usEventDescription = (
  code: string,
  type: string | null,
  officeLabel: string | null,
): string | null => {
  if (officeLabel) return officeLabel;
  const table = usEventCodes();
  return (type ? table.get(`${code}|${type}`) : undefined) ?? table.get(code) ?? null;
};

/** Party types 10–69 are one ownership chain; the highest present is the current owner. */
export const currentOwnerRole = (partyType: number, highest: number): string =>
  partyType === highest ? 'owner' : 'previous_owner';
