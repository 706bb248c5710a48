// Owners and attorneys for generated marks. Owner #k is derived from its own seeded stream, so the
// pool needs no memory and the same owner always has the same name, country and address; owners
// are drawn in tiers (a few companies hold many marks) like real portfolios.
import { ownerId } from '../../src/core/ids.js';
import type { Address, Attorney, Owner } from '../../src/core/schemas/parts.js';
import { createRng, subSeed, weighted, type Rng } from './prng.js';
import type { Vocab } from './vocab.js';

export interface OwnerProfile {
  name: string;
  country: string;
  /** USPTO legal-entity-type code (data: uspto/codes/entity_codes.csv) and its label. */
  entityCode: string;
  entityType: string;
  address: Address;
}

interface CountryProfile {
  suffixes: string[];
  cities: [string, string | null, string][];
}

/** City, region, postal code for a plausible address; suffixes are the legal forms of the country. */
const COUNTRIES: Record<string, CountryProfile> = {
  US: { suffixes: ['Inc.', 'LLC', 'Corporation', 'Co.', 'Holdings, Inc.', 'Brands LLC'], cities: [['New York', 'NY', '10001'], ['San Francisco', 'CA', '94105'], ['Austin', 'TX', '78701'], ['Chicago', 'IL', '60601'], ['Seattle', 'WA', '98101'], ['Miami', 'FL', '33131'], ['Boston', 'MA', '02110'], ['Denver', 'CO', '80202']] },
  DE: { suffixes: ['GmbH', 'AG', 'GmbH & Co. KG'], cities: [['Munich', null, '80331'], ['Hamburg', null, '20095'], ['Berlin', null, '10115'], ['Stuttgart', null, '70173']] },
  GB: { suffixes: ['Limited', 'Ltd', 'PLC'], cities: [['London', null, 'EC2A 4NE'], ['Manchester', null, 'M1 1AE'], ['Edinburgh', null, 'EH1 1YZ']] },
  FR: { suffixes: ['SAS', 'S.A.', 'SARL'], cities: [['Paris', null, '75008'], ['Lyon', null, '69002'], ['Marseille', null, '13001']] },
  IT: { suffixes: ['S.p.A.', 'S.r.l.'], cities: [['Milan', null, '20121'], ['Rome', null, '00184'], ['Turin', null, '10121']] },
  ES: { suffixes: ['S.L.', 'S.A.'], cities: [['Madrid', null, '28001'], ['Barcelona', null, '08001'], ['Valencia', null, '46001']] },
  NL: { suffixes: ['B.V.', 'N.V.'], cities: [['Amsterdam', null, '1012 AB'], ['Rotterdam', null, '3011 AA']] },
  CN: { suffixes: ['Co., Ltd.', 'Technology Co., Ltd.', 'Trading Co., Ltd.'], cities: [['Shenzhen', 'Guangdong', '518000'], ['Shanghai', null, '200000'], ['Hangzhou', 'Zhejiang', '310000'], ['Yiwu', 'Zhejiang', '322000']] },
  JP: { suffixes: ['Kabushiki Kaisha', 'Co., Ltd.', 'Corporation'], cities: [['Tokyo', null, '100-0005'], ['Osaka', null, '530-0001']] },
  KR: { suffixes: ['Co., Ltd.', 'Corporation', 'Inc.'], cities: [['Seoul', null, '04524'], ['Busan', null, '48058']] },
  CA: { suffixes: ['Inc.', 'Ltd.', 'Corp.'], cities: [['Toronto', 'ON', 'M5H 2N2'], ['Vancouver', 'BC', 'V6B 1A1'], ['Montreal', 'QC', 'H3B 2E3']] },
  AU: { suffixes: ['Pty Ltd', 'Limited'], cities: [['Sydney', 'NSW', '2000'], ['Melbourne', 'VIC', '3000'], ['Brisbane', 'QLD', '4000']] },
  CH: { suffixes: ['AG', 'SA', 'GmbH'], cities: [['Zurich', null, '8001'], ['Geneva', null, '1201'], ['Basel', null, '4051']] },
  SE: { suffixes: ['AB'], cities: [['Stockholm', null, '111 22'], ['Gothenburg', null, '411 03']] },
  NZ: { suffixes: ['Limited'], cities: [['Auckland', null, '1010'], ['Wellington', null, '6011']] },
  BE: { suffixes: ['NV', 'SA', 'BV'], cities: [['Brussels', null, '1000'], ['Antwerp', null, '2000']] },
};

