// Country-specific identifier formats: addresses, phone numbers, national and hospital ids, plates, institutions.
import { belgianNationalNumberCheck, luhnCheckDigit, mod11CheckDigit } from "../contract/index.js";
import { formatting, part, type Part } from "./builder.js";
import { pad2, type CalendarDate } from "./calendar.js";
import { splitParts, upperParts } from "./entities.js";
import type { Prng } from "./prng.js";
import { PLACE_PARTS, type Sex } from "./sources.js";

export type RegionId = "BE" | "US" | "GB";

export interface Address {
  street: string;
  houseNumber: string;
  unit?: string; // bus number / apartment / flat
  postalCode: string;
  municipality: string;
  region?: string;
  country: string;
  french: boolean;
}

const capitalise = (s: string): string => (s.length === 0 ? s : s[0].toUpperCase() + s.slice(1));

/** An invented place name: faker's Dutch/English place prefixes and suffixes recombined. */
export function inventedPlace(prng: Prng, region: RegionId, french = false): string {
  if (region === "BE") {
    if (french) {
      const stem = `${prng.pick(["Saint-", "Mont-", "Villers-", "Fontaine-", "Braine-", "Ham-", "Court-", "Ville-", "Chapelle-"])}${capitalise(prng.pick(PLACE_PARTS.nlPrefix).toLowerCase())}`;
      return prng.chance(0.4) ? `${stem}-${prng.pick(["lez", "sur", "sous"])}-${prng.pick(["Meuse", "Sambre", "Ourthe", "Lesse", "Dyle", "Senne"])}` : stem;
    }
    const prefix = prng.pick(PLACE_PARTS.nlPrefix);
    const suffix = prng.chance(0.3) ? prng.pick(PLACE_PARTS.beSuffix) : prng.pick(PLACE_PARTS.nlSuffix);
    return capitalise(prefix + suffix);
  }
  if (region === "US") {
    return prng.chance(0.5)
      ? `${prng.pick(PLACE_PARTS.enPrefix)} ${capitalise(prng.pick(PLACE_PARTS.nlPrefix).toLowerCase())}${prng.pick(PLACE_PARTS.enSuffix)}`
      : `${capitalise(prng.pick(PLACE_PARTS.nlPrefix).toLowerCase())}${prng.pick(PLACE_PARTS.enSuffix)}`;
  }
  const stem = capitalise(prng.pick(PLACE_PARTS.nlPrefix).toLowerCase()) + prng.pick(PLACE_PARTS.gbSuffix);
  return prng.chance(0.3) ? `${prng.pick(PLACE_PARTS.gbPrefix)} ${stem.trim()}` : stem.trim();
}

