// Builds one full, valid TrademarkRecord (src/core/schemas/trademark.ts) per record number from
// the seeded stream: office, mark, classes, owners, lifecycle dates, status in the office's own
// words (USPTO codes from data/status-codes/US.json) and, for US marks, the event history.
import { trademarkId } from '../../src/core/ids.js';
import type { ProsecutionEvent } from '../../src/core/schemas/parts.js';
import type { TrademarkStatus } from '../../src/core/schemas/status.js';
import type { TrademarkRecord } from '../../src/core/schemas/trademark.js';
import { addMonths, dayOf, isoOf, type Day } from './dates.js';
import { drawClasses, goodsText } from './goods.js';
import { liveLifecycle, type Lifecycle } from './lifecycle.js';
import { createMarkMaker } from './marks.js';
import { OFFICES, PROFILES, type OfficeCode, type Outcome } from './offices.js';
import { createParties } from './parties.js';
import { weighted, type Rng } from './prng.js';
import { loadVocab } from './vocab.js';

export interface RecordOptions {
  seed: number;
  /** Offices to draw from (default all 11, weighted); `['US']` for a USPTO daily-XML corpus. */
  offices?: readonly OfficeCode[];
  /** The generator's "today": nothing is filed after it. Fixed, so runs are reproducible. */
  asOf?: string;
  /** Expected record count, which sizes the owner pool (about one owner per six marks). */
  count: number;
}

export const DEFAULT_AS_OF = '2026-10-31';

const GENERIC_STAGE: Record<Outcome, [TrademarkStatus['primary'], string]> = {
  filed: ['pending', 'filed'], examination: ['pending', 'examination'], office_action: ['pending', 'office_action'],
  published: ['pending', 'published'], opposition: ['pending', 'opposition_pending'], allowed: ['pending', 'allowed'],
  registered: ['active', 'registered'], renewed: ['active', 'registered'], abandoned: ['inactive', 'abandoned'],
  refused: ['inactive', 'refused'], withdrawn: ['inactive', 'withdrawn'], expired: ['inactive', 'expired'],
  cancelled: ['inactive', 'cancelled'],
};

const HOME_OFFICE: Record<string, OfficeCode> = {
  US: 'US', GB: 'GB', CA: 'CA', AU: 'AU', NZ: 'NZ', CH: 'CH', JP: 'JP', KR: 'KR', NL: 'BX', BE: 'BX',
  DE: 'EM', FR: 'EM', IT: 'EM', ES: 'EM', SE: 'EM',
};
const DESIGNATIONS = ['CN', 'US', 'EM', 'GB', 'JP', 'KR', 'CH', 'RU', 'AU', 'SG', 'IN', 'MX', 'TR', 'NO', 'UA', 'VN', 'BR', 'CA', 'NZ', 'IL'];

/** Filing years weighted to recent ones (filings grew about 6% a year). */
const filingDay = (rng: Rng, asOf: Day): Day => {
  const start = dayOf('1970-01-01');
  const span = asOf - start;
  const growth = 3.2;
  const u = rng.next();
  // Inverse CDF of an exponential density on [0, 1]: most mass near the recent end.
  const x = Math.log(1 + u * (Math.exp(growth) - 1)) / growth;
  return start + Math.floor(x * span);
};

