import { describe, expect, it } from "vitest";
import { compilePatterns, detectPatterns } from "./detect.js";
import plugin, { patternsConfigSchema } from "./index.js";
import { checkPositive, detect, type PositiveCase } from "./testing.js";

const positives: PositiveCase[] = [
  ["Opname op [[12/03/2023]].", "Date", 0.8],
  ["Ontslag [[15-03-23]].", "Date"],
  ["Controle [[12.03.2023]] om 14:30.", "Date"],
  ["Geboren [[12/03/'98]] te Gent.", "Date"],
  ["Gezien [[1/2/2021]].", "Date"],
  ["Ingreep [[31.12.1999]], schrikkeldag [[29/02/2024]].", "Date"],
  ["Op [[12/03]] gezien.", "Date", 0.9],
  ["Brief van [[5/11]] ontvangen.", "Date", 0.9],
  ["Verslag [[05/11]] bevestigd.", "Date", 0.8],
  ["Gisteren MRI [[02/04]] van de knie.", "Date", 0.9],
  ["Drain geplaatst [[6/12]], opgenomen [[2/12]] via de spoed.", "Date"],
  ["IRM [[14/06]] : pas de lésion.", "Date", 0.9],
  ["Voorgeschiedenis: [[1998]] appendectomie, [[2007]] knieprothese; [[2015]] longembolie.", "Date"],
  ["Voorgeschiedenis:\n- [[2003]] cholecystectomie\n- [[2012]] hernia", "Date"],
  ["Antécédents : [[2004]] PTH gauche, [[2019]] infarctus.", "Date"],
  ["Zittingen op [[4]], [[9]], [[11]] en [[16 maart]].", "Date"],
  ["Wacht van [[21]]/[[22 jan]] rustig verlopen", "Date"],
  ["les [[3]] et [[5 mars]]", "Date"],
  ["Afspraak [[05/11]] bevestigd.", "Date", 0.9],
  ["Afspraak [[12/03]] of [[03-04]].", "Date"],
  ["[[maandag 12/03/2023]] opgenomen.", "Date"],
  ["[[vrijdag 12/3]] controle.", "Date", 0.9],
  ["[[ma. 12/03/2023]] gezien.", "Date"],
  ["Consultation [[lundi 3 mars]].", "Date"],
  ["Seen [[Monday, March 3]].", "Date"],
  ["[[donderdag 5 januari 2023]] ontslag.", "Date"],
  ["Op [[12 maart 2023]] gezien.", "Date"],
  ["Le [[1er janvier 2020]].", "Date"],
  ["On [[March 3rd, 2021]] he was seen.", "Date"],
  ["Sinds [[3 mrt. '21]] in behandeling.", "Date"],
  ["Gestart in [[mei 2023]].", "Date"],
  ["Depuis [[janv. 2020]].", "Date"],
  ["Opname [[3 mrt]].", "Date"],
  ["Gezien op [[12 december]].", "Date"],
  ["Le [[14 juillet 2019]] et le [[3 août 2021]].", "Date"],
  ["Depuis le [[1 févr. 2020]].", "Date"],
  ["The [[3rd of March]] visit.", "Date"],
  ["Since [[May 2023]].", "Date"],
  ["In [[March '21]].", "Date"],
  ["Started [[Sept. 2020]].", "Date"],
  ["Datum [[12-mrt-2023]].", "Date"],
  ["Collected [[12-Mar-21]].", "Date"],
  ["Sinds [[03/2021]] stabiel.", "Date"],
  ["[[2023-03-12]] ingevoerd.", "Date"],
  ["Stamp [[2023-03-12T14:30:00Z]].", "Date"],
  ["Stamp [[2023-03-12T14:30]] local.", "Date"],
  ["Visit [[12/31/2021]].", "Date"],
  ["Vanaf 12-[[14/03/2023]] afwezig.", "Date"],
  ["Geboren (° [[12/03/1980]]).", "Date"],
  ["Op [[12 MAART 2023]].", "Date"],
  ["Van [[12/03/2023]] tot [[15/03/2023]].", "Date"],
  ["Gezien op [[12/03/2023]], 14:30 u.", "Date"],
  // A year alone after a word that introduces a time, or alone in brackets.
  ["Sinds [[2008]] toenemende klachten.", "Date", 0.9],
  ["Depuis [[2010]], diabète.", "Date", 0.9],
  ["Increasing fatigue since [[2022]].", "Date", 0.9],
  ["Opname in AZ Sint-Jan ([[2014]]).", "Date", 0.8],
  // Year first with a month word, and day, month and year separated by spaces.
  ["[[2019 augustus 1]]", "Date"],
  ["Afspraak op [[2011 mei 17]] om 10u.", "Date"],
  ["[[2020 janv. 3]]", "Date"],
  ["[[23 10 2011]]", "Date"],
  ["[[wo 3-4]] 08:15 steunkousen aangetrokken", "Date", 0.9],
  ["[[vr 8/11]] eerste huisbezoek", "Date", 0.9],
  ["Controle [[3 1 2022]] bij de cardioloog.", "Date"],
  ["Heropname [[26/7]] wegens koorts.", "Date"],
  ["Arbeidsongeschikt tot en met [[19/1]].", "Date"],
  ["Op [[17-18/4]] koorts tot 39.", "Date"],
  // Separators written with spaces around them (typed forms), and year first with spaces.
  ["Echo gepland op [[21 - 06 - 2023]].", "Date"],
  ["Consult [[9 / 4 / 2022]] uitgesteld.", "Date"],
  ["Sessie 2 — [[07 . 11 . 22]]: pijn minder", "Date"],
  ["Teruggezien op [[2022 11 07]] met zijn zoon.", "Date"],
];