export function makeAddress(prng: Prng, region: RegionId, familyNames: readonly string[], givenNames: readonly string[], french = false): Address {
  const nameStem = (): string => (prng.chance(0.6) ? prng.pick(familyNames) : prng.pick(givenNames)).replace(/\s+/g, "");
  switch (region) {
    case "BE": {
      const street = french
        ? `${prng.pick(PLACE_PARTS.frStreetPrefix)} ${prng.chance(0.5) ? "" : prng.pick(["de la ", "du ", "des ", "de "])}${prng.pick(familyNames)}`
        : prng.chance(0.8)
          ? `${capitalise(nameStem())}${prng.pick(PLACE_PARTS.nlStreetSuffix)}`
          : `${prng.pick(["Oude ", "Nieuwe ", "Grote ", "Kleine ", "Sint-"])}${capitalise(nameStem())}${prng.pick(PLACE_PARTS.nlStreetSuffix)}`;
      return {
        street,
        houseNumber: String(prng.int(1, 320)) + (prng.chance(0.1) ? prng.pick(["A", "B", "C"]) : ""),
        unit: prng.chance(0.2) ? String(prng.int(1, 40)) : undefined,
        postalCode: String(prng.int(1000, 9992)),
        municipality: inventedPlace(prng, "BE", french),
        country: french ? "Belgique" : "België",
        french,
      };
    }
    case "US":
      return {
        street: `${prng.chance(0.5) ? prng.pick(familyNames) : prng.pick(["Oak", "Maple", "Cedar", "Elm", "Pine", "Willow", "Hickory", "Main", "Lake", "Hill", "Park"])} ${prng.pick(PLACE_PARTS.enStreetSuffix)}`,
        houseNumber: String(prng.int(1, 9899)),
        unit: prng.chance(0.25) ? `${prng.int(1, 30)}${prng.pick(["", "A", "B", "C"])}` : undefined,
        postalCode: String(prng.int(1001, 99950)).padStart(5, "0") + (prng.chance(0.1) ? `-${prng.digits(4)}` : ""),
        municipality: inventedPlace(prng, "US"),
        region: prng.pick(PLACE_PARTS.usStateAbbr),
        country: "USA",
        french: false,
      };
    case "GB": {
      const out = prng.letters(prng.int(1, 2), "ABCDEFGHJKLMNOPRSTUWYZ") + String(prng.int(1, 29));
      return {
        street: `${capitalise(nameStem())} ${prng.pick(PLACE_PARTS.gbStreetSuffix)}`,
        houseNumber: String(prng.int(1, 240)),
        unit: prng.chance(0.15) ? String(prng.int(1, 20)) : undefined,
        postalCode: `${out} ${prng.int(1, 9)}${prng.letters(2, "ABDEFGHJLNPQRSTUWXYZ")}`,
        municipality: inventedPlace(prng, "GB"),
        region: prng.chance(0.3) ? prng.pick(PLACE_PARTS.gbCounties) : undefined,
        country: "United Kingdom",
        french: false,
      };
    }
  }
}

/** Address surface forms: one line, wrapped over lines, street only, town only, upper case. */
export function renderAddress(prng: Prng, a: Address, region: RegionId, opts: { wrap?: boolean; withCountry?: boolean } = {}): Part[] {
  const sp = formatting(" ");
  const street = splitParts(a.street, "street");
  const sep = opts.wrap ? formatting("\n") : formatting(prng.pick([", ", ", ", " - ", " "]));
  let unit: Part[] = [];
  if (a.unit) {
    const word = region === "BE" ? (a.french ? prng.pick(["bte", "boîte"]) : prng.pick(["bus", "b", "/"])) : region === "US" ? prng.pick(["Apt", "Apt.", "Unit", "#"]) : prng.pick(["Flat", "flat"]);
    unit = word === "/" ? [formatting("/"), part(a.unit, "bus_number")] : [sp, ...splitParts(word, "bus_number"), ...(word === "#" ? [] : [sp]), part(a.unit, "bus_number")];
  }
  let parts: Part[];
  if (region === "BE") {
    const streetLine = a.french && prng.chance(0.5)
      ? [part(a.houseNumber, "house_number"), formatting(", "), ...street, ...unit]
      : [...street, sp, part(a.houseNumber, "house_number"), ...unit];
    parts = [...streetLine, sep, ...(prng.chance(0.15) ? [part("B", "country"), formatting("-")] : []), part(a.postalCode, "postal_code"), sp, ...splitParts(a.municipality, "municipality")];
  } else if (region === "US") {
    const unitPart = unit.length ? [formatting(","), ...unit] : [];
    parts = [part(a.houseNumber, "house_number"), sp, ...street, ...unitPart, sep, ...splitParts(a.municipality, "municipality"), formatting(", "), part(a.region ?? "", "region"), sp, ...splitParts(a.postalCode, "postal_code")];
  } else {
    const flat = a.unit ? [...splitParts(prng.pick(["Flat", "Flat"]), "bus_number"), sp, part(a.unit, "bus_number"), formatting(", ")] : [];
    parts = [...flat, part(a.houseNumber, "house_number"), sp, ...street, sep, ...splitParts(a.municipality, "municipality"), ...(a.region ? [formatting(", "), ...splitParts(a.region, "region")] : []), sep, ...splitParts(a.postalCode, "postal_code")];
  }
  if (opts.withCountry) parts = [...parts, opts.wrap ? formatting("\n") : formatting(", "), ...splitParts(a.country, "country")];
  return prng.chance(0.08) ? upperParts(parts) : parts;
}

