// Ages and identifiers in table columns whose header names them, through the whole patterns detector: the value
// alone in its cell, under its header; other columns, other tables and values that fit no column stay unmarked.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findTableCells } from "./tables.js";
import { checkPositive, detect, type PositiveCase } from "./testing.js";

const A = "Age_Birthdate" as const;
const I = "ID:Patient" as const;

const positives: PositiveCase[] = [
  ["| Naam | Leeftijd | Kamer |\n|---|---|---|\n| Jansen | [[67]] | 12 |\n| Peeters | [[81 j]] | 14 |", [A, A]],
  ["Naam\tLft.\tDiagnose\nJansen\t[[67]]\tCOPD\nBos\t[[5]]\tastma", [A, A]],
  ["Patiënt    Âge    Service\nDupont     [[72 ans]]    gériatrie", A],
  ["| Patiëntnr. | Naam |\n| [[4302917]] | Jansen |\n| [[4302918]] | Bos |", [I, I]],
  ["ID\tNaam\tKamer\n[[EPD-00123]]\tJansen\t12", I],
  ["| N° dossier | Nom |\n|---|---|\n| [[20240117]] | Dupont |", I],
  ["| Kamer | MRN | Leeftijd |\n| 12 | [[8812345]] | [[45]] |", [I, A]],
  // Space-aligned rows matched to the header by position: two titles in one header cell, an extra column in a row.
  ["kamer bed  patiënt          lft  reden\n301   2    Maes Jules       [[82]]   val\n302   1    Wuyts Lea        [[77]]   koorts",
    [A, A]],
  ["Uur    Naam          Leeft  Reden\n10:05  Claes R.      [[±45]]    buikpijn", A],
  ["| kamer | patiënt | lft |\n| 1 | Noor Claes | [[5 w]] |\n| 2 | Lars Maes | [[9 mnd]] |", [A, A]],
  // A compound that names a number as a header: an identifier column.
  ["zak       eenheidsnr         uur\nTR        [[X4402 19 553201 T]]  08:10", I],
  ["| N° demande | Nom |\n| [[31-4452018]] | Dupont |", I],
  // A spreadsheet export split by semicolons; postcodes under their header.
  ["PID;Naam;Lft;Postcode\n[[6620931]];Verstrepen;[[71]];[[2800]]\n[[6620478]];Anouar;[[64]];[[B-8500]]", [I, A, "Address_Location:Other", I, A, "Address_Location:Other"]],
  // Comma-separated values with a header row, quoted cells (a comma inside quotes splits nothing).
  ["patientnr,naam,lft\n[[50011234]],Wuyts,[[46]]\n[[50011235]],Okafor,[[35]]", [I, A, I, A]],
  ['"ID","Naam","Leeftijd"\n"[[100231]]","Lemmens, Jo","[[66]]"', [I, A]],
  // Header words that name a national number; phone, pager and extension columns.
  ["Rijksregister  Naam           Kamer\n[[72041512345]]    Desmet Kris    12", I],
  ["Functie        Naam           Toestel   GSM\nDiensthoofd    Karel Wuyts    [[6120]]      [[0476 31 52 08]]", ["Contactdetails", "Contactdetails"]],
  // A birth year or date under a birth column.
  ["Bewoner          Kamer   Geboortejaar\nVandamme Irène   12      [[1931]]\nSchepens G.      14      [[1935]]", [A, A]],
  // A name that runs into the age column with a single space: its last word is the age.
  ["kamer bed  naam                    lft  dx\n402   1    Verhaeghe-Lambert Karel [[86]]   heupfractuur", A],
  // Session twelve: a study log's subject column; "°" alone titles a birth column.
  ["Studie-ID  | Initialen | Arm\n[[ABC-02-017]] | K.L.      | B", I],
  ["kamer\tnaam\t°\tnaar\nB1-12\tWauts Lea\t[[1941]]\tthuis", A],
  // Session thirteen: an audit log's logins (the patient's or a proxy's when the row's role says so) and workstations.
  [
    "tijdstip              gebruiker        rol             actie\n" +
      "[[2026-01-03]] 08:10:11   [[q.lammertyn]]      patiënt         inloggen\n" +
      "[[2026-01-03]] 09:00:00   [[tdewulfaert]]          arts            dossier geopend\n" +
      "[[2026-01-03]] 09:05:00   portaal:[[m.lammertyn]] gemachtigde  inloggen",
    ["Date", I, "Date", "ID:Caregiver", "Date", I],
  ],
  ["event_time           user_id   workstation   action\n[[2024-05-01]] 10:00:00  [[q7394]]     [[WARDPC-14]]     VIEW", ["Date", "ID:Caregiver", "Anonymize_Other"]],
];

