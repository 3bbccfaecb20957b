// Training windows from a mixture, so that a model learns what ordinary text looks like and not only what the
// generator writes (see models/*/MODEL_CARD.md, "Why the first models over-redacted"):
//   notes     generated notes, each its own text (never joined), half of them cut at a random line so that a text
//             does not always open with a letterhead
//   prose     runs of 1–5 ordinary sentences (training/build-prose.ts), no PII
//   inserted  the same sentences with 1–3 identifiers of generated notes inserted with a cue or bare
//   short     single words (dictionary, function and question words, capitalised and upper-case forms), fragments of
//             2–8 words, a lone identifier (a name, a town, a phone number), one-line queries
//   negatives hard negatives alone and inside prose: eponyms, drugs and doses, lab values with units, scores,
//             devices, medical terms, capitalised clinical words
//   dev       (--dev, optional) hand-written development documents with their gold spans (eval-sets/*/dev/*.jsonl,
//             never test sets), each repeated --dev-repeat times (later copies a random run of the document's lines);
//             the caller chooses and reports what it holds out
//   mined     (--mined, optional) sentences of ordinary prose that a model flagged (training/mine-negatives.ts), each
//             once as a negative and once with 1–2 identifiers inserted, so the model unlearns exactly its own false
//             positives on text nobody here wrote without learning that such sentences never hold an identifier
// Tokenised by the plugin's own tokenizer code, windows as at inference (planWindows), written like prepare-data.ts.
//
// Usage: node --import tsx training/prepare-mixed.ts --lang nl --tokenizer <tokenizer.json> --prose training/data/prose/nl.txt,training/data/prose/fr.txt \
//          --notes 9000 --out training/data/nl-mixed [--shared ../shared]
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { loadJsonlDocuments, MODEL_LABELS, type Document, type Label, type Span } from "../src/contract/index.js";
import { generateDocuments, NOTE_TYPES, Prng, type NoteType, type ProfileId } from "../src/synth/index.js";
import { dutchClinicalPools, ENGLISH_POOLS, HARD_NEGATIVES, type ClinicalPool } from "../src/synth/index.js";
import { tokenLabels } from "../plugins/meddeid-onnx/token-labels.js";
import { TextTokenizer } from "../plugins/meddeid-onnx/tokenizer.js";
import { planWindows } from "../plugins/meddeid-onnx/windows.js";

type Lang = "nl" | "en";

interface Example {
  text: string;
  spans: Span[];
  kind: string;
}

interface Entity {
  text: string;
  label: Label;
}

