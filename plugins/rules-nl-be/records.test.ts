// Structured records (lib/records.ts): names, places, organisations, jobs and ages that a table column, an export's
// key or an HL7 field position names. Each case is exact (offsets and label) for the record rules alone; each has a
// negative that the same rule must leave alone; a property checks offsets on arbitrary table-like text.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../src/detectors/index.js";
import { loadRulesLexicon } from "./index.js";
import { analyse } from "./lib/analysis.js";
import { ALL_FAMILIES, detectSpans } from "./lib/detect.js";
import type { Lexicon } from "./lib/lexicon.js";
import { recordCandidates } from "./lib/records.js";
import { parseMarkup, renderMarkup } from "./test-support/markup.js";

let lexicon: Lexicon;
beforeAll(() => {
  lexicon = loadRulesLexicon(PROJECT_ROOT);
});

const renderRecords = (marked: string): string => {
  const { text } = parseMarkup(marked);
  const spans = recordCandidates(analyse(text, lexicon), ALL_FAMILIES).map((c) => ({ start: c.start, end: c.end, label: c.label }));
  return renderMarkup(text, spans);
};

const CASES: [rule: string, marked: string][] = [
  ["comma-separated export with a header row",
    "patientnr,naam,voornaam,gemeente\n50011236,[Van Hoeck](Name:Patient),[Marcel](Name:Patient),[Dendermonde](Address_Location:Patient)"],
  ["semicolon export in capitals, a caregiver column",
    "ID;NAAM;VOORNAAM;ARTS;AFDELING\n778901;[DE BACKER](Name:Patient);[ANNA](Name:Patient);[SCHOLLAERT](Name:Caregiver);GERIATRIE"],
  ["quoted cells", "\"ID\",\"Naam\",\"Huisarts\"\n\"100231\",\"[Lemmens Jo](Name:Patient)\",\"Dr. [Van Laer](Name:Caregiver)\""],
  ["a lower-case export: listed names that are no ordinary words",
    "naam;voornaam;arts\n[peeters](Name:Patient);[wendy](Name:Patient);[claes](Name:Caregiver)\nonbekend;bakker;zie boven"],
  ["initials under a signing column",
    "uur    RR       pols  paraaf\n09:00  125/70   72    [KV](Name:Caregiver)\n15:00  138/82   90    [LDW](Name:Caregiver)"],
  ["pipe table: patient, place, organisation",
    "| Patiënt | Woonplaats | Thuisverpleging |\n|---|---|---|\n| [Emre T.](Name:Patient) | [Genk](Address_Location:Patient) | [Familiezorg](Organization:Healthcare) |"],
  ["a table's job column", "Naam\tBeroep\tLft\n[Koen Jacobs](Name:Patient)\t[bakker](Profession)\t[63 j](Age_Birthdate)"],
  ["age in words and approximate ages",
    "Nr  Leeftijd          Reden\n1   [achtenveertig](Age_Birthdate)     controle\n2   [vijftiger](Age_Birthdate)         controle\n3   [begin 80](Age_Birthdate)          val"],
  ["export fields: key=value, JSON, XML, dot leaders, bullets",
    "naam=[Vandenberghe](Name:Patient); arts=Dr. [Coppens](Name:Caregiver)\n{\"voornaam\": \"[Ilse](Name:Patient)\", \"gemeente\": \"[Hasselt](Address_Location:Patient)\"}\n<woonplaats>[Tienen](Address_Location:Patient)</woonplaats>\nBeroep .............. [kleuterjuf](Profession)\n- voornaam: [Rik](Name:Patient)"],
  ["initials after a plain caregiver field", "Getypt door: [ML](Name:Caregiver)\nNagelezen: [L.S.](Name:Caregiver)"],
  ["plain fields of kinds the name rules do not read", "Ziekenfonds: [Solidaris](Organization:Other)\nLeeftijd: [ca. 70 jaar](Age_Birthdate)\nWerkgever: [Bekaert NV](Organization:Other), Zwevegem"],
  // MSH-4 (and MSH-6) name the sending (receiving) facility; a system code there ("LAB", "EPD") names none.
  ["HL7 names, address, caregivers and facilities by position",
    "MSH|^~\\&|ZIS|[ZKH](Organization:Healthcare)|LAB|[ZKHWEST](Organization:Healthcare)\nPID|1||4455123^^^[ZKH](Organization:Healthcare)^MR||[Geldhof^Lotte](Name:Patient)^^^Mevr.||[19870214](Age_Birthdate)|F|||[Dorpsstraat 18^^Tremelo^^3128](Address_Location:Patient)^BE\nPV1|1|I|CARD^305^2||||01234^[Hulpiau^Piet](Name:Caregiver)^^^Dr.\nNK1|1|[Geldhof^Tom](Name:Other)|SPO"],
  // PV1-3.4 names the location's facility; PID-3.4 the authority that assigned an identifier, an institution only
  // when a message header names it as a facility (a national register "NN" or a country code "BE" is none).
  ["HL7 facilities of a location and of an identifier",
    "MSH|^~\\&|ADT|[ZKHNOORD](Organization:Healthcare)|LAB|[ZKHNOORD](Organization:Healthcare)|[20240310081522](Date)\nPID|1||ZN0012345^^^[ZKHNOORD](Organization:Healthcare)^PI~71020312345^^^BE^NN||[Sels^Piet](Name:Patient)\nPV1|1|I|C2^104^1^[ZKHNOORD](Organization:Healthcare)||||01234^[Hulpiau^Mira](Name:Caregiver)"],
  ["no facility in a location without one, nor an unknown authority",
    "MSH|^~\\&|ADT|[ZKHNOORD](Organization:Healthcare)|LAB|LAB|[20240310081522](Date)\nPID|1||ZN0012345^^^RRN^PI||[Sels^Piet](Name:Patient)\nPV1|1|I|C2^104^1||||01234^[Hulpiau^Mira](Name:Caregiver)"],
  ["identification strips: name, sex letter, birth date",
    "[MERTENS, Sabine](Name:Patient)  V  21/06/1979 (45j)   PID 410327798\n[Peeters Jan](Name:Patient) (M) °12/03/1950 - kamer 412\n[DE SMET Karel](Name:Patient) / M / 05-06-1939"],
  ["a study log: initials with short particles, investigators by column",
    "Studie-ID  | Initialen | Geb.jaar | Arm | Onderzoeker\nXYZ-01-001 | [K.v.P.](Name:Caregiver)    | 1950     | A   | [JdW](Name:Caregiver)"],
  // Session twelve: who signed a log's row.
  ["a signing column after many short titles, decimal commas in the rows",
    "Dag     Voor   Na     UF     Qb   Vpk\nma 3/2  81,4   79,9   1,5 l  300  [RvB](Name:Caregiver)\nwo 5/2  81,9   80,1   1,8 l  300  [MT](Name:Caregiver)"],
  ["a note after the initials of a signing cell", "uur\tRR\tparaaf\n06:00\t120/70\t[GH](Name:Caregiver) -> arts gebeld"],
  ["a vaccinator column", "Vaccin      Datum        Vaccinator\nBoostrix    04/03/2024   [LM](Name:Caregiver)"],
  ["a log row without a header: a time and initials last", "12-02\t07:30\tglycemie 142\t[TvH](Name:Caregiver)\n12-02   11:45   bloedafname   [KL](Name:Caregiver)/[SW](Name:Caregiver)"],
  ["routes and classes closing a log row are no initials", "08:00\tamoxicilline 1 g\tIV\n10:15\tparacetamol 1 g\tPO\nOK 2 | 09:30 | ASA | II"],
  // Session twelve (round eleven as development set): a comma or semicolon inside a quoted cell separates nothing,
  // and an age column's value may be digits alone.
  ["quoted cells holding the separator, a bare age",
    "bezoek,uur,naam,lft,arts\n12/05,09:00,\"[Moes, K.](Name:Patient)\",[57](Age_Birthdate),[RD](Name:Caregiver)\n12/05,09:20,\"[De Wolf, L.](Name:Patient)\",[8](Age_Birthdate),[RD](Name:Caregiver)"],
  ["semicolons inside a quoted note", "\"id\";\"naam\";\"voornaam\";\"opmerking\"\n\"11\";\"[Gorin](Name:Patient)\";\"[Ilka](Name:Patient)\";\"insuline; controle\""],
  ["FHIR and CDA name parts", "{\"family\": \"[Verbrugt](Name:Patient)\", \"given\": [\"Lies\"]}\n<given>[Tom](Name:Patient)</given><family>[Aernts](Name:Patient)</family>"],
  // Session thirteen: the separators are the header's own, and the time stamps of a message are dates (PID-7 a birth).
  ["HL7 with the field separator its header declares",
    "MSH#^~\\&#ZIS#[ZKHOOST](Organization:Healthcare)#LAB#[ZKHOOST](Organization:Healthcare)#[20250704113012](Date)##ADT^A01#M77#P#2.5\nPID#1##7713^^^[ZKHOOST](Organization:Healthcare)^PI##[Wouters^Mira](Name:Patient)^^^Mevr.##[19620911](Age_Birthdate)#F###[Lindelaan 7^^Keerbergen^^3140](Address_Location:Patient)^BE"],
  ["HL7 time stamps of the event, the visit and an observation",
    "MSH|^~\\&|ADT|[ZKHOOST](Organization:Healthcare)|LAB|LAB|[202507041130](Date)\nEVN|A03|[20250708](Date)\nOBX|1|NM|K^Kalium||4.1|mmol/L|||||F|||[20250705064500](Date)\nOBR|1|||CBC|||[20250705](Date)"],
  // Session thirteen: the parts of a name and an address an export keeps apart; a form's combined postcode field.
  ["a Dutch name's particle and an address's number and postcode in their own keys",
    "{\"achternaam\": \"[Wulms](Name:Patient)\", \"tussenvoegsel\": \"[van der](Name:Patient)\", \"huisnummer\": \"[14](Address_Location:Patient)\", \"busnummer\": \"[3](Address_Location:Patient)\", \"postcode\": \"[3128](Address_Location:Patient)\"}\n<housenumber>[12B](Address_Location:Patient)</housenumber><zip>[3140](Address_Location:Patient)</zip>"],
  ["a postcode and its town in one field", "Postcode / gemeente: [3128 / Tremelo](Address_Location:Patient)\nPostcode en woonplaats: [3140 Keerbergen](Address_Location:Patient)"],
  ["a table's house number column", "straat;huisnr;postcode\n[Lindeweg](Address_Location:Patient);[5a](Address_Location:Patient);[3128](Address_Location:Patient)"],
  // Negatives.
  ["a strip needs the sex letter and a date", "Opname Peeters Jan op 12/03\nControle V 12/03/2024 goed"],
  ["a medication table's name column names drugs", "Naam           Dosis     Frequentie\nMetformine     850 mg    2x/dag\nPantoprazol    40 mg     1x/dag"],
  ["a key-value block aligned with spaces is no table", "Geboorteplaats   : [Roeselare](Address_Location:Patient)\nNationaliteit    : Belg\nBurgerlijke stand: gehuwd"],
  ["two cells of a key and a value are no header", "Patiënt | Mevr. Ingrid Claes\nGeboortedatum | 11/11/1961\nAdres | Veldstraat 33"],
  ["placeholders and words are no names", "Kamer  Patiënt     Lft\n403    leeg        -\n404    Onbekend    ?\n405    (vrij)      -"],
  ["a plain name field is the name rules'", "Naam: Jansen"],
  ["employment states alone are no job", "Beroep: werkloos\nBeroep: gepensioneerd"],
  ["a comma row with another number of cells is no row", "naam,lft\n38,1,88,2"],
  ["particle, number and postcode keys need their shape", "{\"tussenvoegsel\": \"Mulders\", \"huisnummer\": \"onbekend\", \"postcode\": \"12\"}\nNr  Leeftijd  Reden"],
  ["pipes that are no HL7 segment", "PIDX|1||Verhaegen^Lotte"],
  ["an HL7 time field without a calendar day", "MSH|^~\\&|ADT|LAB|LAB|LAB|20251399\nEVN|A01|NOW"],
  ["a line that opens with MSH in prose declares no separators", "MSH werd besproken\nPID 1 2 3"],
];

