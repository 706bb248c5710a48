// Human words for the slugs of the interface in human views (tables and ICS text; CSV headers and
// JSON keep the slugs): "Renewal not on record", not `renewal_not_on_record`.

/** What happens if a deadline is missed, as the end of "If missed: …". */
const CONSEQUENCES: Record<string, string> = {
  cancellation_of_registration: 'the registration is cancelled',
  cancellation_of_extension_of_protection: 'the extension of protection is cancelled',
  expiry_of_registration: 'the registration expires',
  expungement: 'the registration is expunged',
  lapse_of_international_registration: 'the international registration lapses',
  lapse_of_registration: 'the registration lapses',
  loss_of_right_to_oppose: 'the right to oppose is lost',
  loss_of_right: 'the right is lost',
  removal_from_register: 'the mark is removed from the register',
  retroactive_lapse_of_right: 'the right lapses retroactively',
};

/** `renewal_not_on_record` → "Renewal not on record"; `due_30` → "Due 30". */
export const humanize = (slug: string | null | undefined): string => {
  if (!slug) return '';
  const words = slug.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export const consequenceText = (slug: string | null | undefined): string =>
  slug ? (CONSEQUENCES[slug] ?? humanize(slug).toLowerCase()) : 'not stated';

/** Urgency as a person reads it: "Missed", "Overdue", "Due within 30 days", "Later", "Cannot compute". */
export const urgencyText = (urgency: string): string => {
  const due = /^due_(\d+)$/.exec(urgency);
  if (due) return `Due within ${due[1]} days`;
  return urgency === 'unknown' ? 'Cannot compute' : urgency === 'none' ? 'No deadline' : humanize(urgency);
};
