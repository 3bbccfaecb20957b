// What a note template works with, and the slot mini-language: "{slot}" in a template writes an entity or a
// clinical detail through the builder, so templates read like the notes they produce.
import type { Faker } from "@faker-js/faker";
import type { Label } from "../../contract/index.js";
import { formatting, type NoteBuilder, type Part } from "../builder.js";
import { ageInYears, daysBetween, type CalendarDate } from "../calendar.js";
import type { ClinicalPool, HardNegatives } from "../clinical.js";
import {
  pickNameForm,
  renderAddressPlace,
  renderAge,
  renderCaregiverName,
  renderDate,
  renderName,
  splitParts,
  upperParts,
  withTime,
  type DateOrder,
  type DateStyle,
  type PersonName,
} from "../entities.js";
import { FR, type Lang } from "../lang.js";
import type { Prng } from "../prng.js";
import { emailParts, inventedPlace, makeOtherOrganisation, makePhone, renderAddress, urlParts } from "../regions.js";
import type { Caregiver, World } from "../world.js";

export type NoteType = "discharge" | "consultation" | "nursing" | "referral" | "lab" | "radiology";
export const NOTE_TYPES: readonly NoteType[] = ["discharge", "consultation", "nursing", "referral", "lab", "radiology"];

export type HeaderStyle = "upper" | "colon" | "markdown" | "underline" | "plain";
export type BulletStyle = "- " | "• " | "* " | "numbered" | "none";

export interface NoteCtx {
  b: NoteBuilder;
  prng: Prng;
  w: World;
  /** The note's main language (nl or en). */
  L: Lang;
  faker: Faker;
  date: CalendarDate;
  admission: CalendarDate;
  discharge: CalendarDate;
  pool: ClinicalPool;
  neg: HardNegatives;
  order: DateOrder;
  dateStyles: readonly (readonly [DateStyle, number])[];
  header: HeaderStyle;
  bullet: BulletStyle;
  /** Index into w.specialists of the note's author. */
  author: number;
  /** Caregivers named in this note (for metadata.caregivers). */
  mentioned: Set<PersonName>;
}

export type SlotWriter = (c: NoteCtx) => void;

// ---------------------------------------------------------------------------------------------------------------
// Entity helpers

function ent(c: NoteCtx, label: Label, parts: Part[]): void {
  c.b.entity(label, parts);
}

export function dateParts(c: NoteCtx, d: CalendarDate, opts: { partial?: boolean; time?: boolean; lang?: Lang } = {}): Part[] {
  const lang = opts.lang ?? c.L;
  let style: DateStyle = c.prng.weighted(c.dateStyles);
  if (opts.partial) style = c.prng.weighted<DateStyle>([["month_year", 3], ["year_only", 2], ["day_month_textual", 1], ["day_month_numeric", 1], [style, 2]]);
  if (lang.id === "fr" && !["numeric_slash_long", "numeric_slash_short", "textual_full", "month_year", "year_only"].includes(style)) style = "textual_full";
  let parts = renderDate(d, style, lang, c.order, c.prng.chance(0.04));
  if (opts.time) parts = withTime(parts, c.prng.int(7, 22), c.prng.int(0, 59), c.prng.pick([" ", " om ", ", "].filter((s) => c.L.id === "nl" || s !== " om ")));
  return parts;
}

export function writeDate(c: NoteCtx, d: CalendarDate, opts: { partial?: boolean; time?: boolean; lang?: Lang } = {}): void {
  ent(c, "Date", dateParts(c, d, opts));
}

export function writeCaregiver(c: NoteCtx, cg: PersonName, withTitle: boolean): void {
  c.mentioned.add(cg);
  ent(c, "Name:Caregiver", renderCaregiverName(c.prng, cg, c.w.french && c.prng.chance(0.3) ? FR : c.L, withTitle));
}

function patientParts(c: NoteCtx): Part[] {
  const parts = renderName(c.w.patient, pickNameForm(c.prng, false));
  return c.prng.chance(0.05) ? upperParts(parts) : parts;
}

function author(c: NoteCtx): Caregiver {
  return c.w.specialists[c.author % c.w.specialists.length];
}

function otherSpecialist(c: NoteCtx): Caregiver {
  return c.w.specialists[(c.author + 1) % c.w.specialists.length];
}

function relative(c: NoteCtx): World["patient"]["relatives"][number] {
  return c.prng.pick(c.w.patient.relatives);
}

