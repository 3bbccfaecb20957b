// Dates and ages in the forms of session ten (issue 11): compact dates ("07NOV2019"), dates of scanned text with
// look-alike letters in their digits ("l7/O9/2Ol8"), day ranges before a day and month ("21-22/06"), a day and month
// before a clock time or opening a log line, a weekday and a day ("mardi 16 14h15"), compact dates in table cells,
// lists of ages ("(11, 8 en 5 jaar)", "zonen (4 en 7)"), "een vrouw van 88", "(Ilse, 14)" and the age at an
// event ("overleden op 57 jaar"). The strings are invented for these tests.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { DetectedSpan } from "../../src/contract/index.js";
import { PROJECT_ROOT } from "../../src/detectors/index.js";
import { loadRulesLexicon } from "./index.js";
import { detectSpans } from "./lib/detect.js";
import type { Lexicon } from "./lib/lexicon.js";
import { parseMarkup, renderMarkup } from "./test-support/markup.js";

let lexicon: Lexicon;
beforeAll(() => {
  lexicon = loadRulesLexicon(PROJECT_ROOT);
});

const MONTHS = ["jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"];

function detectedDates(text: string): DetectedSpan[] {
  return detectSpans(text, lexicon).filter((s) => s.label === "Date" || s.label === "Age_Birthdate");
}

describe("compact dates", () => {
  it("finds a day, a month abbreviation and a year written together, in any case, with its exact offsets", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 0, max: 11 }),
        fc.integer({ min: 1950, max: 2039 }),
        fc.boolean(),
        fc.constantFrom("upper", "lower", "title"),
        fc.constantFrom("Bloedafname ", "Controle op ", "Datum: ", ""),
        (day, month, year, pad, casing, prefix) => {
          const m = MONTHS[month];
          const written = casing === "upper" ? m.toUpperCase() : casing === "title" ? m[0].toUpperCase() + m.slice(1) : m;
          const date = `${pad ? String(day).padStart(2, "0") : day}${written}${year}`;
          const text = `${prefix}${date} nuchter.`;
          const found = detectedDates(text);
          expect(found).toContainEqual(expect.objectContaining({ start: prefix.length, end: prefix.length + date.length, label: "Date" }));
        },
      ),
    );
  });

  it("takes a two-digit year and a birth cue, and leaves doses and codes alone", () => {
    const text = "Geb. 7fev1961\nVolgende controle 12MRT24.";
    const found = detectedDates(text).map((s) => [text.slice(s.start, s.end), s.label]);
    expect(found).toEqual([["7fev1961", "Age_Birthdate"], ["12MRT24", "Date"]]);
    for (const negative of ["Dosis 5mg2x per dag.", "Lot 3dec99x ontvangen.", "Code 40jan zonder jaar."]) {
      expect(detectedDates(negative)).toEqual([]);
    }
  });
});

describe("dates of scanned text", () => {
  const damage = (s: string, choice: readonly boolean[]): string =>
    Array.from(s, (ch, i) => (choice[i % choice.length] ? (ch === "0" ? "O" : ch === "1" ? "l" : ch) : ch)).join("");

  it("gives a damaged date the offsets the undamaged date has", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 2000, max: 2029 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 10 }),
        fc.constantFrom("/", "-", "."),
        (day, month, year, choice, sep) => {
          const clean = `${String(day).padStart(2, "0")}${sep}${String(month).padStart(2, "0")}${sep}${year}`;
          const damaged = damage(clean, choice);
          const prefix = "Ontslagen op ";
          const want = detectedDates(`${prefix}${clean} na overleg.`).map((s) => [s.start, s.end]);
          const got = detectedDates(`${prefix}${damaged} na overleg.`).map((s) => [s.start, s.end]);
          expect(want).toEqual([[prefix.length, prefix.length + clean.length]]);
          expect(got).toEqual(want);
        },
      ),
    );
  });

  it("reads months with look-alike digits and spaced separators, and needs a cue for a year alone", () => {
    const cases = [
      "Brugge, [l4 0ktober 2O23](Date)",
      "Tielt, [O3 - O6 - 2O2l](Date)",
      "Voorgeschiedenis: astma (aanval [2Ol9](Date)), eczeem.",
      "Hb l2 mmol/l, CRP lO.",
      "Kamer 2O1 vrij.",
    ];
    for (const marked of cases) {
      const { text } = parseMarkup(marked);
      expect(renderMarkup(text, detectedDates(text)), marked).toBe(marked);
    }
  });
});

