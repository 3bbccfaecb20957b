import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Document, Label, Span } from "../../src/contract/index.js";
import { createLexicalVeto, shippedWordLists, vetoLanguagesOf, type WordLists } from "../../src/healing/lexical-veto.js";

const MODEL = "meddeid-onnx";

/** The spans of `marked` text: [[text|Label]] marks a model span; [[text|Label|rules]] one of another detector. */
function parse(marked: string): { doc: Document; spans: Span[] } {
  let text = "";
  const spans: Span[] = [];
  const re = /\[\[([^|\]]+)\|([^|\]]+)(?:\|([^\]]+))?\]\]/g;
  let last = 0;
  for (const m of marked.matchAll(re)) {
    text += marked.slice(last, m.index);
    const start = text.length;
    text += m[1];
    spans.push({ start, end: text.length, label: m[2] as Label, detectors: (m[3] ?? MODEL).split(",") });
    last = m.index! + m[0].length;
  }
  text += marked.slice(last);
  return { doc: { document_id: "d", text }, spans };
}

function kept(marked: string, lang = "en"): string[] {
  const { doc, spans } = parse(marked);
  const veto = createLexicalVeto({ detectors: [MODEL], stackLanguage: lang });
  return veto.apply(spans, doc).spans.map((s) => doc.text.slice(s.start, s.end));
}