describe("record rules", () => {
  it.each(CASES)("%s", (_rule, marked) => {
    expect(renderRecords(marked)).toBe(marked);
  });

  it("follow the families", () => {
    const text = "Naam\tWoonplaats\tBeroep\nKoen Jacobs\tGenk\tbakker";
    const labels = (families: typeof ALL_FAMILIES) => recordCandidates(analyse(text, lexicon), families).map((c) => c.label);
    expect(labels({ ...ALL_FAMILIES, names: false, professions: false })).toEqual(["Address_Location:Patient"]);
    expect(labels({ ...ALL_FAMILIES, addresses: false, professions: false })).toEqual(["Name:Patient"]);
  });

  it("run through the detector: a table's cells come out whole", () => {
    const marked = "patientnr;naam;voornaam\n40051187;[Adeyemi](Name:Patient);[Folake](Name:Patient)";
    const { text } = parseMarkup(marked);
    expect(renderMarkup(text, detectSpans(text, lexicon).filter((s) => s.label.startsWith("Name")))).toBe(marked);
  });

  it("return candidates inside the text, trimmed, without separators, for any table-like text", () => {
    const cell = fc.oneof(fc.constantFrom("Naam", "Arts", "Woonplaats", "Beroep", "Leeftijd", "Peeters", "Genk", "dr. Maes", "71", "bakker", ""), fc.string({ maxLength: 6 }));
    const line = fc.array(cell, { minLength: 1, maxLength: 5 }).chain((cells) => fc.constantFrom("|", "\t", "  ", ";", ",", "=").map((sep) => cells.join(sep)));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), (lines) => {
        const text = lines.join("\n");
        for (const c of recordCandidates(analyse(text, lexicon), ALL_FAMILIES)) {
          expect(c.start).toBeGreaterThanOrEqual(0);
          expect(c.end).toBeLessThanOrEqual(text.length);
          expect(c.end).toBeGreaterThan(c.start);
          const v = text.slice(c.start, c.end);
          expect(v).toBe(v.trim());
          expect(v).not.toMatch(/[|\n\t;"]/);
        }
      }),
      { numRuns: 200 },
    );
  });
});
