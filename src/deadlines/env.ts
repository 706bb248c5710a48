// What every part of one derivation shares: the as-of date, the office calendar, the settings in
// force and the subject being computed.
import type { IsoDateString } from '../core/dates.js';
import type { BusinessCalendar } from './calendar.js';
import type { DeadlineSubject } from './subject.js';

export interface Env {
  asOf: IsoDateString;
  cal: BusinessCalendar;
  settings: Readonly<Record<string, string>>;
  subject: DeadlineSubject;
}
