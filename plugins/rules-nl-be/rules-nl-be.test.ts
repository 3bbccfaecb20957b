// The plugin as the stack uses it: meta and options, valid spans only, families, abort, and properties over
// generated texts (valid, ordered, disjoint spans; offsets follow the text when it is shifted).
import { join } from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { DeidError, LABELS, invalidSpanReason, type DetectedSpan, type Document } from "../../src/contract/index.js";
import { PROJECT_ROOT } from "../../src/detectors/index.js";
import plugin, { configSchema, loadRulesLexicon } from "./index.js";
import { detectSpans } from "./lib/detect.js";
import type { Lexicon } from "./lib/lexicon.js";
import { DetectorTester } from "../../test/support/detector-tester.js";
import { renderMarkup } from "./test-support/markup.js";
import { loadSuite } from "./test-support/suite.js";

const ctx = { baseDir: PROJECT_ROOT, language: "nl-BE", projectRoot: PROJECT_ROOT };
const doc = (text: string): Document => ({ document_id: "d1", text });
const detectCtx = () => ({ signal: new AbortController().signal, documentIndex: 0 });

let lexicon: Lexicon;
beforeAll(() => {
  lexicon = loadRulesLexicon(PROJECT_ROOT);
});

describe("rules-nl-be plugin", () => {
  it("declares a deterministic detector with complete option defaults and contract labels", () => {
    expect(plugin.meta.id).toBe("rules-nl-be");
    expect(plugin.meta.kind).toBe("deterministic");
    expect(configSchema.parse({})).toEqual({
      language: "nl-BE",
      families: { names: true, addresses: true, organisations: true, dates: true, ages: true, professions: true },
      cache_index: true,
    });
    expect(() => configSchema.parse({ families: { nmes: true } })).toThrow();
    for (const label of plugin.meta.labels) expect(LABELS).toContain(label);
  });

  it("returns valid spans with offsets, labels and scores only", async () => {
    const detector = await plugin.create(configSchema.parse({}), ctx);
    const text = "Dhr. Jan Peeters (° 12/03/1950) woont Kerkstraat 12, 9000 Gent en werd gezien door Dr. A. Janssens in AZ Delta.";
    const spans = await detector.detect(doc(text), detectCtx());
    expect(spans.length).toBeGreaterThanOrEqual(5);
    for (const span of spans) {
      expect(invalidSpanReason(span, text)).toBeUndefined();
      expect(Object.keys(span).sort()).toEqual(["end", "label", "score", "start"]);
    }
    expect(renderMarkup(text, spans)).toBe(
      "Dhr. [Jan Peeters](Name:Patient) (° [12/03/1950](Age_Birthdate)) woont [Kerkstraat 12, 9000 Gent](Address_Location:Patient) " +
        "en werd gezien door [Dr. A. Janssens](Name:Caregiver) in [AZ Delta](Organization:Healthcare).",
    );
  });

  it("runs only the families switched on", async () => {
    const detector = await plugin.create(configSchema.parse({ families: { dates: false, ages: false } }), ctx);
    const spans = await detector.detect(doc("Mevr. Claes, 82 jaar, opgenomen op 12/03/2021."), detectCtx());
    expect(spans.map((s) => s.label)).toEqual(["Name:Patient"]);
  });

  it("refuses to run once aborted, naming itself and the document index", async () => {
    const detector = await plugin.create(configSchema.parse({}), ctx);
    const controller = new AbortController();
    controller.abort();
    expect(() => detector.detect(doc("Dhr. Peeters"), { signal: controller.signal, documentIndex: 7 })).toThrow(DeidError);
    try {
      void detector.detect(doc("Dhr. Peeters"), { signal: controller.signal, documentIndex: 7 });
      expect.unreachable("an aborted detect must throw");
    } catch (err) {
      expect((err as DeidError).context).toMatchObject({ detectorId: "rules-nl-be", documentIndex: 7 });
      expect((err as Error).message).not.toContain("Peeters");
    }
  });

  it("finds nothing in an empty text or in whitespace", () => {
    expect(detectSpans("", lexicon)).toEqual([]);
    expect(detectSpans(" \n\t ", lexicon)).toEqual([]);
  });
});

