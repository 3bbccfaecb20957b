// One synthetic patient's world: the people, places, identifiers and dates that its notes mention.
import type { Faker } from "@faker-js/faker";
import { addDays, type CalendarDate } from "./calendar.js";
import type { PersonName } from "./entities.js";
import { EN, FR, NL, type Lang } from "./lang.js";
import type { Prng } from "./prng.js";
import {
  belgianNationalNumber,
  caregiverLicence,
  deviceSerial,
  hospitalRecordNumber,
  licencePlate,
  makeAddress,
  makeCareOrganisation,
  makeHospital,
  makePhone,
  nhsNumber,
  usSocialSecurityNumber,
  type Address,
  type Institution,
  type RegionId,
} from "./regions.js";
import { FAKER_NAMES, inventedFamilyName, inventedGivenName, type NamePools, type NameSource, type Sex } from "./sources.js";

export type ProfileId = "nl-BE" | "en-US" | "en-GB";
export const PROFILE_IDS: readonly ProfileId[] = ["nl-BE", "en-US", "en-GB"];

export interface Caregiver extends PersonName {
  licence: string;
  specialty: string;
}

export interface Relative extends PersonName {
  relation: string;
}

export interface World {
  profile: ProfileId;
  region: RegionId;
  lang: Lang;
  /** A French-speaking patient (nl-BE only): French fragments, address and names. */
  french: boolean;
  patient: PersonName & {
    birth: CalendarDate;
    address: Address;
    mrn: string;
    nationalId: string;
    phone: string;
    mobile: string;
    emailDomain: string;
    plate: string;
    device: string;
    relatives: Relative[];
  };
  hospital: Institution;
  hospitalAddress: Address;
  hospitalPhone: string;
  hospitalFax: string;
  otherHospital: Institution;
  gp: Caregiver;
  gpPractice: Institution;
  gpAddress: Address;
  gpPhone: string;
  specialists: Caregiver[];
  nurses: PersonName[];
  /** The day the first note of this patient is written. */
  anchor: CalendarDate;
}

export interface NameSampler {
  given(sex: Sex, french?: boolean): string;
  family(french?: boolean): string;
}

export function nameSampler(prng: Prng, source: NameSource, profile: ProfileId): NameSampler {
  const en = profile !== "nl-BE";
  const pools = (french?: boolean): NamePools => (en ? FAKER_NAMES.en : french ? FAKER_NAMES.be_fr : FAKER_NAMES.be_nl);
  if (source === "invented") {
    return { given: (sex) => inventedGivenName(prng, sex, en), family: () => inventedFamilyName(prng, en) };
  }
  return {
    given: (sex, french) => prng.pick(sex === "f" ? pools(french).givenF : pools(french).givenM),
    family: (french) => {
      // Invented combinations widen faker's small Flemish surname pool.
      if (!en && !french && prng.chance(0.25)) return inventedFamilyName(prng, false);
      if (!en && !french && prng.chance(0.1)) return `${prng.pick(pools(false).family)}-${prng.pick(pools(false).family)}`;
      return prng.pick(pools(french).family);
    },
  };
}

function person(prng: Prng, names: NameSampler, french: boolean, sex?: Sex): PersonName {
  const s: Sex = sex ?? (prng.chance(0.5) ? "f" : "m");
  const given = [names.given(s, french)];
  if (prng.chance(0.2)) given.push(names.given(s, french));
  return { given, family: names.family(french), sex: s };
}

const SPECIALTIES: Record<"nl" | "en", string[]> = {
  nl: ["cardiologie", "pneumologie", "gastro-enterologie", "neurologie", "geriatrie", "orthopedie", "nefrologie", "endocrinologie", "oncologie", "inwendige geneeskunde", "urgentiegeneeskunde", "reumatologie"],
  en: ["cardiology", "respiratory medicine", "gastroenterology", "neurology", "geriatrics", "orthopaedics", "nephrology", "endocrinology", "oncology", "internal medicine", "emergency medicine", "rheumatology"],
};

const REGION_OF: Record<ProfileId, RegionId> = { "nl-BE": "BE", "en-US": "US", "en-GB": "GB" };

export function makeWorld(prng: Prng, faker: Faker, profile: ProfileId, source: NameSource, anchor: CalendarDate): World {
  const region = REGION_OF[profile];
  const french = profile === "nl-BE" && prng.chance(0.18);
  const lang = profile === "nl-BE" ? NL : EN;
  const names = nameSampler(prng, source, profile);
  const familyPool = profile === "nl-BE" ? FAKER_NAMES.be_nl.family : FAKER_NAMES.en.family;
  const givenPool = profile === "nl-BE" ? FAKER_NAMES.be_nl.givenM : FAKER_NAMES.en.givenM;

  const patientName = person(prng, names, french);
  const ageYears = prng.weighted([[prng.int(0, 17), 1], [prng.int(18, 64), 4], [prng.int(65, 99), 4]]);
  const birth = addDays(anchor, -(ageYears * 365 + prng.int(0, 364)));
  const nationalId =
    region === "BE" ? belgianNationalNumber(birth, patientName.sex, prng) : region === "GB" ? nhsNumber(prng) : usSocialSecurityNumber(prng);
  const relatives: Relative[] = [];
  const relationWords = (french ? FR : lang).relatives;
  for (let i = prng.int(1, 3); i > 0; i--) {
    const rel = person(prng, names, french);
    relatives.push({ ...rel, family: prng.chance(0.5) ? patientName.family : rel.family, relation: prng.pick(relationWords) });
  }
  faker.seed(prng.nextUint32());
  const hospital = makeHospital(prng, region, french && prng.chance(0.6));
  const gp = { ...person(prng, names, french && prng.chance(0.7)), licence: caregiverLicence(prng, region), specialty: region === "BE" ? "huisarts" : "GP" };
  const specialists: Caregiver[] = [];
  for (let i = prng.int(2, 4); i > 0; i--) {
    specialists.push({ ...person(prng, names, french && prng.chance(0.4)), licence: caregiverLicence(prng, region), specialty: prng.pick(SPECIALTIES[lang.id === "nl" ? "nl" : "en"]) });
  }
  return {
    profile,
    region,
    lang,
    french,
    patient: {
      ...patientName,
      birth,
      address: makeAddress(prng, region, familyPool, givenPool, french),
      mrn: hospitalRecordNumber(prng, region),
      nationalId,
      phone: makePhone(prng, region, false),
      mobile: makePhone(prng, region, true),
      emailDomain: prng.pick(region === "BE" ? ["telenet.be", "skynet.be", "gmail.com", "hotmail.com", "proximus.be"] : region === "US" ? ["gmail.com", "yahoo.com", "outlook.com", "aol.com"] : ["btinternet.com", "gmail.com", "hotmail.co.uk", "outlook.com"]),
      plate: licencePlate(prng, region),
      device: deviceSerial(prng),
      relatives,
    },
    hospital,
    hospitalAddress: makeAddress(prng, region, familyPool, givenPool, french),
    hospitalPhone: makePhone(prng, region, false),
    hospitalFax: makePhone(prng, region, false),
    otherHospital: makeHospital(prng, region, false),
    gp,
    gpPractice: makeCareOrganisation(prng, region, gp.family, french),
    gpAddress: makeAddress(prng, region, familyPool, givenPool, french),
    gpPhone: makePhone(prng, region, prng.chance(0.3)),
    specialists,
    nurses: [person(prng, names, false), person(prng, names, false)],
    anchor,
  };
}
