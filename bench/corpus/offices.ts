// Per-office profiles for the generated corpus: how often each office appears, how it numbers
// applications, how it words its statuses, how long prosecution takes and what its term runs from.
import type { Rng } from './prng.js';
import { scramble } from './prng.js';
import { yearOf, type Day } from './dates.js';
import type { CaseStyle } from './marks.js';

export const OFFICES = ['US', 'EM', 'WO', 'GB', 'CA', 'AU', 'NZ', 'CH', 'BX', 'JP', 'KR'] as const;
export type OfficeCode = (typeof OFFICES)[number];

/** Where a mark is in its life; mapped to each office's own status wording below. */
export type Outcome =
  | 'filed' | 'examination' | 'office_action' | 'published' | 'opposition' | 'allowed'
  | 'registered' | 'renewed' | 'abandoned' | 'refused' | 'withdrawn' | 'expired' | 'cancelled';

export interface OfficeProfile {
  weight: number;
  style: CaseStyle;
  /** Months from filing to registration, [min, max]. */
  registrationMonths: [number, number];
  /** The term of a registration runs from the registration date (else from filing). */
  termFromRegistration: boolean;
  /** Share of applications that die before registration. */
  deathRate: number;
  /** The office publishes the expiry date (USPTO daily XML does not). */
  publishesExpiry: boolean;
  number(i: number, filed: Day, rng: Rng): string;
  /** Verbatim [code, label]; null code where the office publishes labels only. */
  status: Partial<Record<Outcome, [string | null, string][]>>;
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** USPTO serial-number series by filing year (71–75 paper era, 76/78 2000s, 85–88, 90, 97–99). */
const usSeries = (year: number, rng: Rng): string => {
  if (year < 1974) return '72';
  if (year < 1989) return '73';
  if (year < 1996) return '74';
  if (year < 2000) return '75';
  if (year < 2002) return '76';
  if (year < 2009) return '78';
  if (year < 2012) return '85';
  if (year < 2016) return rng.chance(0.5) ? '85' : '86';
  if (year < 2018) return '87';
  if (year < 2020) return '88';
  if (year < 2022) return '90';
  return rng.chance(0.5) ? '97' : '98';
};

const labels = (entries: Partial<Record<Outcome, string[]>>): OfficeProfile['status'] =>
  Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, v.map((l): [null, string] => [null, l])]));

const COMMON_LABELS: Partial<Record<Outcome, string[]>> = {
  filed: ['Filed'], examination: ['Under examination'], office_action: ['Examination report issued'],
  published: ['Published'], opposition: ['Opposed'], registered: ['Registered'], renewed: ['Registered'],
  abandoned: ['Abandoned'], refused: ['Refused'], withdrawn: ['Withdrawn'], expired: ['Expired'],
  cancelled: ['Cancelled'],
};

