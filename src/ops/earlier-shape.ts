// The earlier-generation shapes (spec §2.9, §2.10): the earlier trademark object, the earlier
// owner-trademark row and the `{success, data}` envelope, projected from stored records.
import { z } from 'zod';
import type { TrademarkRecord } from '../core/schemas/trademark.js';
import type { TrademarkStatus } from '../core/schemas/status.js';
import { offices } from './reference/data.js';

export const UnifiedStatus = z.enum(['live_pending', 'live_registered', 'live_opposition', 'dead_abandoned', 'dead_cancelled', 'dead_expired']);
export type UnifiedStatus = z.infer<typeof UnifiedStatus>;

const DEAD_CANCELLED = new Set(['cancelled', 'removed', 'surrendered', 'terminated', 'invalidated', 'revoked']);

/** Earlier unified status from the current status; null for unknown and mixed family statuses. */
export const unifiedStatus = (s: TrademarkStatus): UnifiedStatus | null => {
  if (s.primary === 'unknown' || s.primary === 'mixed') return null;
  if (s.challenges.includes('opposition') || s.stage === 'opposition_pending') return 'live_opposition';
  if (s.primary === 'pending') return 'live_pending';
  if (s.primary === 'active') return 'live_registered';
  if (s.stage === 'expired') return 'dead_expired';
  return DEAD_CANCELLED.has(s.stage) ? 'dead_cancelled' : 'dead_abandoned';
};

const markType = (r: TrademarkRecord): 'word' | 'logo' | 'combined' => {
  const t = (r.mark_type ?? '').toLowerCase();
  if (/combin|composite|mixed|stylized|special/.test(t)) return 'combined';
  if (/figur|design|logo|image|device/.test(t)) return r.mark_text ? 'combined' : 'logo';
  return r.mark_text ? 'word' : 'logo';
};

const EarlierAddress = z.object({
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
});

export const EarlierTrademark = z.object({
  id: z.string(),
  office: z.object({ code: z.string(), name: z.string().nullable(), country: z.string().nullable(), region: z.string().nullable() }),
  mark: z.object({
    text: z.string().nullable(),
    transliteration: z.string().nullable(),
    translation: z.string().nullable(),
    type: z.enum(['word', 'logo', 'combined']),
    disclaimer: z.string().nullable(),
  }),
  status: z.object({
    unified_status: UnifiedStatus.nullable(),
    unified_status_code: z.string().nullable(),
    status_date: z.string().nullable(),
    office_status: z.string().nullable(),
    office_status_code: z.string().nullable(),
    substatus: z.string().nullable(),
    reason: z.string().nullable(),
  }),
  canonical_id: z.string().nullable(),
  office_data: z.object({
    registration_number: z.string().nullable(),
    serial_number: z.string().nullable(),
    application_number: z.string(),
    publication_number: z.string().nullable(),
    filing_reference: z.string().nullable(),
  }),
  classifications: z.object({
    nice_classes: z.array(z.number().int().min(1).max(45)),
    goods_services: z.array(z.object({ class: z.number().int().nullable(), description: z.string().nullable() })),
    office_classes: z.array(z.string()),
  }),
  owners: z.array(
    z.object({
      name: z.string(),
      type: z.string().nullable(),
      country: z.string().nullable(),
      address: EarlierAddress.nullable(),
      role: z.string().nullable(),
      effective_date: z.string().nullable(),
    }),
  ),
  dates: z.object({
    filing_date: z.string().nullable(),
    priority_date: z.string().nullable(),
    publication_date: z.string().nullable(),
    registration_date: z.string().nullable(),
    expiry_date: z.string().nullable(),
    renewal_date: z.string().nullable(),
  }),
  coverage: z.object({ countries: z.array(z.string()), territories: z.number().int().nullable(), madrid_protocol: z.boolean() }),
  images: z.object({ thumbnail: z.string().nullable(), full: z.string().nullable(), formats: z.array(z.string()) }),
  related_registrations: z.object({
    count: z.number().int(),
    canonical_id: z.string().nullable(),
    same_mark_other_offices: z.array(z.object({ id: z.string(), office: z.string(), registration_number: z.string().nullable(), status: z.string().nullable(), filing_date: z.string().nullable(), url: z.string() })),
  }),
  metadata: z.object({
    data_quality_score: z.number().nullable(),
    data_completeness: z.number(),
    last_verified: z.string().nullable(),
    normalization_version: z.string(),
  }),
  similarity_score: z.number().min(0).max(1).optional(),
  urls: z.object({ api: z.string(), web: z.string().nullable(), office_url: z.string().nullable() }),
});
export type EarlierTrademark = z.infer<typeof EarlierTrademark>;

/** The earlier `{success, data}` envelope. */
export const earlierEnvelope = <T extends z.ZodTypeAny>(data: T) => z.object({ success: z.literal(true), data });

const COMPLETENESS_FIELDS = ['mark_text', 'filing_date', 'registration_number', 'registration_date', 'expiry_date', 'publication_date'] as const;

export const officeInfo = (code: string) => {
  const o = offices().find((x) => x.code === code);
  return { code, name: o?.name ?? null, country: o?.country ?? null, region: o?.region ?? null };
};