const negatives: string[] = [
  // A system account, or a workstation cell without a digit, names no one.
  "event_time           user_id   workstation   action\n2024-05-01 10:00:00  system    LOBBY     VIEW",
  // Semicolons in a sentence split no table.
  "Leeftijd; ID; Naam worden later ingevuld; 12 en 45 zijn geen waarden.",
  "Postcode;onbekend;later\n12;ja;nee",
  // No header names the column.
  "| Naam | Kamer | Bed |\n| Jansen | 12 | 2 |",
  // A value that is no age, or shares its cell with other words.
  "| Naam | Leeftijd |\n| Jansen | onbekend |\n| Bos | 67 en 68 |\n| Vos | 135 |",
  // A blank line ends the table: the number under it is in no column.
  "| Naam | Leeftijd |\n\n| Glucose | 12 |",
  // Identifier columns hold at least four digits and no dates or times.
  "| ID | Tijd |\n| 12 | 10:30 |\n| 01-02 | 11:00 |",
  // A column that numbers rooms, beds or phones, or a header word that only starts like "no", names no identifier.
  "| Kamernr. | Telefoonnr. | Normes |\n| 2104 | 0471123456 | 136-145 |",
  // A year under a column that is no birth column is no birth year.
  "Naam      Kamer   Jaar\nVos       12      1931",
  // A decimal comma in a line of values splits no header.
  "Temp,Pols,Lft\n38,1,88,2",
  // Aligned prose with two spaces is no table without a header word.
  "Controle  over  twee  weken  met  labo.",
];

describe("table columns", () => {
  it.each(positives.map((c) => [c[0], c]))("marks %j", (_marked, testCase) => {
    const { actual, expected } = checkPositive(testCase as PositiveCase);
    expect(actual).toEqual(expected);
  });

  it.each(negatives.map((n) => [n]))("leaves %j alone", (text) => {
    expect(detect(text).filter((s) => s.label === A || s.label === I)).toEqual([]);
  });

  it("leaves service numbers, dates and short numbers under a phone column alone", () => {
    const text = "Functie     Telefoon\nWachtdienst 1733\nNoodnummer  112\nConsult     12/03\nBalie       12";
    expect(findTableCells(text, { ages: true, identifiers: true, contacts: true })).toEqual([]);
  });

  it("follows the families: no ages with ages off, no identifiers with record numbers off", () => {
    const text = "| MRN | Leeftijd |\n| 8812345 | 45 |";
    expect(findTableCells(text, { ages: false, identifiers: true }).map((s) => s.label)).toEqual([I]);
    expect(findTableCells(text, { ages: true, identifiers: false }).map((s) => s.label)).toEqual([A]);
  });

  it("returns spans inside the text, each a whole cell without surrounding spaces, for any table-like text", () => {
    const cell = fc.oneof(fc.constantFrom("Leeftijd", "MRN", "ID", "Naam", "45", "1234567", "ab", ""), fc.string({ maxLength: 6 }));
    const line = fc.array(cell, { minLength: 1, maxLength: 5 }).chain((cells) =>
      fc.constantFrom("|", "\t", "  ").map((sep) => cells.join(sep)),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), (lines) => {
        const text = lines.join("\n");
        for (const s of findTableCells(text, { ages: true, identifiers: true })) {
          expect(s.start).toBeGreaterThanOrEqual(0);
          expect(s.end).toBeLessThanOrEqual(text.length);
          expect(s.end).toBeGreaterThan(s.start);
          const value = text.slice(s.start, s.end);
          expect(value).toBe(value.trim());
          expect(value).not.toMatch(/[|\n\t]/);
        }
      }),
      { numRuns: 300 },
    );
  });
});