describe("lexical veto with the shipped word lists", () => {
  it.each([
    // English: ordinary words that a generator-trained model flags
    ["[[male|Organization:Healthcare]] 45 with chest pain", []],
    ["[[what|Organization:Healthcare]] is the [[latest|Contactdetails]] creatinine", []],
    ["Patient was [[seen yesterday|Contactdetails]] in clinic.", []],
    ["[[History|Organization:Healthcare]] of atrial fibrillation", []],
    ["admitted to [[the hospital|Organization:Healthcare]] twice", []],
    // kept: not all words, capitalised name or place words, cues, shapes
    ["[[John Smith|Name:Patient]] was admitted", ["John Smith"]],
    ["[[Boston|Address_Location:Other]]", ["Boston"]],
    ["admitted to [[Mercy Hospital|Organization:Healthcare]] on March 3", ["Mercy Hospital"]],
    ["seen by Dr. [[Stone|Name:Caregiver]] today", ["Stone"]],
    ["seen by Dr. [[Pain|Name:Caregiver]] today", ["Pain"]],
    ["she lives in [[Reading|Address_Location:Patient]] now", ["Reading"]],
    ["call [[617-555-0199|Contactdetails]]", ["617-555-0199"]],
    ["mail [[info@hospital.org|Contactdetails]]", ["info@hospital.org"]],
    ["seen on [[March|Date]]", ["March"]],
    ["seen [[yesterday|Date]]", []],
    ["[[45 years|Age_Birthdate]] old", ["45 years"]],
    ["he works as a [[teacher|Profession]]", ["teacher"]],
    ["the [[teacher|Profession]] said so", []],
  ])("en: %s", (marked, expected) => {
    expect(kept(marked, "en")).toEqual(expected);
  });

  it.each([
    ["drie dagen [[geleden|Organization:Healthcare]] gevallen", []],
    ["[[voorkamerfibrillatie|Organization:Healthcare]] sinds 2019", []],
    ["[[wat|Name:Caregiver]] is [[de|Name:Caregiver]] laatste creatinine", []],
    ["de patiënt [[klaagt|Organization:Healthcare]] over hoofdpijn", []],
    // a surname that is also a word: protected when capitalised, a word when written in lower case
    ["gezien door [[Bakker|Name:Caregiver]]", ["Bakker"]],
    ["de [[bakker|Name:Caregiver]] om de hoek", []],
    ["opgenomen in [[AZ Sint-Jan|Organization:Healthcare]]", ["AZ Sint-Jan"]],
    ["[[Leuven|Address_Location:Other]]", ["Leuven"]],
    ["wonend te [[Dorp|Address_Location:Patient]]", ["Dorp"]],
    ["controle in [[maart|Date]]", ["maart"]],
    ["[[gisteren|Date]] gevallen", []],
    // French words count in Belgian Dutch notes
    ["envoyé [[pour|Name:Other]] avis", []],
    // a run of model spans is one phrase for the cues: the institution word is in the neighbour
    ["ingeschreven bij de [[Liberale|Organization:Other]] [[Mutualiteit|Organization:Other]]", ["Liberale", "Mutualiteit"]],
    // a title keeps a name whatever label the model gave; a noun cue only a name
    ["k4 mw de [[vries|Date]] slaapt", ["vries"]],
    ["de patiënt [[klaagt|Name:Patient]] over pijn", ["klaagt"]],
    ["de patiënt [[klaagt|Organization:Healthcare]] over pijn", []],
    // an identifier's cue word
    ["Cliëntnummer [[CL|Name:Caregiver]]", ["CL"]],
    // a strong profession cue counts for any label, a weak one only for Profession
    ["Dhr. Vermote is gepensioneerd [[spoorwegarbeider|Name:Caregiver]]", ["spoorwegarbeider"]],
    ["hij was [[moe|Name:Other]] vandaag", []],
    ["ik ben [[bakker|Profession]] van beroep", ["bakker"]],
    // a compound of common words is a word in lower case, a possible town when capitalised
    ["[[Harderwijk|Organization:Healthcare]]", ["Harderwijk"]],
    ["een [[harderwijk|Organization:Healthcare]]", []],
  ])("nl-BE: %s", (marked, expected) => {
    expect(kept(marked, "nl-BE")).toEqual(expected);
  });

  it("keeps spans another detector found, alone or with the model, and model spans that overlap them", () => {
    expect(kept("[[what|Name:Patient|rules-nl-be]] now")).toEqual(["what"]);
    expect(kept("[[what|Name:Patient|meddeid-onnx,patterns]] now")).toEqual(["what"]);
    const { doc } = parse("the what now");
    const spans: Span[] = [
      { start: 4, end: 8, label: "Name:Patient", detectors: [MODEL] },
      { start: 0, end: 8, label: "Name:Patient", detectors: ["rules-en"] },
    ];
    expect(createLexicalVeto({ detectors: [MODEL], stackLanguage: "en" }).apply(spans, doc).spans).toHaveLength(2);
  });

  it("reads the language from the document's metadata before the stack's", () => {
    const { doc, spans } = parse("[[geleden|Name:Other]] and [[what|Name:Other]]");
    const veto = createLexicalVeto({ detectors: [MODEL], stackLanguage: "en" });
    const asDutch = veto.apply(spans, { ...doc, metadata: { lang: "nl-BE" } }).spans.map((s) => doc.text.slice(s.start, s.end));
    expect(asDutch).toEqual(["what"]);
    expect(veto.apply(spans, doc).spans.map((s) => doc.text.slice(s.start, s.end))).toEqual(["geleden"]);
  });

  it("counts what it judged and dropped, and names its word lists by hash", () => {
    const { doc, spans } = parse("[[what|Name:Other]] [[Mark|Name:Other]] Dr. [[Moreover|Name:Other]] [[x1|Name:Other]] [[Qwzrt|Name:Other]]");
    const veto = createLexicalVeto({ detectors: [MODEL], stackLanguage: "en" });
    expect(veto.apply(spans, doc).dropped).toBe(1);
    expect(veto.stats()).toEqual({ candidates: 5, dropped: 1, kept_by_cue: 1, kept_name_like: 1, kept_other_word: 1 });
    const prov = veto.provenance();
    expect(prov.id).toBe("lexical-veto");
    expect(prov.detectors).toEqual([MODEL]);
    expect(Object.keys(prov.word_lists as object)).toEqual(["nl", "fr", "en"]);
    expect(String((prov.word_lists as Record<string, string>).en)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("ships lists where names and places are protected and function words are not", () => {
    const en = shippedWordLists("en");
    expect(en.common.has("what")).toBe(true);
    expect(en.nameLike.has("what")).toBe(false);
    expect(en.nameLike.has("mark")).toBe(true);
    const nl = shippedWordLists("nl");
    expect(nl.common.has("geleden")).toBe(true);
    // "De" and "Van" are in a first-name list, but are function words
    expect(nl.nameLike.has("de")).toBe(false);
    expect(nl.nameLike.has("van")).toBe(false);
    expect(nl.nameLike.has("bakker")).toBe(true);
    expect(vetoLanguagesOf("nl-BE")).toEqual(["nl", "fr"]);
    expect(vetoLanguagesOf("en-GB")).toEqual(["en"]);
  });
});

describe("lexical veto, properties", () => {
  const tiny: WordLists = { common: new Set(["aa", "bb", "cc", "dd"]), nameLike: new Set(["bb"]), sha256: "0".repeat(64) };
  const veto = () => createLexicalVeto({ detectors: [MODEL], stackLanguage: "en", wordLists: () => tiny });
  const word = fc.constantFrom("aa", "bb", "Bb", "cc", "dd", "ee", "x9", "Dr.", "-", "a");
  const textArb = fc.array(word, { minLength: 1, maxLength: 12 }).map((ws) => ws.join(" "));
  const spansArb = (text: string) =>
    fc.array(
      fc
        .tuple(fc.nat(text.length - 1), fc.integer({ min: 1, max: 8 }), fc.constantFrom<Label>("Name:Patient", "Date", "Organization:Other", "Age_Birthdate"), fc.constantFrom<string[]>([MODEL], ["patterns"], [MODEL, "patterns"]))
        .map(([start, len, label, detectors]): Span => ({ start, end: Math.min(text.length, start + len), label, detectors })),
      { maxLength: 8 },
    );

  it("only removes model-only spans, never adds or changes one, and is idempotent", () => {
    fc.assert(
      fc.property(textArb.chain((text) => fc.tuple(fc.constant(text), spansArb(text))), ([text, spans]) => {
        const doc: Document = { document_id: "p", text };
        const once = veto().apply(spans, doc);
        expect(once.dropped).toBe(spans.length - once.spans.length);
        for (const s of once.spans) expect(spans).toContain(s);
        for (const s of spans) if (!s.detectors!.every((d) => d === MODEL)) expect(once.spans).toContain(s);
        for (const s of spans) if (!once.spans.includes(s)) {
          const words = text.slice(s.start, s.end).match(/\p{L}+/gu) ?? [];
          // a dropped span is made of common words only, none a capitalised name word
          expect(words.length).toBeGreaterThan(0);
          for (const w of words) expect(tiny.common.has(w.toLowerCase()) && !(w === "Bb")).toBe(true);
        }
        expect(veto().apply(once.spans, doc).spans).toEqual(once.spans);
      }),
    );
  });
});

describe("lexical veto, strict mode, with the shipped word lists", () => {
  function keptStrict(marked: string, lang: string): string[] {
    const { doc, spans } = parse(marked);
    const veto = createLexicalVeto({ detectors: [MODEL], stackLanguage: lang, mode: "strict" });
    return veto.apply(spans, doc).spans.map((s) => doc.text.slice(s.start, s.end));
  }

  it.each([
    // numbers without a PII shape: scores, lab values, times, rooms
    ["EMV 3-[[5-6|Date]]. Pupillen [[isocoor|Name:Patient]] en reactief.", []],
    ["Natrium [[131|Date]] mmol/l, kamer [[412|Date]], om [[7u15|Organization:Healthcare]]", []],
    // PII shapes are kept whatever the words
    ["geboren [[12-03-1961|Name:Patient]]", ["12-03-1961"]],
    ["dossier [[AB123456|Name:Patient]]", ["AB123456"]],
    ["adres [[3435 CM|Contactdetails]] Nieuwegein", ["3435 CM"]],
    ["mail [[j.peeters@azsintjan.be|Name:Patient]]", ["j.peeters@azsintjan.be"]],
    // common words, even capitalised at the start of a sentence or after a cue word, are dropped
    ["Geachte collega,\n\n[[Graag verwijs ik|Name:Patient]] mevrouw", []],
    ["[[Op|Organization:Healthcare]] zaterdag gevallen.", []],
    ["[[Moeder|Organization:Healthcare]] (Cindy) belt.", []],
    ["[[Spoedopname|Organization:Healthcare]] wegens val.", []],
    // lower-case words no dictionary knows are clinical jargon on a normal line
    ["Dag 1 na [[hemicolectomie|Name:Patient]], pijn ok.", []],
    ["Medicatie uit [[baxterrol|Name:Patient]] gecontroleerd, OK.", []],
    // capitalised words no dictionary knows are kept, unless a drug before its dose, an eponym or a country
    ["ten val in het [[Vondelpark|Address_Location:Other]].", ["Vondelpark"]],
    ["Start [[Clexane|Name:Caregiver]] 40 mg sc.", []],
    ["bekend met de ziekte van [[Kahler|Name:Caregiver]].", []],
    ["Patiënt is afkomstig uit [[Syrië|Organization:Healthcare]] en spreekt [[Arabisch|Name:Other]].", []],
    // a name-list word where a capital is not explained by the position, or alone on its line
    ["gezien door [[Bakker|Name:Caregiver]] vandaag", ["Bakker"]],
    ["[[Kroon|Name:Other]]", ["Kroon"]],
    // a title before a lower-case name-list word
    ["k1 mw [[brink|Name:Patient]] - dag 1", ["brink"]],
    // on a line written in lower case, an unknown word may be a name
    ["- karaca yusuf, [[zając|Date]] echo buik", ["zając"]],
    // acronyms: an organisation after a preposition, an abbreviation otherwise
    ["spoorwegarbeider bij de [[NMBS|Name:Patient]].", ["NMBS"]],
    ["Albumine 3,8 g/dL, [[AFP|Name:Caregiver]] 3,1.", []],
    // brands and devices in the medical lists, with or without a dose; a word before "-lowercase" heads a compound
    ["de wonde verzorgd met [[Aquacel|Name:Caregiver]] en een verband", []],
    ["premedicatie [[Zyrtec|Name:Patient]] gegeven", []],
    ["3 tabletten [[Dextro|Name:Other]], na 15 min opnieuw meten", []],
    ["follow-up volgens de [[Fleischner|Name:Caregiver]]-richtlijn over een jaar", []],
    // an initial is a capital and a dot before a name, not a side after a word ("bras G. ECG")
    ["gezien door dr. [[P.|Name:Caregiver]] Peeters", ["P."]],
    ["pijn irradiërend naar [[arm G|Address_Location:Patient]]. ECG gedaan", []],
    // cues stay on the span's line, and "David" does not end in an identifier's cue word
    ["GEVONDEN DOOR ZIJN ZOON DAVID\n[[GCS|Name:Caregiver]] 6, PUPILLEN", []],
    // an age with its unit
    ["(13 jours de [[vie|Name:Caregiver]])", []],
    ["baby van [[13 dagen|Age_Birthdate]] oud", ["13 dagen"]],
  ])("nl-BE: %s", (marked, expected) => {
    expect(keptStrict(marked, "nl-BE")).toEqual(expected);
  });

  it.each([
    // French in a Belgian Dutch stack: French words are common words too
    ["Pas de [[douleur|Name:Patient]]. [[Merci pour votre avis|Name:Caregiver]].", []],
    ["je [[travaille jusqu'à|Profession]] 14h, [[c'est|Profession]] mme bouzid", []],
    ["Suivi : [[Kind|Name:Caregiver]] & Gezin, pédiatre.", []],
    ["[[PRÉPARATION À LA COLOSCOPIE|Name:Caregiver]]\n\nTrois jours avant", []],
  ])("French in nl-BE: %s", (marked, expected) => {
    expect(keptStrict(marked, "nl-BE")).toEqual(expected);
  });

  it.each([
    ["works as a barista at [[pret|Contactdetails]] on oxford road", ["pret"]],
    ["[[Patient was seen|Name:Patient]] by the team.", []],
    ["referred by [[Hartwell|Name:Caregiver]] for review", ["Hartwell"]],
    ["takes [[Lipitor|Name:Patient]] 20 mg daily", []],
  ])("en: %s", (marked, expected) => {
    expect(keptStrict(marked, "en")).toEqual(expected);
  });

  it("counts each judged span under one reason and says its mode in provenance", () => {
    const { doc, spans } = parse("[[Op|Name:Other]] dag 1 na [[131|Date]] zag [[Vondelpark|Name:Other]]");
    const veto = createLexicalVeto({ detectors: [MODEL], stackLanguage: "nl-BE", mode: "strict" });
    expect(veto.apply(spans, doc).dropped).toBe(2);
    const stats = veto.stats();
    expect(stats.reasons).toEqual({ "dropped:common-words": 1, "dropped:number": 1, "kept:proper-word": 1 });
    expect(Object.values(stats.reasons!).reduce((a, b) => a + b, 0)).toBe(3);
    expect(veto.provenance().mode).toBe("strict");
  });
});

describe("lexical veto, strict mode, properties", () => {
  const tiny: WordLists = { common: new Set(["aa", "bb", "cc", "dd"]), nameLike: new Set(["bb"]), sha256: "0".repeat(64) };
  const veto = () => createLexicalVeto({ detectors: [MODEL], stackLanguage: "en", mode: "strict", wordLists: () => tiny });
  const word = fc.constantFrom("aa", "bb", "Bb", "cc", "dd", "ee", "Qq", "x9", "12", "12-03-2001", "1234567", "Dr.", "-", "a", "\n", ".");
  const textArb = fc.array(word, { minLength: 1, maxLength: 14 }).map((ws) => ws.join(" "));
  const spansArb = (text: string) =>
    fc.array(
      fc
        .tuple(
          fc.nat(text.length - 1),
          fc.integer({ min: 1, max: 12 }),
          fc.constantFrom<Label>("Name:Patient", "Date", "Organization:Other", "Age_Birthdate", "ID:Patient"),
          fc.constantFrom<string[]>([MODEL], ["patterns"], ["known-identifiers"], [MODEL, "rules-en"]),
        )
        .map(([start, len, label, detectors]): Span => ({ start, end: Math.min(text.length, start + len), label, detectors })),
      { maxLength: 8 },
    );

  it("only removes model-only spans no other detector overlaps, never one with a PII shape, offsets untouched", () => {
    fc.assert(
      fc.property(textArb.chain((text) => fc.tuple(fc.constant(text), spansArb(text))), ([text, spans]) => {
        const doc: Document = { document_id: "p", text };
        const before = spans.map((s) => ({ ...s }));
        const out = veto().apply(spans, doc);
        expect(spans).toEqual(before);
        expect(out.dropped).toBe(spans.length - out.spans.length);
        for (const s of out.spans) expect(spans).toContain(s);
        for (const s of spans) {
          const modelOnly = s.detectors!.every((d) => d === MODEL);
          const overlapsOther = spans.some((o) => !o.detectors!.every((d) => d === MODEL) && o.start < s.end && s.start < o.end);
          if (!modelOnly || overlapsOther) expect(out.spans).toContain(s);
          const surface = text.slice(s.start, s.end);
          if (/\d{2}-\d{2}-\d{4}|\d{6}/.test(surface)) expect(out.spans).toContain(s);
        }
        // the kept spans, in input order, with their offsets as given
        expect(out.spans).toEqual(spans.filter((s) => out.spans.includes(s)));
      }),
    );
  });
});