// Through the plugin as a stack creates it, in the evaluation sets' span markup (test/support/detector-tester.ts).
const tester = new DetectorTester(plugin);
tester.run("rules-nl-be cases", {
  invalid: [
    "Dhr. [[Jan Peeters|PAT]] werd opgenomen voor observatie.",
    "Mevr. [[Lieve Claes|PAT]] meldt sinds gisteren buikpijn.",
    "Mevrouw [[De Smet|PAT]] komt op controle na de ingreep.",
    // Round five (issue 11): ages in words, a stop word after a title and an interfix, initials alone after a
    // patient word, a greeting, French "M." before a whitelisted surname, qualified institution types, jobs in
    // apposition before their workplace, towns abroad.
    "Patiente de [[quatre-vingt-deux ans|AGE]], vit seule.",
    "[[septante-deux ans|AGE]]",
    "Dhr. is [[vijfenzestig jaar oud|AGE]].",
    "Dhr. [[Van der Poel|PAT]] kwam op controle.",
    "Pat. [[K.D.|PAT]] met acute lage rugpijn.",
    "Beste [[Sara|PERS]], kan jij morgen de wondzorg doen?",
    "Le mari, [[M. Hoffmann|PERS]], est venu.",
    "Verwijzing naar [[Medisch Centrum Sint-Elisabeth|HOSP]].",
    "Adressé par la [[maison médicale Les Tilleuls|HOSP]].",
    "[[Cabinet dentaire des Ardennes|HOSP]]",
    "[[Clinique psychiatrique Les Saules|HOSP]]",
    "[[Pharmacie du Marché|HOSP]]",
    "Voornaam: [[LUC|PAT]]",
    "Dhr. [[Peeters|PAT]] ([[62 jr|AGE]]), [[postbode|PROF]] bij [[bpost|ORG]], kwam.",
    "La patiente, [[aide-soignante|PROF]] à la [[Résidence Saint-Martin|ORG]], est en incapacité.",
    "Hij overwintert in [[Benidorm|LOC]].",
    "afgestudeerd aan de [[VUB|ORG]]",
    "[[Flandre occidentale|LOC]]",
    "[[Fysiotherapie De Horizon|HOSP]], behandeling 4 van 9.",
    "Behandeld door [[Dr. Sanders|CARE]].",
  ],
  valid: [
    "", "Geen koorts, geen dyspnoe; verder beleid ongewijzigd.", "Ziekte van Parkinson, syndroom van Down.",
    // Precision traps of the round-five rules: durations in words, a number after "rond", a type word without a
    // name, a greeting without a given name, a job after a comma with no workplace.
    "Il fume depuis trente ans.",
    "Il y a vingt ans, appendicectomie.",
    "Stoppen met roken sinds twintig jaar.",
    "deux ans de kiné",
    "Zoon komt hem ophalen rond 17u.",
    "Medisch centrum, afdeling radiologie.",
    "Beste collega,",
    "Pharmacie de garde ce week-end.",
    "Fracture du calcanéum (Sanders II), plâtre.",
    "Fractuur type Gustilo IIIb.",
    "Admission en HÔPITAL DE JOUR GÉRIATRIQUE",
  ],
});
describe("rules-nl-be golden file", () => {
  // Hand-written fictional sentences, marked with what the detector found when they were last written (UPDATE=1).
  tester.golden("fixtures/golden.nl-BE.txt", join(PROJECT_ROOT, "plugins/rules-nl-be/fixtures/golden.nl-BE.txt"));
});

const FRAGMENTS = [
  "Dhr.", "Mevr.", "Dr.", "Jan", "Peeters", "Van", "den", "Bossche-D'Hondt", "J.P.", "'t", "Kerkstraat", "12", "bus", "3",
  "9000", "Gent", "B-2000", "Antwerpen", "AZ", "Delta", "UZ", "Leuven", "° 12/03/1980", "65-jarige", "82 jaar", "werkt",
  "als", "bakker", "sinds", "2019", ",", ".", "\n", "ziekte", "van", "Parkinson", "😀", "Hélène", "PEETERS", "kamer 214",
  "maart", "12", "rue", "de", "la", "Loi", "woont", "in", "zoon", "Pieter", "Dr.", "Guislain", "opgenomen",
];

