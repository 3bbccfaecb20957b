// The six note types, written once: the parts of a note, their order and every random draw are the same in each
// language, so a corpus keeps its shape across languages (and a seed its notes); a language gives the wording.
import type { Finding } from "../clinical.js";
import { blank, header, list, say, sayOne, saySome, type NoteCtx, type NoteType } from "./context.js";

/** Two templates of which a note says one, each half of the time. */
export type Either = readonly [string, string];

/** What a language writes in the note skeleton: templates (with {slots}), headings and the parts it writes its own way. */
export interface NoteWording {
  history: readonly string[];
  exam: readonly string[];
  tech: readonly string[];
  conclusion: readonly string[];
  plan: readonly string[];
  social: readonly string[];
  letterhead: {
    /** The department line, written on 70% of letterheads. */
    department: (c: NoteCtx) => string;
    contact: readonly string[];
  };
  patientBlock: (c: NoteCtx) => void;
  salutation: (c: NoteCtx) => void;
  signature: {
    closings: (c: NoteCtx) => readonly string[];
    /** The author's role, written on 60% of signatures. */
    role: (c: NoteCtx) => string;
    /** The author's licence number, written on 60% of signatures. */
    licence: (c: NoteCtx) => string;
  };
  discharge: {
    addressee: string;
    dated: Either;
    /** Whether a discharge letter greets its reader on only 60% of letters (else always). */
    salutationSometimes: boolean;
    intro: readonly string[];
    pastHistory: readonly string[];
    headings: { history: string; pastHistory: string; social: string; exam: string; tech: string; diagnosis: string; meds: string; plan: string };
  };
  consultation: {
    title: (c: NoteCtx) => void;
    headings: { reason: string; social: string; exam: string; assessment: string; plan: string };
  };
  nursing: { titles: readonly string[]; patient: Either; items: readonly string[]; signed: Either };
  referral: {
    phone: Either;
    addressee: Either;
    dated: string;
    patient: readonly string[];
    intro: readonly string[];
    medsHeading: string;
    closings: readonly string[];
    /** Written after the referring doctor's name on half of the letters, where a language has one. */
    gpId?: string;
  };
  lab: {
    titles: readonly string[];
    patient: string;
    requester: string;
    collected: string;
    columns: readonly string[];
    /** The last column of a result row. */
    lastColumn: (c: NoteCtx, row: Finding) => string;
    comments: readonly string[];
    validated: Either;
  };
  radiology: {
    titles: readonly string[];
    examLabel: string;
    modalities: readonly string[];
    examDate: string;
    requester: Either;
    patient: Either;
    headings: { indication: string; findings: string; conclusion: string };
    indications: readonly string[];
    findings: readonly string[];
    signed: Either;
  };
}

/** Medication list items: the drugs and orders come from the clinical pools, in the note's language. */
const MEDS = ["{drug}", "{drug}", "{drug} ({medorder})", "{drug}, {medorder}"];

function either(c: NoteCtx, [first, second]: Either): string {
  return c.prng.chance(0.5) ? first : second;
}

/** A headed paragraph: the heading, what `write` says, a blank line. */
function section(c: NoteCtx, title: string, write: () => void): void {
  header(c, title);
  write();
  c.b.text("\n\n");
}

function letterhead(c: NoteCtx, W: NoteWording): void {
  say(c, "{hosp}\n");
  if (c.prng.chance(0.7)) say(c, W.letterhead.department(c));
  say(c, c.prng.chance(0.6) ? "{hospAddrWrap}\n" : "{hospAddr}\n");
  sayOne(c, W.letterhead.contact);
  blank(c);
}

function signature(c: NoteCtx, W: NoteWording): void {
  blank(c);
  c.b.text(c.prng.pick(W.signature.closings(c)));
  say(c, "{dr}\n");
  if (c.prng.chance(0.6)) say(c, W.signature.role(c));
  if (c.prng.chance(0.6)) say(c, W.signature.licence(c));
  if (c.prng.chance(0.3)) say(c, "{drEmail}\n");
  if (c.prng.chance(0.4)) say(c, "cc: {gp}" + (c.prng.chance(0.5) ? ", {gpPractice}\n" : "\n"));
}

function discharge(c: NoteCtx, W: NoteWording): void {
  const D = W.discharge;
  letterhead(c, W);
  if (c.prng.chance(0.6)) say(c, D.addressee);
  say(c, either(c, D.dated));
  W.patientBlock(c);
  if (!D.salutationSometimes || c.prng.chance(0.6)) W.salutation(c);
  sayOne(c, D.intro);
  c.b.text("\n\n");
  section(c, D.headings.history, () => saySome(c, W.history, 2, 4));
  header(c, D.headings.pastHistory);
  list(c, c.prng.sample(D.pastHistory, c.prng.int(2, 4)));
  blank(c);
  if (c.prng.chance(0.6)) section(c, D.headings.social, () => saySome(c, W.social, 1, 3));
  section(c, D.headings.exam, () => saySome(c, W.exam, 1, 3));
  section(c, D.headings.tech, () => saySome(c, W.tech, 1, 3, "\n"));
  section(c, D.headings.diagnosis, () => sayOne(c, W.conclusion));
  header(c, D.headings.meds);
  list(c, c.prng.sample(MEDS, c.prng.int(2, 4)));
  blank(c);
  header(c, D.headings.plan);
  saySome(c, W.plan, 1, 3, "\n");
  c.b.text("\n");
  signature(c, W);
}