export const toEarlierTrademark = (r: TrademarkRecord): EarlierTrademark => {
  const image = r.media.find((m) => m.url)?.url ?? null;
  const filled = COMPLETENESS_FIELDS.filter((f) => r[f] !== null).length + (r.owners.length ? 1 : 0) + (r.classifications.length ? 1 : 0);
  const canonical = r.ir_number ? `ir_${r.ir_number.replace(/\W/g, '')}` : null;
  return {
    id: r.id,
    office: officeInfo(r.office_code),
    mark: { text: r.mark_text, transliteration: null, translation: null, type: markType(r), disclaimer: r.disclaimer },
    status: {
      unified_status: unifiedStatus(r.status),
      unified_status_code: unifiedStatus(r.status)?.toUpperCase() ?? null,
      status_date: r.status.effective_date,
      office_status: r.status.raw?.label ?? null,
      office_status_code: r.status.raw?.code ?? null,
      substatus: r.status.stage,
      reason: r.status.reason,
    },
    canonical_id: canonical,
    office_data: {
      registration_number: r.registration_number,
      serial_number: r.office_code === 'US' ? r.application_number : null,
      application_number: r.application_number,
      publication_number: null,
      filing_reference: null,
    },
    classifications: {
      nice_classes: [...new Set(r.classifications.flatMap((c) => (c.nice_class === null ? [] : [c.nice_class])))].sort((a, b) => a - b),
      goods_services: r.classifications.map((c) => ({ class: c.nice_class, description: c.goods_services })),
      office_classes: [...new Set(r.classifications.flatMap((c) => c.office_classes))],
    },
    owners: r.owners.map((o) => ({
      name: o.name,
      type: o.entity_type,
      country: o.address?.country_code ?? o.nationality,
      address: o.address
        ? { street: o.address.lines.join(', ') || null, city: o.address.city, state: o.address.region, postal_code: o.address.postal_code, country: o.address.country_code }
        : null,
      role: o.role,
      effective_date: null,
    })),
    dates: {
      filing_date: r.filing_date,
      priority_date: r.priority_date,
      publication_date: r.publication_date,
      registration_date: r.registration_date,
      expiry_date: r.expiry_date,
      renewal_date: r.last_renewal_date,
    },
    coverage: { countries: r.designations, territories: r.territory_count, madrid_protocol: r.ir_number !== null },
    images: { thumbnail: image, full: image, formats: image ? [image.split('.').pop()!.toLowerCase()] : [] },
    related_registrations: { count: 0, canonical_id: canonical, same_mark_other_offices: [] },
    metadata: {
      data_quality_score: null,
      data_completeness: Math.round((filled / (COMPLETENESS_FIELDS.length + 2)) * 100) / 100,
      last_verified: r.source_date,
      normalization_version: 'tm-1',
    },
    urls: { api: `/v1/trademarks/${r.id}`, web: null, office_url: null },
  };
};

export const EarlierOwnerRef = z.object({
  owner_id: z.string(),
  name: z.string(),
  entity_type: z.string().nullable(),
  country: z.string().nullable(),
  address: EarlierAddress.nullable(),
});

export const EarlierOwnerTrademarkRow = z.object({
  serial_number: z.string(),
  registration_number: z.string().nullable(),
  jurisdiction: z.string(),
  word_mark: z.string().nullable(),
  status: UnifiedStatus.nullable(),
  status_date: z.string().nullable(),
  filing_date: z.string().nullable(),
  registration_date: z.string().nullable(),
  expiry_date: z.string().nullable(),
  mark_type: z.string().nullable(),
  drawing_type: z.string().nullable(),
  owner: EarlierOwnerRef,
  classes: z.array(z.object({ class: z.number().int(), status: z.string().nullable(), description: z.string().nullable() })),
  thumbnail_url: z.string().nullable(),
});
export type EarlierOwnerTrademarkRow = z.infer<typeof EarlierOwnerTrademarkRow>;

export const toEarlierOwnerRow = (r: TrademarkRecord, ownerId: string): EarlierOwnerTrademarkRow => {
  const e = toEarlierTrademark(r);
  const o = r.owners.find((x) => x.owner_id === ownerId) ?? r.owners[0];
  const owner = e.owners[o ? r.owners.indexOf(o) : -1];
  return {
    serial_number: r.application_number,
    registration_number: r.registration_number,
    jurisdiction: r.office_code,
    word_mark: r.mark_text,
    status: e.status.unified_status,
    status_date: e.status.status_date,
    filing_date: r.filing_date,
    registration_date: r.registration_date,
    expiry_date: r.expiry_date,
    mark_type: e.mark.type,
    drawing_type: r.media[0]?.drawing_code ?? null,
    owner: { owner_id: o?.owner_id ?? ownerId, name: o?.name ?? '', entity_type: o?.entity_type ?? null, country: owner?.country ?? null, address: owner?.address ?? null },
    classes: r.classifications.flatMap((c) => (c.nice_class === null ? [] : [{ class: c.nice_class, status: c.class_status, description: c.goods_services }])),
    thumbnail_url: e.images.thumbnail,
  };
};