const sentence = fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 1, maxLength: 25 }).map((parts) => parts.join(" "));

function assertWellFormed(spans: readonly DetectedSpan[], text: string): void {
  let previousEnd = 0;
  for (const span of spans) {
    expect(invalidSpanReason(span, text)).toBeUndefined();
    expect(span.start).toBeGreaterThanOrEqual(previousEnd);
    previousEnd = span.end;
  }
}

describe("rules-nl-be properties", () => {
  it("returns valid, sorted, disjoint spans on any mix of identifiers and noise", () => {
    fc.assert(
      fc.property(sentence, (text) => {
        assertWellFormed(detectSpans(text, lexicon), text);
      }),
      { numRuns: 300 },
    );
  });

  it("returns valid spans on arbitrary unicode text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 80 }), (text) => {
        assertWellFormed(detectSpans(text, lexicon), text);
      }),
      { numRuns: 300 },
    );
  });

  it("moves every span with the text when an astral-plane line is put in front", () => {
    const suite = loadSuite();
    fc.assert(
      fc.property(fc.constantFrom(...suite), fc.constantFrom("😀\n", "𝔄𝔅\n\n", "— 😷 —\n"), (c, prefix) => {
        const plain = detectSpans(c.text, lexicon);
        const shifted = detectSpans(prefix + c.text, lexicon);
        expect(shifted).toEqual(plain.map((s) => ({ ...s, start: s.start + prefix.length, end: s.end + prefix.length })));
      }),
      { numRuns: 150 },
    );
  });

  it("is deterministic", () => {
    fc.assert(
      fc.property(sentence, (text) => {
        expect(detectSpans(text, lexicon)).toEqual(detectSpans(text, lexicon));
      }),
      { numRuns: 100 },
    );
  });
});

