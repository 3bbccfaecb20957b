// The corpus generator: seeded patients, each with one to three notes of varied types and layouts.
import type { Faker } from "@faker-js/faker";
import type { Document, DocumentMetadata } from "../contract/index.js";
import { NoteBuilder } from "./builder.js";
import { addDays, isoDate, type CalendarDate } from "./calendar.js";
import { HARD_NEGATIVES, pickPool } from "./clinical.js";
import type { DateOrder, DateStyle, PersonName } from "./entities.js";
import { deriveSeed, Prng } from "./prng.js";
import { NOTE_TYPES, type BulletStyle, type HeaderStyle, type NoteCtx, type NoteType } from "./notes/context.js";
import { ENGLISH_NOTES } from "./notes/en.js";
import { DUTCH_NOTES } from "./notes/nl.js";
import { makeFaker, type NameSource } from "./sources.js";
import { makeWorld, type ProfileId, type World } from "./world.js";

export const GENERATOR_VERSION = "deidstack-synth/1";

export interface SynthOptions {
  profile: ProfileId;
  /** Number of notes. */
  n: number;
  seed: number;
  /** Note types to draw from (default: all six). */
  noteTypes?: readonly NoteType[];
  /** Where names come from (default "faker"); "invented" gives a name source disjoint from faker's lists. */
  nameSource?: NameSource;
  /** Probability that a note uses CRLF line ends (default 0.1). */
  crlfRate?: number;
}

const DATE_STYLES: Record<ProfileId, readonly (readonly [DateStyle, number])[]> = {
  "nl-BE": [
    ["numeric_slash_long", 6], ["numeric_slash_short", 2], ["numeric_dash_long", 2], ["numeric_dash_short", 1], ["numeric_dot_long", 2],
    ["textual_full", 3], ["textual_abbr_dot", 2], ["textual_hyphen", 1], ["weekday_numeric", 1], ["weekday_textual", 1], ["iso", 1],
  ],
  "en-US": [["numeric_slash_long", 6], ["numeric_slash_short", 2], ["numeric_dash_long", 1], ["us_textual", 4], ["iso", 1], ["textual_abbr_dot", 1]],
  "en-GB": [["numeric_slash_long", 6], ["textual_full", 4], ["ordinal_textual", 2], ["textual_abbr_dot", 1], ["numeric_dot_long", 1], ["weekday_textual", 1], ["iso", 1]],
};

const fakers = new Map<ProfileId, Faker>();
function fakerFor(profile: ProfileId): Faker {
  let f = fakers.get(profile);
  if (!f) {
    f = makeFaker(profile);
    fakers.set(profile, f);
  }
  return f;
}

function anchorDate(prng: Prng): CalendarDate {
  return addDays({ year: 2015, month: 1, day: 1 }, prng.int(0, 4200));
}

function writeNote(world: World, prng: Prng, faker: Faker, type: NoteType, date: CalendarDate, crlfRate: number): { text: string; ctx: NoteCtx; spans: NonNullable<Document["spans"]> } {
  const b = new NoteBuilder(prng.chance(crlfRate) ? "\r\n" : "\n");
  const stay = prng.int(1, 14);
  const ctx: NoteCtx = {
    b,
    prng,
    w: world,
    L: world.lang,
    faker,
    date,
    admission: addDays(date, -stay - prng.int(0, 3)),
    discharge: addDays(date, -prng.int(0, 3)),
    pool: pickPool(prng, world.lang.id === "en"),
    neg: HARD_NEGATIVES[world.lang.id === "en" ? "en" : "nl"],
    order: (world.profile === "en-US" ? "mdy" : "dmy") as DateOrder,
    dateStyles: DATE_STYLES[world.profile],
    header: prng.weighted<HeaderStyle>([["upper", 3], ["colon", 3], ["markdown", 1], ["underline", 1], ["plain", 2]]),
    bullet: prng.weighted<BulletStyle>([["- ", 3], ["• ", 1], ["* ", 1], ["numbered", 2], ["none", 1]]),
    author: prng.int(0, 3),
    mentioned: new Set<PersonName>(),
  };
  (world.lang.id === "en" ? ENGLISH_NOTES : DUTCH_NOTES)[type](ctx);
  const built = b.build();
  return { text: built.text, ctx, spans: built.spans };
}

function metadataFor(world: World, ctx: NoteCtx, type: NoteType, source: NameSource): DocumentMetadata {
  const p = world.patient;
  return {
    lang: world.profile,
    document_creation_date: isoDate(ctx.date),
    patient: { given_name: p.given.join(" "), family_name: p.family, birth_date: isoDate(p.birth) },
    caregivers: [...ctx.mentioned].map((cg) => ({ given_name: cg.given.join(" "), family_name: cg.family })),
    known_values: [
      { value: p.mrn, label: "ID:Patient" },
      { value: p.nationalId, label: "ID:Patient" },
    ],
    note_type: type,
    name_source: source,
    generator: GENERATOR_VERSION,
  };
}

/** Generates notes lazily; the same options always give the same documents. */
export function* generateDocuments(opts: SynthOptions): Generator<Document> {
  const types = opts.noteTypes && opts.noteTypes.length > 0 ? opts.noteTypes : NOTE_TYPES;
  const source: NameSource = opts.nameSource ?? "faker";
  const crlfRate = opts.crlfRate ?? 0.1;
  const faker = fakerFor(opts.profile);
  const width = String(Math.max(opts.n - 1, 0)).length;
  let index = 0;
  for (let patientIndex = 0; index < opts.n; patientIndex++) {
    const prng = new Prng(deriveSeed("patient", opts.profile, opts.seed, source, patientIndex));
    let date = anchorDate(prng);
    const world = makeWorld(prng, faker, opts.profile, source, date);
    const notes = Math.min(prng.int(1, 3), opts.n - index);
    for (let k = 0; k < notes; k++, index++) {
      const type = prng.pick(types);
      const { text, ctx, spans } = writeNote(world, prng, faker, type, date, crlfRate);
      yield {
        document_id: `synth-${opts.profile}-${opts.seed}-${String(index).padStart(width, "0")}`,
        patient_id: `synth-${opts.profile}-${opts.seed}-p${patientIndex}`,
        text,
        spans,
        annotated: true,
        metadata: metadataFor(world, ctx, type, source),
      };
      date = addDays(date, prng.int(3, 200));
    }
  }
}

export function generateCorpus(opts: SynthOptions): Document[] {
  return [...generateDocuments(opts)];
}

export { NOTE_TYPES, type NoteType, type NameSource, type ProfileId };
export { Prng };