// ---------------------------------------------------------------------------------------------------------------
// Phone numbers

export function makePhone(prng: Prng, region: RegionId, mobile: boolean): string {
  switch (region) {
    case "BE": {
      if (mobile) {
        const p = `4${prng.pick(["7", "8", "9", "6"])}${prng.digits(1)}`;
        const rest = prng.digits(6);
        return prng.weighted([
          [`0${p} ${rest.slice(0, 2)} ${rest.slice(2, 4)} ${rest.slice(4)}`, 4],
          [`0${p}/${rest.slice(0, 2)}.${rest.slice(2, 4)}.${rest.slice(4)}`, 2],
          [`+32 ${p} ${rest.slice(0, 2)} ${rest.slice(2, 4)} ${rest.slice(4)}`, 2],
          [`0${p}${rest}`, 1],
          [`0032 ${p} ${rest.slice(0, 2)} ${rest.slice(2, 4)} ${rest.slice(4)}`, 1],
        ]);
      }
      const area = prng.pick(["2", "3", "9", "4", "50", "51", "53", "56", "58", "11", "13", "14", "15", "16", "89"]);
      const rest = prng.digits(area.length === 1 ? 7 : 6);
      const grouped = area.length === 1 ? `${rest.slice(0, 3)} ${rest.slice(3, 5)} ${rest.slice(5)}` : `${rest.slice(0, 2)} ${rest.slice(2, 4)} ${rest.slice(4)}`;
      return prng.weighted([
        [`0${area} ${grouped}`, 4],
        [`0${area}/${grouped.replace(/ /g, ".")}`, 2],
        [`+32 ${area} ${grouped}`, 2],
        [`0${area} ${rest}`, 1],
      ]);
    }
    case "US": {
      const a = `${prng.int(2, 9)}${prng.digits(2)}`;
      const b = `${prng.int(2, 9)}${prng.digits(2)}`;
      const c = prng.digits(4);
      return prng.weighted([
        [`(${a}) ${b}-${c}`, 4],
        [`${a}-${b}-${c}`, 3],
        [`${a}.${b}.${c}`, 1],
        [`+1 ${a} ${b} ${c}`, 1],
        [`1-${a}-${b}-${c}`, 1],
      ]);
    }
    case "GB": {
      if (mobile) {
        const r = prng.digits(6);
        return prng.weighted([[`07${prng.digits(3)} ${r}`, 3], [`+44 7${prng.digits(3)} ${r}`, 1]]);
      }
      return prng.weighted([
        [`020 ${prng.digits(4)} ${prng.digits(4)}`, 2],
        [`01${prng.digits(3)} ${prng.digits(6)}`, 3],
        [`01${prng.digits(2)} ${prng.digits(3)} ${prng.digits(4)}`, 2],
        [`+44 1${prng.digits(3)} ${prng.digits(6)}`, 1],
      ]);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Identifiers

/** Belgian national register number with valid check digits (born ≥ 2000 uses the 2-prefixed modulus). */
export function belgianNationalNumber(birth: CalendarDate, sex: Sex, prng: Prng): string {
  const yy = pad2(birth.year % 100);
  let serial = prng.int(1, 997);
  if ((serial % 2 === 1) !== (sex === "m")) serial = serial + 1 > 997 ? serial - 1 : serial + 1;
  const base = `${yy}${pad2(birth.month)}${pad2(birth.day)}${String(serial).padStart(3, "0")}`;
  return base + belgianNationalNumberCheck(base, birth.year >= 2000 ? "2000" : "1900");
}

/** NHS number: 10 digits, modulus-11 check digit (numbers whose check would be 10 are redrawn). */
export function nhsNumber(prng: Prng): string {
  for (;;) {
    const body = `${prng.int(4, 9)}${prng.digits(8)}`;
    const check = mod11CheckDigit(body);
    if (check === undefined) continue;
    const digits = body + check;
    return prng.chance(0.7) ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : digits;
  }
}

export function usSocialSecurityNumber(prng: Prng): string {
  let area = prng.int(1, 899);
  if (area === 666) area = 667;
  return `${String(area).padStart(3, "0")}-${String(prng.int(1, 99)).padStart(2, "0")}-${String(prng.int(1, 9999)).padStart(4, "0")}`;
}

/** US NPI: 10 digits, Luhn over "80840" + the first nine. */
export function usNpi(prng: Prng): string {
  const body = `${prng.pick(["1", "2"])}${prng.digits(8)}`;
  return body + luhnCheckDigit(`80840${body}`);
}

/** Belgian RIZIV/INAMI practitioner number: 1-23456-78-901 (the last three digits code the qualification). */
export function rizivNumber(prng: Prng): string {
  const d = `${prng.int(1, 1)}${prng.digits(5)}${prng.digits(2)}${prng.pick(["001", "003", "004", "580", "780", "790", "830", "540", "470"])}`;
  return prng.chance(0.7) ? `${d[0]}-${d.slice(1, 6)}-${d.slice(6, 8)}-${d.slice(8)}` : d;
}

export function hospitalRecordNumber(prng: Prng, region: RegionId): string {
  switch (region) {
    case "BE":
      return prng.weighted([[prng.digits(8), 3], [`${prng.int(1, 9)}${prng.digits(6)}`, 2], [`EPD${prng.digits(7)}`, 1], [`${prng.digits(3)}.${prng.digits(3)}.${prng.digits(3)}`, 1]]);
    case "US":
      return prng.weighted([[prng.digits(8), 3], [`${prng.letters(1)}${prng.digits(7)}`, 2], [`${prng.digits(3)}-${prng.digits(3)}-${prng.digits(3)}`, 1]]);
    case "GB":
      return prng.weighted([[`${prng.letters(prng.int(1, 3))}${prng.digits(6)}`, 3], [prng.digits(7), 2]]);
  }
}

export function caregiverLicence(prng: Prng, region: RegionId): string {
  switch (region) {
    case "BE":
      return rizivNumber(prng);
    case "US":
      return usNpi(prng);
    case "GB":
      return String(prng.int(2000000, 7999999)); // GMC reference number
  }
}

export function licencePlate(prng: Prng, region: RegionId): string {
  switch (region) {
    case "BE":
      return prng.chance(0.8) ? `${prng.int(1, 2)}-${prng.letters(3)}-${prng.digits(3)}` : `${prng.letters(3)}-${prng.digits(3)}`;
    case "US":
      return `${prng.int(1, 9)}${prng.letters(3)}${prng.digits(3)}`;
    case "GB":
      return `${prng.letters(2)}${prng.digits(2)} ${prng.letters(3)}`;
  }
}

export function deviceSerial(prng: Prng): string {
  return prng.weighted([
    [`${prng.letters(3)}${prng.digits(6)}${prng.letters(1)}`, 3],
    [`${prng.letters(2)}${prng.digits(2)}-${prng.digits(5)}`, 2],
    [`${prng.digits(4)}-${prng.letters(2)}${prng.digits(4)}`, 1],
  ]);
}

// ---------------------------------------------------------------------------------------------------------------
// Institutions and organisations

export interface Institution {
  /** Surface parts of the name: institution words plus hospital_location for its place. */
  parts: Part[];
  domain: string;
  place: string;
}

const SAINTS_NL = ["Hildegard", "Servaas", "Aldegonde", "Gudula", "Bavo", "Ursula", "Wivina", "Walburga", "Gertrudis", "Landoald", "Ermelinde", "Amelberga", "Vedastus", "Eligius", "Berlindis", "Gummarus", "Odulphus", "Rumoldus"];
const SAINTS_FR = ["Hubert", "Remacle", "Lambert", "Materne", "Gertrude", "Waudru", "Aubain", "Ghislain", "Feuillen", "Begge"];
const SAINTS_EN = ["Aidan", "Cuthbert", "Swithun", "Oswald", "Brendan", "Chad", "Wilfrid", "Hilda", "Etheldreda", "Frideswide", "Botolph", "Dunstan"];
const TREES_NL = ["De Linde", "Den Olm", "De Wilg", "Ter Beuken", "Hof ter Esch", "De Meidoorn", "Ter Hazelaar", "De Vlierbes"];

function slug(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");
}

function inst(words: string, place: string | undefined, tail: string | undefined, domainStem: string, tld: string): Institution {
  const parts: Part[] = [...splitParts(words, "institution")];
  if (place) parts.push(formatting(" "), ...splitParts(place, "hospital_location"));
  if (tail) parts.push(formatting(" "), ...splitParts(tail, "institution"));
  return { parts, domain: `${slug(domainStem)}.${tld}`, place: place ?? words };
}

/** A hospital-like institution with an invented name. */
export function makeHospital(prng: Prng, region: RegionId, french = false): Institution {
  const place = inventedPlace(prng, region, french);
  switch (region) {
    case "BE":
      if (french) {
        const saint = prng.pick(SAINTS_FR);
        return prng.weighted<Institution>([
          [inst(`Clinique Saint-${saint}`, undefined, undefined, `clinique-st${saint}`, "be"), 2],
          [inst("CHU de", place, undefined, `chu${place}`, "be"), 1],
          [inst("Centre Hospitalier", place, undefined, `ch${place}`, "be"), 1],
        ]);
      }
      {
        const saint = prng.pick(SAINTS_NL);
        return prng.weighted<Institution>([
          [inst(`AZ Sint-${saint}`, undefined, undefined, `azsint${saint}`, "be"), 3],
          [inst("AZ", place, undefined, `az${place}`, "be"), 3],
          [inst("Ziekenhuis", place, undefined, `zh${place}`, "be"), 1],
          [inst("Algemeen Ziekenhuis", place, undefined, `az${place}`, "be"), 1],
          [inst(`Sint-${saint}ziekenhuis`, undefined, undefined, `sint${saint}`, "be"), 1],
          [inst("Revalidatiecentrum", place, undefined, `rc${place}`, "be"), 1],
        ]);
      }
    case "US": {
      const saint = prng.pick(SAINTS_EN);
      return prng.weighted<Institution>([
        [inst("", place, "General Hospital", `${place}general`, "org"), 3],
        [inst(`St. ${saint}'s Medical Center`, undefined, undefined, `st${saint}mc`, "org"), 2],
        [inst("", place, "Memorial Hospital", `${place}memorial`, "org"), 2],
        [inst("", place, "Regional Medical Center", `${place}rmc`, "org"), 1],
      ].map(([i, w]) => [fixLeading(i as Institution), w as number] as const));
    }
    case "GB": {
      const saint = prng.pick(SAINTS_EN);
      return prng.weighted<Institution>([
        [inst("", place, "General Hospital", `${place}gh`, "nhs.uk"), 3],
        [inst(`St ${saint}'s Hospital`, undefined, undefined, `st${saint}s`, "nhs.uk"), 2],
        [inst("", place, "Royal Infirmary", `${place}ri`, "nhs.uk"), 1],
        [inst("", place, "Community Hospital", `${place}ch`, "nhs.uk"), 1],
      ].map(([i, w]) => [fixLeading(i as Institution), w as number] as const));
    }
  }
}

/** Drops the empty leading institution part of names that start with their place. */
function fixLeading(i: Institution): Institution {
  const parts = i.parts[0]?.category === "formatting" ? i.parts.slice(1) : i.parts;
  return { ...i, parts };
}

/** A primary-care practice, nursing home or lab (Organization:Healthcare too). */
export function makeCareOrganisation(prng: Prng, region: RegionId, family: string, french = false): Institution {
  const place = inventedPlace(prng, region, french);
  if (region === "BE") {
    if (french) return inst(prng.pick(["Maison médicale", "Centre médical", "Laboratoire"]), place, undefined, `mm${place}`, "be");
    return prng.weighted<Institution>([
      [inst("Huisartsenpraktijk", family, undefined, `hap${family}`, "be"), 3],
      [inst(`WZC ${prng.pick(TREES_NL)}`, undefined, undefined, `wzc${place}`, "be"), 2],
      [inst("Wijkgezondheidscentrum", place, undefined, `wgc${place}`, "be"), 1],
      [inst("Labo", family, undefined, `labo${family}`, "be"), 1],
      [inst("Groepspraktijk", place, undefined, `gp${place}`, "be"), 1],
    ]);
  }
  if (region === "US") {
    return prng.weighted<Institution>([
      [inst(`${family} Family Practice`, undefined, undefined, `${family}fp`, "com"), 2],
      [fixLeading(inst("", place, "Community Health Center", `${place}chc`, "org")), 2],
      [fixLeading(inst("", place, "Urgent Care", `${place}uc`, "com")), 1],
    ]);
  }
  return prng.weighted<Institution>([
    [inst(`${family} Surgery`, undefined, undefined, `${family}surgery`, "nhs.uk"), 2],
    [fixLeading(inst("", place, "Medical Centre", `${place}mc`, "nhs.uk")), 2],
    [fixLeading(inst("", place, "Health Centre", `${place}hc`, "nhs.uk")), 1],
  ]);
}

/** Employers, schools, clubs: Organization:Other, with sub-annotation "company". */
export function makeOtherOrganisation(prng: Prng, region: RegionId, fakerCompany: string): Part[] {
  const place = inventedPlace(prng, region);
  const text =
    region === "BE"
      ? prng.weighted([[fakerCompany, 4], [`basisschool ${prng.pick(TREES_NL)}`, 1], [`KSV ${place}`, 1], [`Atheneum ${place}`, 1], [`${place} Logistics`, 1]])
      : region === "US"
        ? prng.weighted([[fakerCompany, 4], [`${place} High School`, 1], [`${place} Rovers`, 1], [`${place} Logistics Inc.`, 1]])
        : prng.weighted([[fakerCompany, 4], [`${place} Academy`, 1], [`${place} Rovers FC`, 1], [`${place} Haulage Ltd`, 1]]);
  return splitParts(text, "company");
}

export function emailParts(local: Part[], domain: string): Part[] {
  const dot = domain.indexOf(".");
  const host = dot < 0 ? domain : domain.slice(0, dot);
  const tld = dot < 0 ? "" : domain.slice(dot + 1);
  return [...local, formatting("@"), ...splitParts(host, "institution"), ...(tld ? [formatting("."), ...splitParts(tld, "contact_identifier")] : [])];
}

export function urlParts(prng: Prng, domain: string): Part[] {
  const scheme = prng.weighted([["www.", 3], ["https://www.", 2], ["https://", 1], ["http://", 1]]);
  const path = prng.chance(0.3) ? prng.pick(["/afspraken", "/contact", "/patienten", "/appointments", "/contact-us"]) : "";
  return [...splitParts(scheme, "contact_identifier"), ...splitParts(domain, "institution"), ...splitParts(path, "contact_identifier")];
}

export { part };