/** Cue words before an inserted identifier, by category, and the label the cue implies. */
const CUES: Record<Lang, Record<string, { cue: string; label?: Label }[]>> = {
  nl: {
    Name: [{ cue: "dr." , label: "Name:Caregiver" }, { cue: "Dr", label: "Name:Caregiver" }, { cue: "collega", label: "Name:Caregiver" }, { cue: "dhr.", label: "Name:Patient" }, { cue: "mevrouw", label: "Name:Patient" }, { cue: "patiënt", label: "Name:Patient" }, { cue: "volgens" }, { cue: "met" }, { cue: "door" }, { cue: "bij" }, { cue: "zijn dochter", label: "Name:Other" }, { cue: "echtgenote", label: "Name:Other" }, { cue: "" }],
    Address_Location: [{ cue: "in" }, { cue: "te" }, { cue: "uit" }, { cue: "wonend te", label: "Address_Location:Patient" }, { cue: "adres:", label: "Address_Location:Patient" }, { cue: "" }],
    Organization: [{ cue: "in" }, { cue: "bij" }, { cue: "naar" }, { cue: "vanuit" }, { cue: "opgenomen in" }, { cue: "" }],
    Date: [{ cue: "op" }, { cue: "sinds" }, { cue: "d.d." }, { cue: "datum:" }, { cue: "vanaf" }, { cue: "" }],
    Age_Birthdate: [{ cue: "" }, { cue: "patiënt van" }, { cue: "geboren op" }, { cue: "°" }],
    Contactdetails: [{ cue: "tel." }, { cue: "via" }, { cue: "bereikbaar op" }, { cue: "e-mail:" }, { cue: "" }],
    ID: [{ cue: "dossiernummer" }, { cue: "INSZ" }, { cue: "patiëntnummer" }, { cue: "nr." }, { cue: "" }],
    Profession: [{ cue: "werkt als" }, { cue: "van beroep" }, { cue: "gepensioneerd" }],
  },
  en: {
    Name: [{ cue: "Dr.", label: "Name:Caregiver" }, { cue: "Dr", label: "Name:Caregiver" }, { cue: "seen by", label: "Name:Caregiver" }, { cue: "Mr.", label: "Name:Patient" }, { cue: "Mrs", label: "Name:Patient" }, { cue: "patient", label: "Name:Patient" }, { cue: "pt", label: "Name:Patient" }, { cue: "with" }, { cue: "per" }, { cue: "for" }, { cue: "her son", label: "Name:Other" }, { cue: "wife", label: "Name:Other" }, { cue: "" }],
    Address_Location: [{ cue: "in" }, { cue: "from" }, { cue: "near" }, { cue: "lives in", label: "Address_Location:Patient" }, { cue: "address:", label: "Address_Location:Patient" }, { cue: "" }],
    Organization: [{ cue: "at" }, { cue: "to" }, { cue: "from" }, { cue: "admitted to" }, { cue: "transferred from" }, { cue: "" }],
    Date: [{ cue: "on" }, { cue: "since" }, { cue: "dated" }, { cue: "date:" }, { cue: "from" }, { cue: "" }],
    Age_Birthdate: [{ cue: "" }, { cue: "aged" }, { cue: "DOB" }, { cue: "born" }],
    Contactdetails: [{ cue: "call" }, { cue: "tel" }, { cue: "phone:" }, { cue: "email" }, { cue: "" }],
    ID: [{ cue: "MRN" }, { cue: "SSN" }, { cue: "member ID" }, { cue: "acct" }, { cue: "#" }, { cue: "" }],
    Profession: [{ cue: "works as a" }, { cue: "retired" }, { cue: "occupation:" }],
  },
};

const QUESTION_WORDS: Record<Lang, string[]> = {
  nl: ["wat", "wie", "waar", "wanneer", "waarom", "hoe", "welke", "hoeveel", "is er", "heeft", "kan", "moet", "graag", "zie", "controle", "laatste", "vorige", "nieuwe"],
  en: ["what", "who", "where", "when", "why", "how", "which", "how many", "is there", "has", "can", "should", "please", "see", "check", "latest", "last", "previous", "new", "any"],
};

function readLines(path: string): string[] {
  return readFileSync(path, "utf8").split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
}

const categoryOf = (label: string) => label.split(":")[0];

class Mixer {
  readonly examples: Example[] = [];
  constructor(
    readonly prng: Prng,
    readonly lang: Lang,
    readonly prose: string[],
    readonly entities: Map<string, Entity[]>,
    readonly negatives: string[],
    readonly words: string[],
  ) {}

  pick<T>(xs: readonly T[]): T {
    return this.prng.pick(xs);
  }

  entity(): Entity {
    const cats = [...this.entities.keys()];
    // Names, places, organisations and dates are the categories that meet ordinary words most.
    const weights: Record<string, number> = { Name: 4, Address_Location: 2, Organization: 2, Date: 2, Age_Birthdate: 1, Contactdetails: 1, ID: 1, Profession: 0.5 };
    const total = cats.reduce((a, c) => a + (weights[c] ?? 1), 0);
    let r = this.prng.next() * total;
    for (const c of cats) {
      r -= weights[c] ?? 1;
      if (r <= 0) return this.pick(this.entities.get(c)!);
    }
    return this.pick(this.entities.get(cats[0])!);
  }

