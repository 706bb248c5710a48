// The life of one generated mark from filing to today: pending stages for recent filings, death
// before registration, registration some months after filing, renewals every term (or expiry when
// the owner lets it lapse), US §8/§15 maintenance, and the odd cancellation.
import { addMonths, addYears, type Day } from './dates.js';
import type { OfficeProfile, Outcome } from './offices.js';
import type { Rng } from './prng.js';

export interface Lifecycle {
  outcome: Outcome;
  statusDay: Day;
  publicationDay: Day | null;
  registrationDay: Day | null;
  /** End of the current (or last) term. */
  expiryDay: Day | null;
  renewalDays: Day[];
  /** US: §8 declaration accepted / §15 acknowledged (incontestable). */
  section8Day: Day | null;
  section15: boolean;
  /** First notice of a final or non-final refusal, for the event history. */
  officeActionDay: Day | null;
}

const PENDING_SEQUENCE: Outcome[] = ['filed', 'examination', 'office_action', 'published', 'opposition', 'allowed'];

export const liveLifecycle = (rng: Rng, office: OfficeProfile, isUs: boolean, filed: Day, asOf: Day): Lifecycle => {
  const [minM, maxM] = office.registrationMonths;
  const registrationDay = addMonths(filed, rng.int(minM * 10, maxM * 10) / 10);
  const publicationDay = addMonths(filed, Math.max(1, minM * 0.6 + rng.next() * 3));
  const officeActionDay = rng.chance(0.45) ? addMonths(filed, rng.int(3, 6)) : null;
  const base = { publicationDay: null, registrationDay: null, expiryDay: null, renewalDays: [], section8Day: null, section15: false, officeActionDay };

  // Still in prosecution: where it is depends on how long ago it was filed.
  if (registrationDay > asOf || rng.chance(0.015)) {
    if (rng.chance(0.12) && filed < asOf - 120) {
      return { ...base, outcome: rng.chance(0.8) ? 'abandoned' : 'withdrawn', statusDay: rng.int(filed + 90, asOf) };
    }
    const progress = Math.min(0.999, (asOf - filed) / Math.max(1, registrationDay - filed));
    let stage = PENDING_SEQUENCE[Math.floor(progress * (isUs ? 6 : 5))]!;
    if (stage === 'office_action' && !officeActionDay) stage = 'examination';
    if (stage === 'opposition' && rng.chance(0.8)) stage = 'published';
    const published = stage === 'published' || stage === 'opposition' || stage === 'allowed';
    return {
      ...base,
      outcome: stage,
      statusDay: Math.max(filed, asOf - rng.int(0, 90)),
      publicationDay: published ? Math.min(publicationDay, asOf) : null,
    };
  }
  if (rng.chance(office.deathRate)) {
    const outcome: Outcome = rng.chance(0.7) ? 'abandoned' : rng.chance(0.5) ? 'refused' : 'withdrawn';
    const statusDay = Math.min(asOf, addMonths(filed, rng.int(6, 24)));
    return { ...base, outcome, statusDay, publicationDay: publicationDay < statusDay && rng.chance(0.4) ? publicationDay : null };
  }

  const anchor = office.termFromRegistration ? registrationDay : filed;
  let expiryDay = addYears(anchor, 10);
  const renewalDays: Day[] = [];
  let section8Day: Day | null = null;
  let section15 = false;
  const reg = { ...base, publicationDay, registrationDay };

  if (isUs && addYears(registrationDay, 6) <= asOf) {
    if (rng.chance(0.22)) {
      return { ...reg, outcome: 'cancelled', statusDay: Math.min(asOf, addYears(registrationDay, 7)) };
    }
    section8Day = addMonths(addYears(registrationDay, 5), rng.int(1, 11));
    section15 = rng.chance(0.55);
  }
  while (expiryDay <= asOf) {
    if (!rng.chance(renewalDays.length === 0 ? 0.62 : 0.8)) {
      return { ...reg, outcome: 'expired', statusDay: Math.min(asOf, addMonths(expiryDay, 6)), expiryDay, section8Day, section15 };
    }
    renewalDays.push(expiryDay - rng.int(0, 330));
    expiryDay = addYears(expiryDay, 10);
  }
  if (rng.chance(0.03)) {
    return { ...reg, outcome: 'cancelled', statusDay: rng.int(registrationDay, asOf), expiryDay, renewalDays, section8Day, section15 };
  }
  const lastChange = renewalDays.at(-1) ?? section8Day ?? registrationDay;
  return {
    ...reg,
    outcome: renewalDays.length > 0 ? 'renewed' : 'registered',
    statusDay: lastChange,
    expiryDay,
    renewalDays,
    section8Day,
    section15,
  };
};