describe("days and months with a second signal", () => {
  const cases = [
    "Nachtdienst [21-22/06](Date) kamer 12.",
    "Monitoring (du [3 au 4/05](Date)) : rythme sinusal.",
    "In de nacht van [6 op 7 mei](Date) onrustig.",
    "LMP: [4/11](Date)",
    "Antibiotica tot en met [21/10](Date)",
    "Telefoon [9/4](Date) 10:20 met de zoon.",
    "Rapport\n[18/02](Date) Nacht rustig verlopen.",
    "Prochain rendez-vous [mardi 16](Date) 14h15.",
    "Afspraak [vrijdag 20](Date), om 9u.",
    "Uitslagen van [januari](Date) zijn normaal.",
    "3,K. Maes,B12,[20250407](Date),12.40",
    "Pijn 3-4/10 bij het stappen.",
    "Rapport\n1/2 tablet 's avonds.",
    "Dinsdag 14 uur overleg.",
    "Referentie 20251399 onbekend.",
    "Née le [1 2 / 0 3 / 1 9 5 8](Age_Birthdate), à Namur.",
    "Geb.: [1 9 7 1 - 0 4 - 1 8](Age_Birthdate)\nAdres: Dorp 3",
    "RX thorax ( [0 9 / 0 4](Date) ) toont een verdichting.",
    "Opérée le [2 1 / 0 6](Date) d'une cholécystectomie.",
    "Controle (CAG op [4-2](Date)). Beleid volgt.",
    "Ik kom op 3-4 dagen terug.",
    "Score 4 / 5 / 6 goed.",
    "Opgenomen op [oudejaarsavond](Date) met koorts.",
    "kerstmis inkopen lijst",
  ];
  it.each(cases)("%s", (marked) => {
    const { text } = parseMarkup(marked);
    expect(renderMarkup(text, detectedDates(text))).toBe(marked);
  });
});

describe("ages in lists, after person nouns and at an event", () => {
  const cases = [
    "Woont met drie kinderen ([11](Age_Birthdate), [8](Age_Birthdate) en [5 jaar](Age_Birthdate)) in een rijhuis.",
    "Twee zonen ([4](Age_Birthdate) en [7](Age_Birthdate)) gaan naar school.",
    "Een vrouw van [88](Age_Birthdate) met koorts.",
    "Een man van 80 kg en 1m80.",
    "Heeft een dochter (Ilse, [14](Age_Birthdate)) die thuis woont.",
    "Moeder overleden op [57 jaar](Age_Birthdate) aan een CVA.",
    "Diabetes vastgesteld op [45 jaar](Age_Birthdate).",
    "Gewichtsverlies van 8 kg op 3 jaar tijd.",
    "Controle bij Fien (nu [7 jaar](Age_Birthdate)) wegens astma.",
    "Dosis 2, 4 en 6 weken later herhaald.",
    "Bespreken: mw. Peeters ([88](Age_Birthdate), val), dhr. Claes (polyfarmacie).",
    "VAN DAM, R.   M [66](Age_Birthdate)   03/09/1959",
    // Session twelve: shorthand ages in rows and strips, a child's years and months, "nu" in an apposition, a
    // birthday after "wordt"; durations and doses stay unmarked.
    "WOUTERS GRETA\n° [12.03.1941](Age_Birthdate)   V   [84j](Age_Birthdate)\nKamer 212",
    "k.12  Cleyn R.  [77j](Age_Birthdate) M\n - pneumonie",
    "Kind: Mila (° [03.05.2021](Age_Birthdate)) - [4j 2m](Age_Birthdate) - 16 kg",
    "Ik zag Lore, nu [14 maanden](Age_Birthdate), met haar vader.",
    "Mevrouw wordt [90](Age_Birthdate) op 3 maart; de familie komt.",
    "De dosis wordt 50 op dag 3.",
    "Klachten sinds 2 jaar 3 maanden.",
    "Roken  30 j  gestopt in de zomer",
  ];
  it.each(cases)("%s", (marked) => {
    const { text } = parseMarkup(marked);
    const found = detectSpans(text, lexicon).filter((s) => s.label === "Age_Birthdate");
    expect(renderMarkup(text, found)).toBe(marked);
  });
});