  proseRun(min: number, max: number): string {
    const n = this.prng.int(min, max);
    const start = this.prng.int(0, Math.max(0, this.prose.length - n));
    return this.prose.slice(start, start + n).join(" ");
  }

  /** Inserts " cue entity" at a word boundary of `text`; returns the new text and span. */
  insert(text: string, spans: Span[], e: Entity): { text: string; spans: Span[] } {
    const bounds = [0];
    for (const m of text.matchAll(/ /g)) bounds.push(m.index!);
    bounds.push(text.length);
    // never inside an existing span
    const free = bounds.filter((b) => !spans.some((s) => b > s.start && b < s.end));
    const at = this.pick(free);
    const cues = CUES[this.lang][categoryOf(e.label)] ?? [{ cue: "" }];
    const c = this.pick(cues);
    const label = c.label && categoryOf(c.label) === categoryOf(e.label) ? c.label : e.label;
    const before = text.slice(0, at);
    const after = text.slice(at);
    const lead = before.length ? `${before} ${c.cue ? c.cue + " " : ""}` : c.cue ? `${c.cue[0].toUpperCase()}${c.cue.slice(1)} ` : "";
    const start = lead.length;
    const inserted = `${lead}${e.text}${after.length && !after.startsWith(" ") ? " " : ""}${after}`;
    const shift = inserted.length - text.length;
    const moved = spans.map((s) => (s.start >= at ? { ...s, start: s.start + shift, end: s.end + shift } : s));
    return { text: inserted, spans: [...moved, { start, end: start + e.text.length, label }].sort((a, b) => a.start - b.start) };
  }

  /** Inserts plain text (a hard negative) at a word boundary outside every span. */
  insertPlain(text: string, spans: Span[], phrase: string): { text: string; spans: Span[] } {
    const bounds = [0, ...[...text.matchAll(/ /g)].map((x) => x.index!), text.length].filter((b) => !spans.some((s) => b > s.start && b < s.end));
    const at = this.pick(bounds);
    const piece = at === 0 ? `${phrase} ` : ` ${phrase}`;
    const shift = piece.length;
    return {
      text: text.slice(0, at) + piece + text.slice(at),
      spans: spans.map((s) => (s.start >= at ? { ...s, start: s.start + shift, end: s.end + shift } : s)),
    };
  }

  add(kind: string, text: string, spans: Span[] = []): void {
    this.examples.push({ kind, text, spans });
  }

  /** A word as it may stand in a note: lower case, capitalised or upper case. */
  casing(w: string): string {
    const r = this.prng.next();
    if (r < 0.55) return w;
    if (r < 0.9) return w[0].toUpperCase() + w.slice(1);
    return w.toUpperCase();
  }
}

/** A random run of whole lines of `text` (at least one), with the spans inside it; line breaks inside a span are not
 * cut points. A text of one or two lines comes back whole. */
export function lineRun(text: string, spans: readonly Span[], prng: Prng): { text: string; spans: Span[] } {
  const cuts = [0, ...[...text.matchAll(/\n/g)].map((x) => x.index! + 1).filter((i) => !spans.some((s) => i > s.start && i < s.end)), text.length + 1];
  if (cuts.length < 4) return { text, spans: [...spans] };
  const a = prng.int(0, cuts.length - 3);
  const b = prng.int(a + 1, cuts.length - 1);
  const start = cuts[a];
  const end = Math.min(text.length, cuts[b] - 1);
  return {
    text: text.slice(start, end),
    spans: spans.filter((s) => s.start >= start && s.end <= end).map((s) => ({ ...s, start: s.start - start, end: s.end - start })),
  };
}