function consultation(c: NoteCtx, W: NoteWording): void {
  const H = W.consultation.headings;
  if (c.prng.chance(0.5)) letterhead(c, W);
  W.consultation.title(c);
  W.patientBlock(c);
  const soap = c.prng.chance(0.4);
  section(c, soap ? "S" : H.reason, () => saySome(c, W.history, 1, 3));
  if (c.prng.chance(0.5)) section(c, H.social, () => saySome(c, W.social, 1, 3));
  section(c, soap ? "O" : H.exam, () => {
    saySome(c, W.exam, 1, 2);
    c.b.text(" ");
    saySome(c, W.tech, 0, 2);
  });
  section(c, soap ? "A" : H.assessment, () => sayOne(c, W.conclusion));
  header(c, soap ? "P" : H.plan);
  saySome(c, W.plan, 1, 2, "\n");
  c.b.text("\n");
  if (c.prng.chance(0.6)) signature(c, W);
}

function nursing(c: NoteCtx, W: NoteWording): void {
  const N = W.nursing;
  sayOne(c, N.titles);
  say(c, either(c, N.patient));
  list(c, c.prng.sample(N.items, c.prng.int(3, 7)));
  blank(c);
  if (c.prng.chance(0.5)) say(c, either(c, N.signed));
}

function referral(c: NoteCtx, W: NoteWording): void {
  const R = W.referral;
  say(c, "{gpPractice}\n");
  say(c, c.prng.chance(0.6) ? "{gpAddrWrap}\n" : "{gpAddr}\n");
  say(c, either(c, R.phone));
  say(c, either(c, R.addressee));
  say(c, R.dated);
  sayOne(c, R.patient);
  W.salutation(c);
  sayOne(c, R.intro);
  c.b.text(" ");
  saySome(c, W.history, 1, 3);
  c.b.text("\n\n");
  header(c, R.medsHeading);
  list(c, c.prng.sample(MEDS, c.prng.int(1, 4)));
  blank(c);
  if (c.prng.chance(0.5)) {
    saySome(c, W.social, 1, 2);
    c.b.text("\n\n");
  }
  c.b.text(c.prng.pick(R.closings));
  blank(c);
  say(c, "{gp}\n");
  if (R.gpId !== undefined && c.prng.chance(0.5)) say(c, R.gpId);
}

function lab(c: NoteCtx, W: NoteWording): void {
  const L = W.lab;
  sayOne(c, L.titles);
  if (c.prng.chance(0.5)) say(c, "{hospAddr} - tel {hospPhone}\n");
  blank(c);
  say(c, L.patient);
  say(c, L.requester);
  say(c, L.collected);
  const sep = c.prng.pick([" | ", "\t", "   "]);
  c.b.text(L.columns.join(sep) + "\n");
  const rows = c.prng.sample([...c.pool.numeric_findings, ...c.pool.vitals.filter((v) => /\d/.test(v.value))], c.prng.int(3, 7));
  for (const r of rows) c.b.text([r.name, r.value, r.unit || "-", L.lastColumn(c, r)].join(sep) + "\n");
  blank(c);
  sayOne(c, L.comments);
  if (c.prng.chance(0.7)) say(c, either(c, L.validated));
}

function radiology(c: NoteCtx, W: NoteWording): void {
  const R = W.radiology;
  sayOne(c, R.titles);
  c.b.text(`${R.examLabel}: ${c.prng.pick(R.modalities)}\n`);
  say(c, R.examDate);
  say(c, either(c, R.requester));
  say(c, either(c, R.patient));
  section(c, R.headings.indication, () => sayOne(c, R.indications));
  section(c, R.headings.findings, () => saySome(c, R.findings, 2, 4));
  section(c, R.headings.conclusion, () => sayOne(c, W.conclusion));
  say(c, either(c, R.signed));
}

/** The note writers of a language, given the wording of a note's world. */
export function notesIn(wordingOf: (c: NoteCtx) => NoteWording): Record<NoteType, (c: NoteCtx) => void> {
  const inWording = (skeleton: (c: NoteCtx, W: NoteWording) => void) => (c: NoteCtx) => skeleton(c, wordingOf(c));
  return {
    discharge: inWording(discharge),
    consultation: inWording(consultation),
    nursing: inWording(nursing),
    referral: inWording(referral),
    lab: inWording(lab),
    radiology: inWording(radiology),
  };
}
