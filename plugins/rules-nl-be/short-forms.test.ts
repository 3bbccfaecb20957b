// Session twelve (round eleven as development set): short date forms (lib/date-forms.ts), the street line above a
// postal code in a letter head (lib/addresses.ts), a surname that is also a word after two initials where the name
// closes, shift-prefixed nurse abbreviations before a name, pharmacies in "-apotheek" and a name before a practice's
// discipline (lib/organisations.ts). The strings are invented for these tests.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../src/detectors/index.js";
import { loadRulesLexicon } from "./index.js";
import { dateFormCandidates } from "./lib/date-forms.js";
import { detectSpans } from "./lib/detect.js";
import type { Lexicon } from "./lib/lexicon.js";
import { parseMarkup, renderMarkup } from "./test-support/markup.js";

let lexicon: Lexicon;
beforeAll(() => {
  lexicon = loadRulesLexicon(PROJECT_ROOT);
});

function marked(input: string, keep: (label: string) => boolean): string {
  const { text } = parseMarkup(input);
  return renderMarkup(text, detectSpans(text, lexicon).filter((s) => keep(s.label)));
}

const DATES = [
  "Opname [14-3](Date) met weeën om de 5 minuten.",
  "Bloedafname [3-11](Date) 08:15 nuchter.",
  "RX knie [12.04](Date) 10u in het ziekenhuis.",
  "Roken: [2005](Date) - [2017](Date) een half pakje per dag.",
  "Woonde daar van [1998](Date) tot [2012](Date).",
  "Voorgeschiedenis\n[2016](Date): appendectomie\n[2021](Date): fractuur pols",
  // Negatives: a stay of days, a measure, a dose range, a count before a colon mid-line.
  "Opname 3-4 dagen voorzien.",
  "CT 2.5 mm coupes.",
  "Dosis 1000 - 2000 mg per dag.",
  "Ratio 2019:2020 onbekend.",
];

const ADDRESSES = [
  "Praktijk Het Anker\n[Ankerplein 9\n1234 AB  Dorp](Address_Location:Other)",
  "Dienst Geriatrie\n[Molenhof Noord 12\n3000 Leuven](Address_Location:Other)",
  // A room above a postal code is no street.
  "Kamer 12\n[3000 Leuven](Address_Location:Other)",
];

const NAMES = [
  "Met vriendelijke groet,\n[R.T. Smid](Name:Other)",
  "[K.L. Visch](Name:Other), huisarts",
  "Gezien door nachtverpl. [Warre](Name:Other).",
  "Ingreep verricht door\n[dr. Vanden-\nbroucke](Name:Other) . Verloop goed.",
  // A word any list holds after the wrapped hyphen opens a new clause.
  "Besproken met [dr. Pelters](Name:Other)-\nvandaag geen wijziging.",
];

const ORGANISATIONS = [
  "Herhaalrecept naar de [Zonneapotheek](Organization:Healthcare) gestuurd.",
  "Verslag van de podotherapeut ([Verhelle Podotherapie](Organization:Healthcare)) bijgevoegd.",
  // A kind of medicine supply, and a discipline without a name before it, name no practice.
  "Neem je Huisapotheek mee naar de opname.",
  "Vraag na bij de Ziekenhuisapotheek.",
  "Verwezen naar Fysiotherapie voor oefentherapie.",
];

describe("short forms", () => {
  it.each(ORGANISATIONS)("organisations: %s", (m) => {
    expect(marked(m, (l) => l.startsWith("Organization"))).toBe(m);
  });

  it.each(DATES)("dates: %s", (m) => {
    expect(marked(m, (l) => l === "Date")).toBe(m);
  });
  it.each(ADDRESSES)("addresses: %s", (m) => {
    expect(marked(m, (l) => l.startsWith("Address_Location"))).toBe(m);
  });
  it.each(NAMES)("names: %s", (m) => {
    const { text } = parseMarkup(m);
    // The role is not what these cases test: every name is rendered as Name:Other.
    const spans = detectSpans(text, lexicon).filter((s) => s.label.startsWith("Name:")).map((s) => ({ ...s, label: "Name:Other" as const }));
    expect(renderMarkup(text, spans)).toBe(m);
  });

  it("date forms return four-digit years or a day and a month inside the text", () => {
    const piece = fc.constantFrom("Opname ", "afn ", "RX thorax ", "2019", "2021", " - ", "-", ".", "14", "3", "10", " tot ", ":", "\n", " mg", " met", " ");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join("");
        for (const c of dateFormCandidates(text)) {
          expect(c.start).toBeGreaterThanOrEqual(0);
          expect(c.end).toBeLessThanOrEqual(text.length);
          expect(text.slice(c.start, c.end)).toMatch(/^(?:(?:19|20)\d{2}|\d{1,2}[-.]\d{1,2})$/);
        }
      }),
      { numRuns: 300 },
    );
  });
});