const negatives: string[] = [
  // A number listed before a month word without its own day is no day of it.
  "Score 45, 38 en maart gecontroleerd.",
  // A year opens a history item only after its heading and before a word, never before a unit.
  "Labo: 2000 leukocyten, 2011 cellen.",
  "VG: 2000 mg paracetamol per dag.",
  "Voorgeschiedenis: geen.\n\n2004 patiënten werden gescreend.",
  // A score after an examination word is no date without a two-digit part.
  "Pijn 8/10, MRI 1/2 van de dosis.",
  // Two scores out of ten on one line: neither is the 10th month.
  "Pijn VAS van 7/10 naar 4/10.",
  "NRS 8/10 in rust, na morfine gedaald tot 2/10.",
  "Hb 12.3 g/dL",
  "CRP 5/10 mg/L",
  "NYHA 3/4",
  "BP 120/80",
  "EF 55%",
  "GCS 15",
  "Om 14:30 gezien",
  "versie 2.10.12",
  "v1.2.3",
  "1/2 tablet",
  "3/4 van de dosis",
  "Datum 31/02/2023 bestaat niet",
  "32/01/2020",
  "00/01/2020",
  "13/13/2020",
  "5 mg/kg",
  "2x500 mg",
  "VAS 8/10",
  "pijn 10/12",
  "score 12/03 punten",
  "tension 12/8",
  "dosis 05/10 mg",
  "12/03/20234",
  "5.10.15 ml",
  "1.2.3.4.5",
  "Patients may 12 times",
  "mei",
  "in maart",
  "'98",
  "lot 12-03-4567",
  "05.03.12-123.45",
  "in 2000 ml",
  "sinds 2000 mg",
  "bloedverlies 2000",
  "1 800 2000",
  "(2150)",
  "in 1850",
  "2019 augustus 32",
  "2019 mei",
  "12 34 2011",
  "1 23 10 2011",
  "23 10 2011 45",
  "23 10 2011 mg",
  "0 23 10 2011",
  "EMV 4 - 5 - 6",
  "dosis 1 - 2 - 2021 mg",
  "7 . 11 . 22 punten",
  "score 07 . 11 . 22",
  "2022 13 07",
  "2022 11 07 45",
  "12 2022 11 07",
];

describe("dates", () => {
  it.each(positives)("finds %s", (...testCase) => {
    const { actual, expected } = checkPositive(testCase as PositiveCase);
    expect(actual).toEqual(expected);
  });

  it.each(negatives)("finds nothing in %s", (text) => {
    expect(detect(text).filter((s) => s.label === "Date")).toEqual([]);
  });

  it("reads month words only of the configured languages", () => {
    expect(detect("Op 12 maart 2023.", { languages: ["fr"] })).toEqual([]);
    expect(detect("Le 12 mars 2023.", { languages: ["fr"] })).toHaveLength(1);
    expect(detect("On March 3rd, 2021.", { languages: ["nl", "fr"] })).toEqual([]);
  });

  it("reads month/day order only when English is on, and never when told to read day first", () => {
    expect(detect("Visit 12/31/2021.", { languages: ["nl", "fr"] })).toEqual([]);
    const compiled = compilePatterns(patternsConfigSchema.parse({}));
    const dates = (text: string, dayFirst: boolean) => detectPatterns(text, compiled, { dayFirst }).filter((s) => s.label === "Date");
    for (const text of ["Op 01-13-2018 gaf patiënt 3 tabletten.", "Visit 12/31/2021.", "12 31 2011"]) {
      expect(dates(text, true)).toEqual([]);
      expect(dates(text, false)).toHaveLength(1);
    }
    expect(dates("Op 13-01-2018 gezien.", true)).toHaveLength(1);
  });

  it("reads day first for a document whose metadata says it is Dutch or French (date_order: auto)", async () => {
    const detector = await plugin.create(patternsConfigSchema.parse({}), { baseDir: ".", language: "nl-BE", projectRoot: "." });
    const run = (lang: string | undefined) =>
      detector.detect({ document_id: "d", text: "Op 01-13-2018 gezien.", metadata: lang ? { lang } : undefined }, { signal: new AbortController().signal, documentIndex: 0 });
    expect(await run("nl-BE")).toEqual([]);
    expect(await run("fr")).toEqual([]);
    expect(await run("en-US")).toHaveLength(1);
    expect(await run(undefined)).toHaveLength(1);
  });
});
