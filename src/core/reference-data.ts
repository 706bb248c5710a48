// Shapes of the reference data files in data/ (offices, Nice classes and terms, Vienna codes,
// ST.3 office codes) and the pure parsing of each. Reading the files is the ops layer's job.
import { z } from 'zod';

const source = z.string().min(1);
const officeCode = z.string().regex(/^[A-Z]{2}$/);

export const OfficeKind = z.enum(['national', 'regional', 'international']);

/** The earlier-shape `supported_features` of a jurisdiction (spec §2.10). */
export const SupportedFeatures = z.object({
  search: z.boolean(),
  details: z.boolean(),
  documents: z.boolean(),
  image_search: z.boolean(),
  monitoring: z.boolean(),
});

export const OfficeEntry = z.object({
  code: officeCode,
  name: z.string().min(1),
  abbreviation: z.string().min(1),
  kind: OfficeKind,
  /** ISO 3166-1 alpha-2; null for regional and international offices. */
  country: z.string().regex(/^[A-Z]{2}$/).nullable(),
  region: z.string().min(1),
  /** Member states of a regional office, whose territory its registrations cover. */
  member_countries: z.array(z.string().regex(/^[A-Z]{2}$/)).optional(),
  /** `tm ingest --format` names whose adapter reads this office's published files. */
  formats: z.array(z.string().min(1)).min(1),
  website: z.url(),
  search_tool: z.url(),
  supported_features: SupportedFeatures,
});
export type OfficeEntry = z.infer<typeof OfficeEntry>;

export const OfficesFile = z.object({ source, offices: z.array(OfficeEntry).min(1) });

export const NiceClass = z.object({
  number: z.number().int().min(1).max(45),
  kind: z.enum(['goods', 'services']),
  heading: z.string().min(1),
  note: z.string().nullable(),
  includes: z.array(z.string()),
  excludes: z.array(z.string()),
});
export type NiceClass = z.infer<typeof NiceClass>;

export const NiceClassesFile = z.object({ source, edition: z.string(), classes: z.array(NiceClass).length(45) });

const TermRow = z.tuple([z.string().regex(/^\d{6}$/), z.number().int().min(1).max(45), z.string().min(1)]);

export const NiceTermsFile = z.object({
  source,
  edition: z.string(),
  terms: z.array(TermRow),
  earlier_edition: z.string(),
  earlier_terms: z.array(TermRow),
});

export const NiceTerm = z.object({
  basic_number: z.string(),
  class: z.number().int(),
  term: z.string(),
  /** The NCL edition the wording comes from; an earlier edition means the term left the current list. */
  edition: z.string(),
});
export type NiceTerm = z.infer<typeof NiceTerm>;

export const ViennaLevel = z.enum(['category', 'division', 'section']);

export const ViennaFile = z.object({
  source,
  euipo_specific_categories: z.array(z.string()),
  codes: z.array(z.tuple([z.string().regex(/^\d{2}(\.\d{2}){0,2}$/), z.string().regex(/^\d{2,6}$/), ViennaLevel, z.string()])),
});

export const ViennaCode = z.object({
  code: z.string().describe('Dotted form, e.g. 26.01.01'),
  euipo_code: z.string().describe('EUIPO 6-digit form (2 or 4 digits for categories and divisions)'),
  level: ViennaLevel,
  label: z.string(),
  /** Categories 98 and 99 exist only at EUIPO, not in the WIPO Vienna Classification. */
  euipo_only: z.boolean(),
});
export type ViennaCode = z.infer<typeof ViennaCode>;

export const St3File = z.object({ source, codes: z.array(z.object({ code: officeCode, name: z.string().min(1) })).min(1) });

const termRows = (rows: z.infer<typeof TermRow>[], edition: string): NiceTerm[] =>
  rows.map(([basic_number, cls, term]) => ({ basic_number, class: cls, term, edition }));

export const parseOffices = (json: unknown): OfficeEntry[] => OfficesFile.parse(json).offices;

export const parseNiceClasses = (json: unknown): { edition: string; classes: NiceClass[] } => {
  const { edition, classes } = NiceClassesFile.parse(json);
  return { edition, classes };
};

/** Current-edition terms first, then the earlier-edition terms that left the list. */
export const parseNiceTerms = (json: unknown): { edition: string; terms: NiceTerm[] } => {
  const file = NiceTermsFile.parse(json);
  return {
    edition: file.edition,
    terms: [...termRows(file.terms, file.edition), ...termRows(file.earlier_terms, file.earlier_edition)],
  };
};

export const parseViennaCodes = (json: unknown): ViennaCode[] => {
  const file = ViennaFile.parse(json);
  const euipoOnly = new Set(file.euipo_specific_categories);
  return file.codes.map(([code, euipo_code, level, label]) => ({
    code,
    euipo_code,
    level,
    label,
    euipo_only: euipoOnly.has(code.slice(0, 2)),
  }));
};

/** ST.3 two-letter code → the office or country name WIPO lists for it. */
export const parseSt3 = (json: unknown): Map<string, string> =>
  new Map(St3File.parse(json).codes.map((c) => [c.code, c.name]));

// Common names people type for an office whose ST.3 code differs.
const OFFICE_ALIASES: Record<string, string> = { EU: 'EM', IB: 'WO', UK: 'GB' };

/** An office code as given (any case, common aliases) → its ST.3 form, or null when not two letters. */
export const canonicalOfficeCode = (value: string): string | null => {
  const upper = value.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper)) return null;
  return OFFICE_ALIASES[upper] ?? upper;
};

/** Vienna code in EUIPO digit form (`260101`) or dotted form (`26.1.1`, `26.01.01`) → dotted. */
export const dottedViennaCode = (value: string): string | null => {
  const v = value.trim();
  if (/^\d{2}(\d{2}){0,2}$/.test(v)) return (v.match(/\d{2}/g) ?? []).join('.');
  const parts = v.split('.');
  if (parts.length > 3 || !parts.every((p) => /^\d{1,2}$/.test(p))) return null;
  return parts.map((p) => p.padStart(2, '0')).join('.');
};