const ownerCountry = weighted([
  ['US', 34], ['CN', 12], ['DE', 8], ['GB', 6], ['FR', 5], ['IT', 5], ['ES', 4], ['JP', 5], ['KR', 4],
  ['CA', 3], ['AU', 3], ['CH', 3], ['NL', 2], ['SE', 2], ['NZ', 1], ['BE', 1],
] as const);

const FIRST_NAMES = ['James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'Maria', 'Wei', 'Yuki', 'Min-jun', 'Sofia', 'Lukas', 'Emma', 'Oliver', 'Chloe', 'Mateo', 'Aisha', 'Hiroshi', 'Anna', 'Pierre', 'Giulia', 'Lars', 'Noah', 'Priya', 'Carlos', 'Fatima'];
const LAST_NAMES = ['Smith', 'Johnson', 'Williams', 'Brown', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Wang', 'Li', 'Zhang', 'Kim', 'Lee', 'Park', 'Tanaka', 'Suzuki', 'Müller', 'Schmidt', 'Rossi', 'Dubois', 'Martin', 'Jones', 'Taylor', 'Wilson', 'Andersson', 'Nguyen', 'Patel', 'Cohen', 'Silva'];
const STREETS = ['Main Street', 'Market Street', 'Park Avenue', 'Industrial Way', 'High Street', 'Harbour Road', 'Station Road', 'Innovation Drive', 'Commerce Blvd', 'Riverside Drive'];
const ENTITY_TYPES: readonly (readonly [string, string, number])[] = [
  ['03', 'corporation', 55], ['16', 'limited liability company', 22], ['01', 'individual', 15],
  ['02', 'partnership', 3], ['11', 'company', 5],
];
const entityType = weighted(ENTITY_TYPES.map(([code, label, w]) => [[code, label] as const, w] as const));

const capitalise = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);

export const createParties = (vocab: Vocab, seed: number, poolSize: number) => {
  const owners = new Map<number, OwnerProfile>();
  const ownerAt = (k: number): OwnerProfile => {
    const hit = owners.get(k);
    if (hit) return hit;
    const rng = createRng(subSeed(seed, k, 1));
    const country = ownerCountry(rng);
    const profile = COUNTRIES[country]!;
    const [entityCode, label] = entityType(rng);
    const words = [capitalise(rng.pick(vocab.shortWords))];
    if (rng.chance(0.4)) words.push(capitalise(rng.pick(vocab.words)));
    const name =
      entityCode === '01'
        ? `${rng.pick(LAST_NAMES)}, ${rng.pick(FIRST_NAMES)}`
        : `${words.join(' ')} ${rng.pick(profile.suffixes)}`;
    const [city, region, postal] = rng.pick(profile.cities);
    const line = `${rng.int(1, 9999)} ${rng.pick(STREETS)}`;
    const owner: OwnerProfile = {
      name,
      country,
      entityCode,
      entityType: label,
      address: { lines: [line], city, region, postal_code: postal, country_code: country, formatted: null },
    };
    // Bounded cache: the head of the distribution is hot, the long tail is cheap to rebuild.
    if (owners.size < 50_000) owners.set(k, owner);
    return owner;
  };

  /**
   * Owners in three tiers, like real registers: 5% of marks go to 20 giant portfolios, 25% to the
   * busiest 5% of owners, the rest spread over everyone.
   */
  const drawOwner = (rng: Rng): OwnerProfile => {
    const x = rng.next();
    if (x < 0.05) return ownerAt(rng.int(0, 19));
    if (x < 0.3) return ownerAt(rng.int(0, Math.max(20, Math.floor(poolSize * 0.05))));
    return ownerAt(rng.int(0, poolSize - 1));
  };

  const toOwner = (office: string, p: OwnerProfile, role: string): Owner => ({
    owner_id: ownerId(office, p.name, p.country),
    entity_id: null,
    name: p.name,
    entity_type: p.entityType,
    nationality: p.country,
    role,
    address: p.address,
  });

  const drawAttorney = (rng: Rng, role: Attorney['role']): Attorney => {
    const k = Math.floor(400 * rng.next() ** 2);
    const a = createRng(subSeed(seed, k, 2));
    const firmWords = [a.pick(LAST_NAMES), a.pick(LAST_NAMES)];
    return {
      name: `${a.pick(FIRST_NAMES)} ${a.pick(LAST_NAMES)}`,
      firm: `${firmWords.join(' & ')} ${a.pick(['LLP', 'IP', 'Law Group', 'Patent & Trademark Attorneys'])}`,
      role,
      address: null,
    };
  };

  return { drawOwner, toOwner, drawAttorney };
};