export const PROFILES: Record<OfficeCode, OfficeProfile> = {
  US: {
    weight: 45, style: 'upper', registrationMonths: [12, 24], termFromRegistration: true, deathRate: 0.32,
    publishesExpiry: false,
    number: (i, filed, rng) => usSeries(yearOf(filed), rng) + pad(scramble(i, 6), 6),
    status: {
      filed: [['630', ''], ['631', '']], examination: [['638', '']], office_action: [['641', ''], ['640', ''], ['643', '']],
      published: [['686', '']], opposition: [['774', '']], allowed: [['688', ''], ['731', ''], ['732', '']],
      registered: [['700', ''], ['700', ''], ['702', ''], ['703', '']], renewed: [['800', '']],
      abandoned: [['602', ''], ['602', ''], ['606', ''], ['601', '']], refused: [['602', '']], withdrawn: [['601', '']],
      expired: [['710', ''], ['900', '']], cancelled: [['710', ''], ['711', ''], ['712', ''], ['713', '']],
    },
  },
  EM: {
    weight: 22, style: 'mixed', registrationMonths: [4, 8], termFromRegistration: false, deathRate: 0.14,
    publishesExpiry: true,
    number: (i, filed) => `0${pad(Math.min(18, Math.max(0, yearOf(filed) - 2006)), 2)}${pad(scramble(i, 6), 6)}`,
    status: {
      filed: [['RECEIVED', 'Application received']], examination: [['UNDER_EXAMINATION', 'Under examination']],
      office_action: [['UNDER_EXAMINATION', 'Under examination']], published: [['APPLICATION_PUBLISHED', 'Application published']],
      opposition: [['OPPOSITION_PENDING', 'Opposition pending']], registered: [['REGISTERED', 'Registered']],
      renewed: [['REGISTERED', 'Registered']], abandoned: [['WITHDRAWN', 'Application withdrawn']],
      refused: [['REFUSED', 'Application refused']], withdrawn: [['WITHDRAWN', 'Application withdrawn']],
      expired: [['EXPIRED', 'Registration expired']], cancelled: [['REMOVED_FROM_REGISTER', 'Removed from register'], ['CANCELLED', 'Registration cancelled']],
    },
  },
  WO: {
    weight: 8, style: 'mixed', registrationMonths: [1, 3], termFromRegistration: false, deathRate: 0.03, publishesExpiry: true,
    number: (i, filed) => String(Math.min(9, Math.max(1, Math.floor((yearOf(filed) - 1990) / 4)))) + pad(scramble(i, 6), 6),
    status: labels({ ...COMMON_LABELS, registered: ['Active'], renewed: ['Active'], cancelled: ['Ceased'] }),
  },
  GB: {
    weight: 7, style: 'upper', registrationMonths: [4, 7], termFromRegistration: false, deathRate: 0.15, publishesExpiry: true,
    number: (i) => `UK0000${pad(scramble(i, 7), 7)}`,
    status: labels({ ...COMMON_LABELS, expired: ['Dead'], cancelled: ['Dead'], abandoned: ['Dead'] }),
  },
  CA: {
    weight: 4, style: 'upper', registrationMonths: [18, 36], termFromRegistration: true, deathRate: 0.25, publishesExpiry: true,
    number: (i) => pad(scramble(i, 7), 7),
    status: labels({ ...COMMON_LABELS, published: ['Advertised'], abandoned: ['Abandoned section 36', 'Abandoned'], expired: ['Expunged'] }),
  },
  AU: {
    weight: 4, style: 'upper', registrationMonths: [7, 14], termFromRegistration: false, deathRate: 0.2, publishesExpiry: true,
    number: (i) => pad(scramble(i, 7), 7),
    status: labels({ ...COMMON_LABELS, registered: ['Registered: Registered/Protected'], renewed: ['Registered: Registered/Protected'], abandoned: ['Lapsed'], expired: ['Removed - Not Renewed'] }),
  },
  NZ: {
    weight: 1, style: 'upper', registrationMonths: [6, 12], termFromRegistration: false, deathRate: 0.18, publishesExpiry: true,
    number: (i) => pad(scramble(i, 7), 7),
    status: labels({ ...COMMON_LABELS, published: ['Accepted'], abandoned: ['Abandoned'], expired: ['Removed'] }),
  },
  CH: {
    weight: 2, style: 'mixed', registrationMonths: [3, 8], termFromRegistration: false, deathRate: 0.1, publishesExpiry: true,
    number: (i, filed) => `${scramble(i, 6)}/${yearOf(filed)}`,
    status: labels({ ...COMMON_LABELS, registered: ['Active'], renewed: ['Active'], expired: ['Deleted'], cancelled: ['Deleted'] }),
  },
  BX: {
    weight: 1, style: 'mixed', registrationMonths: [3, 6], termFromRegistration: false, deathRate: 0.12, publishesExpiry: true,
    number: (i) => pad(scramble(i, 7), 7),
    status: labels({ ...COMMON_LABELS, expired: ['Expired'], cancelled: ['Cancelled'] }),
  },
  JP: {
    weight: 3, style: 'upper', registrationMonths: [6, 14], termFromRegistration: true, deathRate: 0.12, publishesExpiry: true,
    number: (i, filed) => `${yearOf(filed)}-${pad(scramble(i, 6), 6)}`,
    status: labels({ ...COMMON_LABELS, examination: ['Awaiting examination'], office_action: ['Notice of reasons for refusal'], expired: ['Expired (right lapsed)'] }),
  },
  KR: {
    weight: 3, style: 'upper', registrationMonths: [10, 16], termFromRegistration: true, deathRate: 0.2, publishesExpiry: true,
    number: (i, filed) => `40${yearOf(filed)}${pad(scramble(i, 7), 7)}`,
    status: labels({ ...COMMON_LABELS, published: ['Publication for opposition'], expired: ['Extinguished'] }),
  },
};