function clinicalNegatives(lang: Lang, shared: string): string[] {
  const pools: ClinicalPool[] = lang === "nl" ? dutchClinicalPools() : ENGLISH_POOLS;
  const out: string[] = [];
  for (const p of pools) {
    out.push(...p.timeframes, ...p.severity, ...p.comorbidities, ...p.medication_orders, ...p.clinical_phrases);
    for (const a of p.abbreviations) out.push(a.abbreviation, a.expanded);
    for (const f of [...p.numeric_findings, ...p.vitals]) out.push(`${f.name} ${f.value} ${f.unit}`.trim(), `${f.name} ${f.value}${f.unit ? " " + f.unit : ""} (${f.interpretation})`);
    for (const s of p.procedure_snippets) out.push(s.procedure, s.snippet);
  }
  const h = HARD_NEGATIVES[lang];
  out.push(...h.drugs, ...h.eponyms, ...h.scores, ...h.devices, ...h.codes);
  const wl = join(shared, "data/lookup", lang === "nl" ? "deduce-nl" : "deduce-nl", "whitelist");
  for (const f of ["lst_eponymous_disease/items.txt", "lst_eponymous_disease/lst_eponymous_single/items.txt"]) if (existsSync(join(wl, f))) out.push(...readLines(join(wl, f)));
  if (lang === "nl" && existsSync(join(wl, "lst_medical_term/items.txt"))) out.push(...readLines(join(wl, "lst_medical_term/items.txt")));
  return [...new Set(out.filter((s) => s.length > 1))];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      lang: { type: "string" },
      tokenizer: { type: "string" },
      prose: { type: "string" },
      notes: { type: "string", default: "9000" },
      seed: { type: "string", default: "1" },
      "max-length": { type: "string", default: "256" },
      overlap: { type: "string", default: "64" },
      shared: { type: "string", default: "../shared" },
      /** Caps on the mixture (defaults: the 2.x recipe's sizes). */
      "prose-share": { type: "string", default: "0.35" },
      short: { type: "string", default: "40000" },
      "prose-negatives": { type: "string", default: "15000" },
      /** Comma-separated development .jsonl files with gold spans (never test sets). */
      dev: { type: "string", default: "" },
      "dev-repeat": { type: "string", default: "1" },
      /** Comma-separated files of mined sentences, one a line (training/mine-negatives.ts); at most --mined-max. */
      mined: { type: "string", default: "" },
      "mined-max": { type: "string", default: "40000" },
      out: { type: "string" },
    },
  });
  const lang = values.lang as Lang;
  if (!["nl", "en"].includes(lang) || !values.tokenizer || !values.prose || !values.out) throw new Error("--lang nl|en, --tokenizer, --prose and --out are required");
  const prng = new Prng(Number(values.seed));
  const tokenizer = await TextTokenizer.fromFile(values.tokenizer);
  const profiles: ProfileId[] = lang === "nl" ? ["nl-BE"] : ["en-US", "en-GB"];
  const noteTypes = NOTE_TYPES.filter((t) => t !== "referral") as NoteType[];
  const nNotes = Number(values.notes);

  // Generated notes, and the identifiers in them as an entity pool.
  const notes: Document[] = [];
  for (const profile of profiles) notes.push(...generateDocuments({ profile, n: Math.ceil(nNotes / profiles.length), seed: Number(values.seed), noteTypes, nameSource: "faker" }));
  const entities = new Map<string, Entity[]>();
  for (const d of notes) {
    for (const s of d.spans ?? []) {
      const text = d.text.slice(s.start, s.end);
      if (text.includes("\n") || text.length > 60) continue;
      const cat = categoryOf(s.label);
      (entities.get(cat) ?? entities.set(cat, []).get(cat)!).push({ text, label: s.label });
    }
  }
  // Lone names from the name lists too (Belgian Statbel lists for Dutch), so names are not only faker's.
  if (lang === "nl") {
    for (const [f, label] of [["data/lookup/nl-BE/first_names.txt", "Name:Other"], ["data/lookup/nl-BE/family_names.txt", "Name:Other"], ["data/lookup/nl-BE/localities.txt", "Address_Location:Other"]] as const) {
      const p = join(values.shared, f);
      if (!existsSync(p)) continue;
      const list = readLines(p);
      const cat = categoryOf(label);
      for (let i = 0; i < 3000; i++) entities.get(cat)!.push({ text: prng.pick(list), label });
    }
  }

  const prose = values.prose.split(",").flatMap((p) => readLines(p));
  const negatives = clinicalNegatives(lang, values.shared);
  const dict = lang === "nl" ? ["/usr/share/dict/dutch", "/usr/share/dict/french"] : ["/usr/share/dict/american-english"];
  const words = dict.flatMap((f) => readLines(f).filter((w) => /^[\p{Ll}][\p{Ll}'-]{1,20}$/u.test(w)));
  const m = new Mixer(prng, lang, prose, entities, negatives, words);

  // notes: whole, or from a random line on
  for (const d of notes) {
    let text = d.text;
    let spans = d.spans ?? [];
    if (prng.chance(0.5)) {
      const lines = [...text.matchAll(/\n/g)].map((x) => x.index! + 1).filter((i) => !spans.some((s) => i > s.start && i < s.end));
      if (lines.length > 2) {
        const cut = prng.pick(lines.slice(1, -1));
        text = text.slice(cut);
        spans = spans.filter((s) => s.start >= cut).map((s) => ({ ...s, start: s.start - cut, end: s.end - cut }));
      }
    }
    m.add("notes", text, spans);
  }
  const devFiles = values.dev.split(",").filter(Boolean);
  for (const f of devFiles) {
    if (/(^|\/)test\//.test(f)) throw new Error(`--dev takes development sets only, not ${f}`);
    // A document with a label the model cannot output (Anonymize_Other) would teach O for it: left out.
    const docs = (await loadJsonlDocuments(f)).filter((d) => (d.spans ?? []).every((sp) => (MODEL_LABELS as readonly string[]).includes(sp.label)));
    // The first copy whole; later copies of a document of several lines are a random run of its lines (never cutting a
    // span), so hand-written text is also seen without its opening lines and as short inputs.
    for (let r = 0; r < Number(values["dev-repeat"]); r++) {
      for (const d of docs) {
        const part = r === 0 ? { text: d.text, spans: d.spans ?? [] } : lineRun(d.text, d.spans ?? [], prng);
        m.add(r === 0 ? "dev" : "dev-part", part.text, part.spans);
      }
    }
  }
  const mined = values.mined.split(",").filter(Boolean).flatMap((p) => readLines(p));
  for (let i = mined.length - 1; i > 0; i--) {
    const j = prng.int(0, i);
    [mined[i], mined[j]] = [mined[j], mined[i]];
  }
  for (const s of mined.slice(0, Number(values["mined-max"]))) {
    m.add("mined", s);
    let ex = { text: s, spans: [] as Span[] };
    for (let j = prng.int(1, 2); j > 0; j--) ex = m.insert(ex.text, ex.spans, m.entity());
    m.add("mined-inserted", ex.text, ex.spans);
  }
  const nProse = Math.round(prose.length * Number(values["prose-share"]));
  for (let i = 0; i < nProse; i++) m.add("prose", m.proseRun(1, 4));
  for (let i = 0; i < nProse * 1.3; i++) {
    let ex = { text: m.proseRun(1, 3), spans: [] as Span[] };
    const k = prng.int(1, 3);
    for (let j = 0; j < k; j++) ex = m.insert(ex.text, ex.spans, m.entity());
    if (prng.chance(0.3)) ex = m.insertPlain(ex.text, ex.spans, m.pick(negatives));
    m.add("inserted", ex.text, ex.spans);
  }
  const function_ = QUESTION_WORDS[lang];
  for (let i = 0; i < Number(values.short); i++) {
    const r = prng.next();
    if (r < 0.3) m.add("short-word", m.casing(m.pick(words)));
    else if (r < 0.5) {
      const words2 = m.proseRun(1, 1).split(" ");
      const a = prng.int(0, Math.max(0, words2.length - 2));
      m.add("short-fragment", words2.slice(a, a + prng.int(2, 8)).join(" "));
    } else if (r < 0.68) {
      const e = m.entity();
      const label: Label = categoryOf(e.label) === "Name" ? "Name:Other" : categoryOf(e.label) === "Address_Location" ? "Address_Location:Other" : e.label;
      m.add("short-entity", e.text, [{ start: 0, end: e.text.length, label }]);
    } else if (r < 0.86) {
      // a one-line query: a question or cue word, a few words, maybe an identifier
      const frag = m.proseRun(1, 1).split(" ").slice(0, prng.int(1, 5)).join(" ").replace(/[.!?]$/, "");
      let ex = { text: `${m.casing(m.pick(function_))} ${frag}`, spans: [] as Span[] };
      if (prng.chance(0.6)) ex = m.insert(ex.text, ex.spans, m.entity());
      if (prng.chance(0.3)) ex = { ...ex, text: ex.text + " " + m.pick(negatives) };
      m.add("short-query", ex.text, ex.spans);
    } else m.add("negatives", m.casing(m.pick(negatives)));
  }
  for (let i = 0; i < Number(values["prose-negatives"]); i++) {
    const neg = m.pick(negatives);
    const s = m.proseRun(1, 2);
    const at = prng.chance(0.5) ? 0 : s.length;
    m.add("negatives", at === 0 ? `${neg[0].toUpperCase()}${neg.slice(1)} ${s}` : `${s} ${neg}`);
  }

  const usable = Number(values["max-length"]) - 2;
  const overlap = Number(values.overlap);
  const ids: number[] = [];
  const bio: number[] = [];
  const entity: number[] = [];
  const lengths: number[] = [];
  const kinds: Record<string, { examples: number; tokens: number }> = {};
  for (const ex of m.examples) {
    const tok = tokenizer.encode(ex.text);
    if (tok.ids.length === 0) continue;
    const labels = tokenLabels(ex.text, tok, ex.spans);
    const k = (kinds[ex.kind] ??= { examples: 0, tokens: 0 });
    k.examples++;
    for (const w of planWindows(tok.ids.length, usable, overlap)) {
      for (let t = w.start; t < w.end; t++) {
        ids.push(tok.ids[t]);
        bio.push(labels.bio[t]);
        entity.push(labels.entity[t]);
      }
      lengths.push(w.end - w.start);
      k.tokens += w.end - w.start;
    }
  }
  mkdirSync(values.out, { recursive: true });
  writeFileSync(join(values.out, "ids.i32"), Buffer.from(Int32Array.from(ids).buffer));
  writeFileSync(join(values.out, "bio.i8"), Buffer.from(Int8Array.from(bio).buffer));
  writeFileSync(join(values.out, "entity.i8"), Buffer.from(Int8Array.from(entity).buffer));
  writeFileSync(join(values.out, "lengths.i32"), Buffer.from(Int32Array.from(lengths).buffer));
  const meta = {
    profiles,
    notes: notes.length,
    seed: Number(values.seed),
    note_types: noteTypes,
    name_source: "faker",
    mixture: kinds,
    prose_sentences: prose.length,
    dev_sets: devFiles.map((f) => f.replace(/^.*eval-sets\//, "")),
    dev_repeat: Number(values["dev-repeat"]),
    mined_sentences: Math.min(mined.length, Number(values["mined-max"])),
    hard_negatives: negatives.length,
    windows: lengths.length,
    tokens: ids.length,
    max_length: usable + 2,
    overlap,
    entity_labels: MODEL_LABELS,
    bio_labels: ["O", "B", "I"],
    special: tokenizer.special,
  };
  writeFileSync(join(values.out, "meta.json"), JSON.stringify(meta, null, 2));
  process.stderr.write(`${m.examples.length} examples → ${lengths.length} windows, ${ids.length} tokens → ${values.out}\n${JSON.stringify(kinds)}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
