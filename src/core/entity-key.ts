// Entity resolution by name: the key two owner records share when they name the same company or
// person however an office spelled it, and the deterministic `ent_` id derived from it. Signals:
// Unicode width and accents folded, case and punctuation ignored, "&"/"and" and leading articles
// dropped, legal-form words of many languages (Inc., Corp., GmbH, S.A., K.K., Ltd, 株式会社, AB,
// Oy, …) removed, and a name written in its own script with a Latin transliteration beside it
// keyed on its own script. Pure and incremental: a record's entity never depends on other records.
import { createHash } from 'node:crypto';

/**
 * Legal-form words and phrases, compared after folding (lower case, no punctuation, single spaces).
 * Longer phrases first, so "gmbh co kg" goes before "gmbh".
 */
const LEGAL_FORMS = [
  // English and common-law
  'unlimited liability company', 'limited liability company', 'limited liability partnership', 'limited partnership',
  'public limited company', 'incorporated', 'corporation', 'company', 'limited', 'inc', 'corp', 'co', 'ltd', 'llc', 'llp',
  'lp', 'plc', 'ulc', 'pty', 'pte', 'lc', 'pc', 'pllc', 'bhd', 'sdn',
  // German, Dutch, Nordic
  'gmbh co kg', 'aktiengesellschaft', 'gesellschaft mit beschrankter haftung', 'gmbh', 'ag', 'kg', 'ohg', 'ug', 'se',
  'bv', 'nv', 'vof', 'aktiebolaget', 'aktiebolag', 'ab', 'publ', 'as', 'asa', 'a s', 'aps', 'oy', 'oyj', 'hf', 'ehf',
  // Romance languages
  'societe anonyme', 'sociedad anonima', 'societa per azioni', 'sa', 'sas', 'sasu', 'sarl', 'srl', 'spa', 'sl', 'slu', 'sau',
  'snc', 'sca', 'sc', 'lda', 'ltda', 'eireli', 'cv', 'de cv', 'sa de cv', 'sapi de cv',
  // Central and eastern Europe, Baltics
  'sp z o o', 'spolka z ograniczona odpowiedzialnoscia', 'sro', 'as', 'kft', 'zrt', 'nyrt', 'doo', 'dd', 'ood', 'ead', 'uab',
  'ab', 'sia', 'ou', 'ooo', 'zao', 'oao', 'pao',
  // Asia
  'kabushiki kaisha', 'kabushikigaisha', 'yugen kaisha', 'godo kaisha', 'kk', 'yk', 'gk', 'pvt', 'private',
  '株式会社', '有限会社', '合同会社', '有限公司', '股份有限公司', '集团有限公司', '주식회사', '유한회사', '㈜',
  // Group and holding words that offices append to the same company
  'the',
].map((f) => f.split(' '));

/** foldName for any text: Unicode width and accents folded, letters and digits of every script. */
export const foldUnicode = (name: string): string =>
  name
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[()（）［］[\]]/g, ' ')
    // Dotted abbreviations become one word (s.p.a. → spa, b.v. → bv) before other punctuation goes.
    .replace(/\b(\p{L})\.(?=\p{L}\b\.?)/gu, '$1')
    .replace(/[^\p{L}\p{N}\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const ASCII = /^[\x00-\x7f]*$/;

/**
 * Lower case, width and accents folded, punctuation to spaces, "&" as "and". An ASCII name (most
 * owners) takes the same steps with ASCII classes: normalising leaves it as it is, and its only
 * letters and digits are a-z and 0-9. The Unicode property classes cost a process more to compile
 * than the names of a page take to fold (issue 26.12: `tm show`, a one-shot search).
 */
export const foldName = (name: string): string =>
  ASCII.test(name)
    ? name
        .toLowerCase()
        .replace(/&/g, ' and ')
        .replace(/[()[\]]/g, ' ')
        .replace(/\b([a-z])\.(?=[a-z]\b\.?)/g, '$1')
        .replace(/[^a-z0-9\s]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    : foldUnicode(name);

const LATIN = /^[\p{Script=Latin}\p{N}]+$/u;
const ASCII_WORD = /^[a-z0-9]+$/;

/** "김현호 kimHyunHo" → "김현호": a name in its own script followed (or preceded) by a Latin transliteration. */
const ownScript = (tokens: string[]): string[] => {
  // A folded ASCII word is letters a-z and digits: Latin without asking the Unicode class.
  const latin = tokens.map((t) => ASCII_WORD.test(t) || LATIN.test(t));
  const firstLatin = latin.indexOf(true);
  const lastOther = latin.lastIndexOf(false);
  if (firstLatin < 0 || lastOther < 0) return tokens;
  const split = latin.findIndex((l, i) => i > 0 && l !== latin[i - 1]);
  // Exactly one change of script between two runs: keep the non-Latin run.
  if (split < 0 || latin.slice(split).some((l) => l !== latin[split])) return tokens;
  return tokens.filter((_, i) => !latin[i]);
};

/** CJK legal forms are written without spaces: split them off the name first. */
const CJK_FORMS = /(株式会社|有限会社|合同会社|股份有限公司|集团有限公司|有限公司|주식회사|유한회사|㈜)/gu;

const stripForms = (tokens: string[]): string[] => {
  let out = tokens;
  for (let changed = true; changed && out.length > 1; ) {
    changed = false;
    for (const form of LEGAL_FORMS) {
      if (out.length <= form.length) continue;
      if (form.every((w, i) => out[out.length - form.length + i] === w)) {
        out = out.slice(0, out.length - form.length);
        changed = true;
        break;
      }
      if (form.every((w, i) => out[i] === w)) {
        out = out.slice(form.length);
        changed = true;
        break;
      }
    }
  }
  return out;
};

/** The resolution key of an owner name: equal keys are one entity. */
export const entityKey = (name: string): string => {
  const folded = foldName(name.replace(CJK_FORMS, ' $1 '));
  const tokens = stripForms(ownScript(folded.split(' ').filter(Boolean)).filter((t) => t !== 'and'));
  return tokens.join(' ') || folded;
};

/** The `ent_` id of a resolution key (a name key, or a name key qualified by a country). */
export const keyEntityId = (key: string): string => `ent_${createHash('sha256').update(`entity:${key}`).digest('hex').slice(0, 20)}`;

export const entityId = (name: string): string => keyEntityId(entityKey(name));