export const createRecordBuilder = (options: RecordOptions) => {
  const vocab = loadVocab();
  const asOf = dayOf(options.asOf ?? DEFAULT_AS_OF);
  const allowed = options.offices ?? OFFICES;
  const officeDraw = weighted(allowed.map((o) => [o, PROFILES[o].weight] as const));
  const parties = createParties(vocab, options.seed, Math.max(50, Math.ceil(options.count / 6)));
  const makeMark = createMarkMaker(vocab);

  const usEvent = (code: string, day: Day | null): ProsecutionEvent => {
    const known = vocab.usEvents.get(code);
    return { date: day === null ? null : isoOf(day), office_code: 'US', raw: { code, label: known?.label ?? null }, description: known?.label ?? null };
  };

  const status = (office: OfficeCode, life: Lifecycle, rng: Rng): TrademarkStatus => {
    const choices = PROFILES[office].status[life.outcome] ?? [[null, life.outcome]];
    const [picked, label] = rng.pick(choices);
    let code = picked;
    if (office === 'US') {
      if (life.outcome === 'registered') code = life.section15 ? (life.section8Day ? '702' : '703') : '700';
      const entry = vocab.usStatus.get(code ?? '');
      if (entry) {
        return {
          primary: entry.primary, stage: entry.stage, reason: null, challenges: entry.challenge ? [entry.challenge] : [],
          effective_date: isoOf(life.statusDay), basis: 'office', raw: { code, label: entry.label },
        };
      }
    }
    const [primary, stage] = GENERIC_STAGE[life.outcome];
    return {
      primary, stage, reason: null, challenges: life.outcome === 'opposition' ? ['opposition'] : [],
      effective_date: isoOf(life.statusDay), basis: 'office', raw: { code, label },
    };
  };

  const usEvents = (life: Lifecycle, filed: Day, supplemental: boolean): ProsecutionEvent[] => {
    const events = [usEvent('NWAP', filed), usEvent('DOCK', addMonths(filed, 3))];
    if (life.officeActionDay !== null) events.push(usEvent('GNRT', life.officeActionDay));
    if (life.publicationDay !== null) events.push(usEvent('CNSA', life.publicationDay - 35), usEvent('PUBO', life.publicationDay));
    if (life.registrationDay !== null) events.push(usEvent(supplemental ? 'R.SR' : 'R.PR', life.registrationDay));
    if (life.section8Day !== null) events.push(usEvent(life.section15 ? 'C15A' : '8.OK', life.section8Day));
    life.renewalDays.forEach((d, k) => events.push(usEvent(`RNL${Math.min(9, k + 1)}`, d)));
    if (life.outcome === 'abandoned' || life.outcome === 'refused') events.push(usEvent('ABN2', life.statusDay));
    if (life.outcome === 'expired' || life.outcome === 'cancelled') events.push(usEvent(life.outcome === 'expired' ? 'CAEX' : 'C8..', life.statusDay));
    const dead = life.outcome === 'abandoned' || life.outcome === 'refused' || life.outcome === 'withdrawn';
    const last = isoOf(dead ? life.statusDay : asOf);
    return events.filter((e) => e.date !== null && e.date <= last);
  };

  /** Record `i` of the stream; call with i = 0, 1, 2, … in order (near-duplicates look back). */
  return (i: number, rng: Rng): TrademarkRecord => {
    const ownerProfile = parties.drawOwner(rng);
    const home = HOME_OFFICE[ownerProfile.country];
    const office: OfficeCode = home && allowed.includes(home) && rng.chance(0.55) ? home : officeDraw(rng);
    const profile = PROFILES[office];
    const isUs = office === 'US';
    const filed = filingDay(rng, asOf);
    const classes = drawClasses(rng);
    const mark = makeMark(rng, classes[0]!, profile.style);
    const life = liveLifecycle(rng, profile, isUs, filed, asOf);
    const madrid = isUs && filed >= dayOf('2004-01-01') && rng.chance(0.06);
    let applicationNumber = profile.number(i, filed, rng);
    if (madrid) applicationNumber = `79${applicationNumber.slice(2)}`;
    const registered = life.registrationDay !== null;
    const supplemental = isUs && rng.chance(0.04);
    const role = registered ? 'registrant' : 'applicant';
    const owners = [parties.toOwner(office, ownerProfile, role)];
    const extraOwners = rng.chance(0.1) ? rng.int(1, 2) : 0;
    for (let k = 0; k < extraOwners; k++) owners.push(parties.toOwner(office, parties.drawOwner(rng), role));
    const attorneys = rng.chance(isUs ? 0.85 : 0.65) ? [parties.drawAttorney(rng, isUs ? 'attorney' : 'representative')] : [];
    const irDay = office === 'WO' ? filed : madrid ? filed - rng.int(30, 180) : null;
    const designations = office === 'WO' ? [...new Set(Array.from({ length: rng.int(1, 12) }, () => rng.pick(DESIGNATIONS)))].sort() : [];
    const figurative = mark.vienna.length > 0;
    const descriptorWord = mark.text?.includes(' ') ? mark.text.split(' ').at(-1)! : null;

    return {
      id: trademarkId(office, applicationNumber),
      object: 'trademark',
      office_code: office,
      application_number: applicationNumber,
      registration_number: registered ? (isUs ? String(1_000_000 + ((i * 7_919) % 6_900_000)).padStart(7, '0') : applicationNumber) : null,
      mark_text: mark.text,
      mark_type: mark.text === null ? 'figurative' : figurative ? 'combined' : 'word',
      disclaimer: isUs && descriptorWord && rng.chance(0.25) ? `No claim is made to the exclusive right to use "${descriptorWord}" apart from the mark as shown.` : null,
      status: status(office, life, rng),
      register: isUs
        ? {
            type: supplemental ? 'supplemental' : 'principal',
            acquired_distinctiveness: rng.chance(0.04) ? (rng.chance(0.75) ? 'full' : 'partial') : null,
            is_incontestable: registered ? life.section15 : null,
            standard_characters_claimed: mark.text !== null && !figurative,
          }
        : null,
      filing_date: isoOf(filed),
      registration_date: life.registrationDay === null ? null : isoOf(life.registrationDay),
      publication_date: life.publicationDay === null ? null : isoOf(life.publicationDay),
      expiry_date: profile.publishesExpiry && life.expiryDay !== null ? isoOf(life.expiryDay) : null,
      renewal_due_date: null,
      last_renewal_date: life.renewalDays.length ? isoOf(life.renewalDays.at(-1)!) : null,
      priority_date: rng.chance(0.08) ? isoOf(filed - rng.int(20, 180)) : null,
      protection_effective_date: irDay !== null && registered ? isoOf(life.registrationDay!) : null,
      ir_number: irDay === null ? null : office === 'WO' ? applicationNumber : String(1_100_000 + (i % 700_000)),
      ir_date: irDay === null ? null : isoOf(irDay),
      designations,
      territory_count: office === 'WO' ? designations.length : null,
      owners,
      attorneys,
      classifications: classes.map((c) => ({
        nice_class: c,
        goods_services: goodsText(rng, vocab, c),
        class_status: isUs ? (life.outcome === 'expired' || life.outcome === 'cancelled' ? 'cancelled' : 'active') : null,
        first_use_date: isUs && registered && !madrid ? isoOf(filed - rng.int(0, 900)) : null,
        first_use_in_commerce_date: isUs && registered && !madrid ? isoOf(filed - rng.int(0, 600)) : null,
        office_classes: [],
      })),
      design_codes: mark.vienna.map((v) => ({
        system: isUs ? ('us_design_search' as const) : ('vienna' as const),
        code: `${v.slice(0, 2)}.${v.slice(2, 4)}.${v.slice(4, 6)}`,
        edition: null,
      })),
      media: figurative || mark.text === null ? [{ kind: 'image', url: null, drawing_code: isUs ? (mark.text === null ? '2' : '3') : null, design_codes: [] }] : [],
      events: isUs ? usEvents(life, filed, supplemental) : [],
      source_format: 'ndjson',
      source_date: isoOf(asOf),
    };
  };
};