function pastDate(c: NoteCtx): CalendarDate {
  const back = c.prng.int(30, 365 * 12);
  const d = { ...c.date };
  return { year: d.year - Math.floor(back / 365), month: c.prng.int(1, 12), day: c.prng.int(1, 28) };
}

function futureDate(c: NoteCtx): CalendarDate {
  const { year, month } = c.date;
  const m = month + c.prng.int(1, 6);
  return { year: year + Math.floor((m - 1) / 12), month: ((m - 1) % 12) + 1, day: c.prng.int(1, 28) };
}

function finding(c: NoteCtx, kind: "numeric_findings" | "vitals"): string {
  const x = c.prng.pick(c.pool[kind]);
  const unit = x.unit ? (x.unit.startsWith("/") || x.unit === "%" || x.unit === "°C" ? x.unit : ` ${x.unit}`) : "";
  return `${x.name} ${x.value}${unit}`;
}

const emailLocal = (p: PersonName, c: NoteCtx): Part[] => {
  const given = splitParts(p.given[0].toLowerCase(), "given");
  const family = splitParts(p.family.toLowerCase().replace(/[\s']/g, ""), "family");
  return c.prng.weighted<Part[]>([
    [[...given, formatting("."), ...family], 3],
    [[...splitParts(p.given[0][0].toLowerCase(), "initials"), ...family], 1],
    [[...family, formatting("_"), ...given], 1],
  ]);
};

// ---------------------------------------------------------------------------------------------------------------
// The slots

export const SLOTS: Record<string, SlotWriter> = {
  // Patient
  pt: (c) => ent(c, "Name:Patient", patientParts(c)),
  ptFull: (c) => ent(c, "Name:Patient", renderName(c.w.patient, c.prng.pick(["given_family", "FAMILY_given", "family_given", "all_given_family"] as const))),
  ptFamily: (c) => ent(c, "Name:Patient", renderName(c.w.patient, "family")),
  ptGiven: (c) => ent(c, "Name:Patient", renderName(c.w.patient, "given")),
  ptTitle: (c) => c.b.text(c.prng.pick((c.w.french && c.prng.chance(0.5) ? FR : c.L).patientTitles[c.w.patient.sex])),
  dob: (c) => ent(c, "Age_Birthdate", dateParts(c, c.w.patient.birth)),
  age: (c) => {
    const days = daysBetween(c.w.patient.birth, c.date);
    const years = ageInYears(c.w.patient.birth, c.date);
    if (years >= 2) ent(c, "Age_Birthdate", renderAge(c.prng, years, "year", c.L));
    else if (days >= 60) ent(c, "Age_Birthdate", renderAge(c.prng, Math.floor(days / 30.44), "month", c.L));
    else ent(c, "Age_Birthdate", renderAge(c.prng, Math.max(1, Math.floor(days / 7)), "week", c.L));
  },
  ptAddr: (c) => ent(c, "Address_Location:Patient", renderAddress(c.prng, c.w.patient.address, c.w.region, { withCountry: c.prng.chance(0.1) })),
  ptAddrWrap: (c) => ent(c, "Address_Location:Patient", renderAddress(c.prng, c.w.patient.address, c.w.region, { wrap: true })),
  ptCity: (c) => ent(c, "Address_Location:Patient", renderAddressPlace(c.w.patient.address.municipality)),
  ptStreet: (c) => ent(c, "Address_Location:Patient", splitParts(c.w.patient.address.street, "street")),
  ptPhone: (c) => ent(c, "Contactdetails", splitParts(c.w.patient.phone, "public_phone")),
  ptMobile: (c) => ent(c, "Contactdetails", splitParts(c.w.patient.mobile, "public_phone")),
  ptEmail: (c) => ent(c, "Contactdetails", emailParts(emailLocal(c.w.patient, c), c.w.patient.emailDomain)),
  mrn: (c) => ent(c, "ID:Patient", splitParts(c.w.patient.mrn, "internal_id")),
  nid: (c) => ent(c, "ID:Patient", splitParts(c.w.patient.nationalId, "public_id")),
  plate: (c) => ent(c, "Anonymize_Other", splitParts(c.w.patient.plate, "additional_info")),
  serial: (c) => ent(c, "Anonymize_Other", splitParts(c.w.patient.device, "additional_info")),
  job: (c) => {
    const lang = c.w.french && c.prng.chance(0.4) ? FR : c.L;
    const r = c.prng.next();
    if (r < 0.6) ent(c, "Profession", splitParts(c.prng.pick(lang.professions), "profession"));
    else if (r < 0.85) ent(c, "Profession", [...splitParts(c.prng.pick(lang.employmentStates), "employment_state"), formatting(" "), ...splitParts(c.prng.pick(lang.professions), "profession")]);
    else ent(c, "Profession", splitParts(c.prng.pick(lang.employmentStates), "employment_state"));
  },
  hobby: (c) => ent(c, "Profession", splitParts(c.prng.pick(c.L.hobbies), "hobby")),
  employer: (c) => {
    c.faker.seed(c.prng.nextUint32());
    ent(c, "Organization:Other", makeOtherOrganisation(c.prng, c.w.region, c.faker.company.name()));
  },
  rel: (c) => {
    const r = relative(c);
    c.b.text(`${r.relation} `);
    ent(c, "Name:Other", renderName(r, c.prng.pick(["given", "given_family", "given", "family_given"] as const)));
  },
  relName: (c) => ent(c, "Name:Other", renderName(relative(c), c.prng.pick(["given", "given_family"] as const))),
  relPhone: (c) => ent(c, "Contactdetails", splitParts(makePhone(c.prng, c.w.region, true), "public_phone")),

  // Caregivers
  dr: (c) => writeCaregiver(c, author(c), true),
  drPlain: (c) => writeCaregiver(c, author(c), false),
  dr2: (c) => writeCaregiver(c, otherSpecialist(c), c.prng.chance(0.8)),
  gp: (c) => writeCaregiver(c, c.w.gp, c.prng.chance(0.75)),
  nurse: (c) => {
    const n = c.prng.pick(c.w.nurses);
    c.mentioned.add(n);
    ent(c, "Name:Caregiver", renderName(n, c.prng.pick(["given", "given_family", "initial_family"] as const)));
  },
  drId: (c) => ent(c, "ID:Caregiver", splitParts(author(c).licence, "public_id")),
  gpId: (c) => ent(c, "ID:Caregiver", splitParts(c.w.gp.licence, "public_id")),
  drEmail: (c) => ent(c, "Contactdetails", emailParts(emailLocal(author(c), c), c.w.hospital.domain)),
  gpPractice: (c) => ent(c, "Organization:Healthcare", c.w.gpPractice.parts),
  gpAddr: (c) => ent(c, "Address_Location:Caregiver", renderAddress(c.prng, c.w.gpAddress, c.w.region)),
  gpAddrWrap: (c) => ent(c, "Address_Location:Caregiver", renderAddress(c.prng, c.w.gpAddress, c.w.region, { wrap: true })),
  gpPhone: (c) => ent(c, "Contactdetails", splitParts(c.w.gpPhone, "public_phone")),

  // Institutions
  hosp: (c) => ent(c, "Organization:Healthcare", c.w.hospital.parts),
  hosp2: (c) => ent(c, "Organization:Healthcare", c.w.otherHospital.parts),
  hospAddr: (c) => ent(c, "Address_Location:Caregiver", renderAddress(c.prng, c.w.hospitalAddress, c.w.region)),
  hospAddrWrap: (c) => ent(c, "Address_Location:Caregiver", renderAddress(c.prng, c.w.hospitalAddress, c.w.region, { wrap: true })),
  hospPhone: (c) => ent(c, "Contactdetails", splitParts(c.w.hospitalPhone, "public_phone")),
  hospFax: (c) => ent(c, "Contactdetails", splitParts(c.w.hospitalFax, "fax_number")),
  hospUrl: (c) => ent(c, "Contactdetails", urlParts(c.prng, c.w.hospital.domain)),
  intPhone: (c) => ent(c, "Contactdetails", [{ text: String(c.prng.int(1000, 9999)), category: "internal_phone" }]),
  place: (c) => {
    const country = c.prng.chance(0.5);
    ent(c, "Address_Location:Other", country ? splitParts(c.prng.pick(c.L.countries), "country") : renderAddressPlace(inventedPlace(c.prng, c.w.region)));
  },

  // Dates
  docDate: (c) => writeDate(c, c.date),
  admDate: (c) => writeDate(c, c.admission),
  disDate: (c) => writeDate(c, c.discharge),
  admDateTime: (c) => writeDate(c, c.admission, { time: true }),
  pastDate: (c) => writeDate(c, pastDate(c), { partial: c.prng.chance(0.6) }),
  futDate: (c) => writeDate(c, futureDate(c)),
  frDate: (c) => writeDate(c, c.date, { lang: FR }),

  // Clinical details and hard negatives (never annotated)
  lab: (c) => c.b.text(finding(c, "numeric_findings")),
  vital: (c) => c.b.text(finding(c, "vitals")),
  comorb: (c) => c.b.text(c.prng.pick(c.pool.comorbidities)),
  proc: (c) => {
    const p = c.prng.pick(c.pool.procedure_snippets);
    c.b.text(`${p.procedure}: ${p.snippet}`);
  },
  phrase: (c) => c.b.text(c.prng.pick(c.pool.clinical_phrases)),
  timeframe: (c) => c.b.text(c.prng.pick(c.pool.timeframes)),
  severity: (c) => c.b.text(c.prng.pick(c.pool.severity)),
  medorder: (c) => c.b.text(c.prng.pick(c.pool.medication_orders)),
  abbr: (c) => {
    const a = c.prng.pick(c.pool.abbreviations);
    c.b.text(c.prng.chance(0.5) ? a.abbreviation : `${a.abbreviation} (${a.expanded})`);
  },
  drug: (c) => c.b.text(c.prng.pick(c.neg.drugs)),
  eponym: (c) => c.b.text(c.prng.pick(c.neg.eponyms)),
  score: (c) => c.b.text(c.prng.pick(c.neg.scores)),
  device: (c) => c.b.text(c.prng.pick(c.neg.devices)),
  code: (c) => c.b.text(c.prng.pick(c.neg.codes)),
  specialty: (c) => c.b.text(author(c).specialty),
  nurseWard: (c) => c.b.text(String(c.prng.int(1, 9)) + c.prng.pick(["", "A", "B", "C"])),
};

type Piece = string | SlotWriter;
const TEMPLATE_CACHE = new Map<string, Piece[]>();

function compile(template: string): Piece[] {
  const pieces: Piece[] = [];
  let last = 0;
  for (const m of template.matchAll(/\{(\w+)\}/g)) {
    const i = m.index ?? 0;
    if (i > last) pieces.push(template.slice(last, i));
    const slot = SLOTS[m[1]];
    if (!slot) throw new Error(`unknown template slot "${m[1]}"`);
    pieces.push(slot);
    last = i + m[0].length;
  }
  if (last < template.length) pieces.push(template.slice(last));
  return pieces;
}

/** Writes a template: literal text as is, each {slot} through its writer. */
export function say(c: NoteCtx, template: string): void {
  let pieces = TEMPLATE_CACHE.get(template);
  if (!pieces) {
    pieces = compile(template);
    TEMPLATE_CACHE.set(template, pieces);
  }
  for (const p of pieces) {
    if (typeof p === "string") c.b.text(p);
    else p(c);
  }
}

export function sayOne(c: NoteCtx, templates: readonly string[]): void {
  say(c, c.prng.pick(templates));
}

/** Says k distinct templates from the list, each followed by the separator. */
export function saySome(c: NoteCtx, templates: readonly string[], min: number, max: number, sep = " "): void {
  const chosen = c.prng.sample(templates, c.prng.int(min, max));
  chosen.forEach((t, i) => {
    if (i > 0) c.b.text(sep);
    say(c, t);
  });
}

export function header(c: NoteCtx, title: string): void {
  switch (c.header) {
    case "upper":
      c.b.text(`${title.toUpperCase()}\n`);
      break;
    case "colon":
      c.b.text(`${title}:\n`);
      break;
    case "markdown":
      c.b.text(`## ${title}\n`);
      break;
    case "underline":
      c.b.text(`${title}\n${"-".repeat(title.length)}\n`);
      break;
    case "plain":
      c.b.text(`${title}\n`);
      break;
  }
}

export function list(c: NoteCtx, items: readonly string[]): void {
  items.forEach((t, i) => {
    const bullet = c.bullet === "numbered" ? `${i + 1}${c.prng.chance(0.5) ? "." : ")"} ` : c.bullet === "none" ? "" : c.bullet;
    c.b.text(bullet);
    say(c, t);
    c.b.text("\n");
  });
}

export function blank(c: NoteCtx): void {
  c.b.text("\n");
}