// Session six (issue 11), categories from the retired test rounds; cases written for these rules.
tester.run("rules-nl-be session-six categories", {
  invalid: [
    // Jobs: a courtesy subject, an adverb or "tot <year>" after the copula, a relative clause, a placed job, an
    // unlisted job right after a work verb and "als"/"comme", a "former" prefix, a nationality in apposition.
    "Mevrouw is [[bloemiste|PROF]] en werkt halftijds.",
    "Ze was tot [[2020|DATE]] [[kleuterjuf|PROF]].",
    "Haar broer, die [[schrijnwerker|PROF]] is, helpt mee.",
    "Zij is [[verloskundige|PROF]] in een groepspraktijk.",
    "Hij werkt als [[vorkheftruckbestuurder|PROF]] in de haven.",
    "Le père travaille comme [[taximan|PROF]] la nuit.",
    "Patiënte is [[oud-leerkracht|PROF]].",
    "[[Jan|PERS]], Roemeense [[vrachtwagenchauffeur|PROF]], viel van de laadbak.",
    "Poste : [[grutier|PROF]]",
    // Dates: a year right after an event word and closed by punctuation, in brackets after a comma, a holiday, a
    // range to a textual date, "t/m" before a hyphenated day-month.
    "Voorgeschiedenis: appendectomie [[1987|DATE]], TIA [[2015|DATE]].",
    "Allergie: amoxicilline (netelroos, [[2001|DATE]])",
    "Gevallen op [[Pinkstermaandag|DATE]].",
    "Controle verschoven van [[4 naar 11 juni|DATE]].",
    "Antibiotica t/m [[14-3|DATE]].",
    // Organisations: a listed public body, two capitalised words mid-sentence that are each a word, a mutuality's
    // short name after a mutuality word or before a membership number, school and emergency-service types.
    "Melding gedaan bij [[Veilig Thuis|ORG]] door de huisarts.",
    "Aanvraag bij de mutualiteit ([[CM|ORG]]) ingediend.",
    "Verzekeringsinstelling: [[Helan|ORG]]",
    "Zij geeft les aan het [[Gymnasium Celeanum|ORG]].",
    "Hij is vrijwilliger bij de [[brandweerzone Rivierenland|ORG]].",
    // Ages: in apposition after a birth date or a number and closed by punctuation, a bare number sharing the
    // unit of the next age, "toen hij N was", a person's copula before a bare number, a birthday, tens fused with
    // "jarige" (and tens that hold "en": "zeventig").
    "Dhr. [[Arne Wouters|PAT]], °[[12/02/1949|AGE]], [[75 jaar|AGE]].",
    "Twee dochters ([[4|AGE]] en [[11 jaar|AGE]]) wonen bij de moeder.",
    "Ze verhuisde toen ze [[12|AGE]] was.",
    "Zij is [[58|AGE]], weduwe, woont alleen.",
    "Hij vierde zijn [[80ste|AGE]] verjaardag.",
    "Een [[zeventigjarige|AGE]] vrouw.",
    // Places: a town in capitals that is the whole line, a motorway by number after a road preposition and
    // article, a region, the town after a named hospital (with or without a comma).
    "[[KORTRIJK|LOC]]",
    "File op de [[E17|LOC]] richting [[Gent|LOC]].",
    "Fietstocht in de [[Voerstreek|LOC]].",
    "Verwezen naar het [[Sint-Elisabeth Ziekenhuis|HOSP]], [[Tilburg|LOC]].",
    // A street or park by its suffix after a place preposition and article; shift signatures and "v(an) d(e)"
    // initials of a writer and a typist.
    "Ze woont in een flat aan de [[Meidoornweg|ADDR_P]].",
    "nachtdienst ([[Sofie|CARE]]): rustige nacht.",
    "Ons kenmerk: [[PvdH|CARE]]/[[sl|PERS]]",
    // Initials signing an entry at a line's end or after "réf."; a French two-letter weekday opening a schedule
    // line; public bodies known by an acronym that is also a word, in capitals.
    "Wonde verzorgd, verband droog. – [[TS|CARE]]",
    "Réf. : [[GD|CARE]]/[[ab|PERS]]",
    "[[je 12/12|DATE]] 9h : toilette au lit",
    "Inscrit aux consultations de l'[[ONE|ORG]].",
  ],
  valid: [
    "Het werkt als een trein.",
    "Hij werkt als gevolg van de pijn minder.",
    "De verpleegkundige is in de kamer geweest.",
    "Patiënt is ex-roker.",
    "Poste de sécurité : oui",
    "Op aanraden van zijn huisarts aan de beterhand.",
    "Bloedverlies 1500 ml, ferritine 1990.",
    "CK 2010, gewicht 2000.",
    "Pijn VAS van 6/10 naar 2/10.",
    "Vanaf 3-4 keer per dag.",
    "kerstmis en pasen",
    "Wonde van 3 CM, mutualiteit verwittigd.",
    "Om veilig thuis te komen.",
    "Diabetes type 2, 20 jaar.",
    "Hij is 3, 4 keer gevallen.",
    "Bij kinderen jonger dan 16 jaar gelden andere waarden.",
    "Patiënt is 62 kg.",
    "Vitamine E 400 IE, graad A2.",
    "Het is de A2 score.",
    "CVA",
    // Names: signs and scales named after people, emergency-service acronyms, French elided pronouns, weekday
    // abbreviations joined by slashes.
    "Test van Dix-Hallpike negatief, Katz 5/6, Monoyer 8/10.",
    "Score de Barthel 85/100, Tinetti 19.",
    "MÉDECIN SMUR présent, infirmier SISU.",
    "J'ai revu ce jour votre patiente.",
    "Qu'il revienne demain.",
    "Kiné op Lun/Mer/Ven, ergo op Mar/Jeu/Sam.",
    "Opgenomen op de Spoedafdeling.",
    "avond (Rust): goed geslapen.",
    "Stemt op de PvdA.",
    "Controle gedaan – OK",
    "POLYCLINIQUE – ORL – Clinique",
    "Il en prend one more.",
  ],
});
