// One table per healing rule: frozen text and spans in, the spans (label and covered text) out.
import { describe, expect, it } from "vitest";
import type { DocumentMetadata, Label, Span } from "../../src/contract/index.js";
import { lexiconFor, RULES } from "../../src/healing/index.js";

type Given = [surface: string, label: Label, occurrence?: number];

function spanAt(text: string, [surface, label, occurrence = 0]: Given): Span {
  let at = -1;
  for (let i = 0; i <= occurrence; i++) at = text.indexOf(surface, at + 1);
  if (at < 0) throw new Error(`fixture: "${surface}" not in text`);
  return { start: at, end: at + surface.length, label, detectors: ["det"] };
}

function heal(rule: string, text: string, given: Given[], opts: { metadata?: DocumentMetadata; options?: Record<string, unknown>; languages?: ("nl" | "fr" | "en")[] } = {}) {
  const apply = RULES[rule](lexiconFor(opts.languages ?? ["nl", "fr"]));
  const spans = Object.freeze(given.map((g) => Object.freeze(spanAt(text, g)))) as Span[];
  const out = apply(spans, { document: { document_id: "t", text, metadata: opts.metadata }, options: opts.options ?? {} });
  return [...out]
    .sort((a, b) => a.start - b.start || a.end - b.end)
    .map((s) => ({ text: text.slice(s.start, s.end), label: s.label, detectors: s.detectors }));
}
const shown = (r: ReturnType<typeof heal>) => r.map((s) => [s.label, s.text]);

describe("phase 0: per-span normalisation", () => {
  it("trim-span strips edge punctuation and degree signs", () => {
    expect(shown(heal("trim-span", "zie (Peeters) en °12/03", [["(Peeters) ", "Name:Patient"], ["°12/03", "Date"]]))).toEqual([
      ["Name:Patient", "Peeters"],
      ["Date", "12/03"],
    ]);
    expect(shown(heal("trim-span", "a -- b", [["--", "Date"]]))).toEqual([["Date", "--"]]);
  });
  it("trim-span-keep-hash keeps an identifier's own leading # and trims everything else as trim-span", () => {
    const text = "ref #A44812, MRN#55021986, (#12345) # 7781234 and #ABCDE tag #2024";
    const given: Given[] = [["#A44812,", "ID:Patient"], ["#55021986", "ID:Patient"], ["(#12345)", "ID:Patient"], ["# 7781234", "ID:Patient"], ["#ABCDE", "ID:Patient"], ["#2024", "Date"]];
    expect(shown(heal("trim-span-keep-hash", text, given, { languages: ["en"] }))).toEqual([
      ["ID:Patient", "#A44812"],
      ["ID:Patient", "55021986"],
      ["ID:Patient", "#12345"],
      ["ID:Patient", "7781234"],
      ["ID:Patient", "ABCDE"],
      ["Date", "2024"],
    ]);
    expect(shown(heal("trim-span", text, given.slice(0, 1), { languages: ["en"] }))).toEqual([["ID:Patient", "A44812"]]);
  });
  it("title-period gives a caregiver ending in a title its period", () => {
    expect(shown(heal("title-period", "Peeters, Dr. belt", [["Peeters, Dr", "Name:Caregiver"]]))).toEqual([["Name:Caregiver", "Peeters, Dr."]]);
    expect(shown(heal("title-period", "Peeters, Dr. belt", [["Peeters, Dr", "Name:Patient"]]))).toEqual([["Name:Patient", "Peeters, Dr"]]);
  });
  it("initial-period gives a name ending in an initial its period", () => {
    expect(shown(heal("initial-period", "Peeters J. kwam", [["Peeters J", "Name:Patient"]]))).toEqual([["Name:Patient", "Peeters J."]]);
    expect(shown(heal("initial-period", "Peeters. Dan", [["Peeters", "Name:Patient"]]))).toEqual([["Name:Patient", "Peeters"]]);
  });
  it("caregiver-title-left takes up to three titles before a caregiver, unless another span holds them", () => {
    expect(shown(heal("caregiver-title-left", "door prof. dr. Peeters", [["Peeters", "Name:Caregiver"]]))).toEqual([["Name:Caregiver", "prof. dr. Peeters"]]);
    expect(shown(heal("caregiver-title-left", "door prof. dr. Peeters", [["Peeters", "Name:Caregiver"], ["dr.", "Anonymize_Other"]]))).toEqual([
      ["Anonymize_Other", "dr."],
      ["Name:Caregiver", "Peeters"],
    ]);
    expect(shown(heal("caregiver-title-left", "le Dr Dupont", [["Dupont", "Name:Caregiver"]]))).toEqual([["Name:Caregiver", "Dr Dupont"]]);
  });
  it("titled-name-fragment grows a fragment to its word and the title before it", () => {
    expect(shown(heal("titled-name-fragment", "bij prof Paelinck", [["el", "Name:Other"]]))).toEqual([["Name:Other", "prof Paelinck"]]);
    expect(shown(heal("titled-name-fragment", "bij Paelinck", [["Pael", "Name:Caregiver"]]))).toEqual([["Name:Caregiver", "Paelinck"]]);
  });
  it("relabel-titled-names makes a name with a medical title a caregiver, not a lone title", () => {
    expect(shown(heal("relabel-titled-names", "Dr. Peeters en Dr.", [["Dr. Peeters", "Name:Other"], ["Dr.", "Name:Other", 1]]))).toEqual([
      ["Name:Caregiver", "Dr. Peeters"],
      ["Name:Other", "Dr."],
    ]);
    expect(shown(heal("relabel-titled-names", "Drieskens", [["Drieskens", "Name:Other"]]))).toEqual([["Name:Other", "Drieskens"]]);
  });
  it("trailing-titled-caregiver grows to the smallest 'Family, Given, Title' name around it", () => {
    const text = "verslag Van Berckelaer, Christophe, Dr. volgt";
    expect(shown(heal("trailing-titled-caregiver", text, [["Van Berckelaer", "Name:Caregiver"]]))).toEqual([["Name:Caregiver", "Van Berckelaer, Christophe, Dr."]]);
    expect(shown(heal("trailing-titled-caregiver", text, [["Christophe", "Name:Caregiver"]]))).toEqual([["Name:Caregiver", "Christophe, Dr."]]);
    expect(shown(heal("trailing-titled-caregiver", text, [["Christophe", "Name:Other"]]))).toEqual([["Name:Other", "Christophe"]]);
  });
  it("leading-plus gives a phone number its +", () => {
    expect(shown(heal("leading-plus", "tel +32 475 12 34 56", [["32 475 12 34 56", "Contactdetails"]]))).toEqual([["Contactdetails", "+32 475 12 34 56"]]);
    expect(shown(heal("leading-plus", "+3 Peeters", [["3", "Name:Patient"]]))).toEqual([["Name:Patient", "3"]]);
  });
  it("bracket-balance takes the matching bracket outside the span", () => {
    expect(shown(heal("bracket-balance", "tel (03) 123 45 67", [["03) 123 45 67", "Contactdetails"]]))).toEqual([["Contactdetails", "(03) 123 45 67"]]);
    expect(shown(heal("bracket-balance", "[Zaal 3] rechts", [["[Zaal 3", "Organization:Healthcare"]]))).toEqual([["Organization:Healthcare", "[Zaal 3]"]]);
  });
});

describe("phase 1", () => {
  it("drop-non-alphanumeric drops spans without letters or digits", () => {
    expect(shown(heal("drop-non-alphanumeric", "a -- ° b", [["--", "Date"], ["°", "Date"], ["b", "Name:Other"]]))).toEqual([["Name:Other", "b"]]);
  });
});

describe("phase 2: metadata", () => {
  it("recover-patient-names finds the patient's names, particles only next to a name, never inside other spans", () => {
    const metadata = { patient: { given_name: "Jan", family_name: "De Smet" } };
    const text = "Mevr. de Smet en De Smet; de kat van Jan. AZ Jan Palfijn.";
    expect(shown(heal("recover-patient-names", text, [["AZ Jan Palfijn", "Organization:Healthcare"]], { metadata }))).toEqual([
      ["Name:Patient", "de Smet"],
      ["Name:Patient", "De Smet"],
      ["Name:Patient", "Jan"],
      ["Organization:Healthcare", "AZ Jan Palfijn"],
    ]);
    const created = heal("recover-patient-names", "Jan", [], { metadata })[0];
    expect(created.detectors).toEqual(["healing:recover-patient-names"]);
    expect(heal("recover-patient-names", "Jan", [], { metadata, options: { recover_names: false } })).toEqual([]);
  });
  it("recover-caregiver-names finds a caregiver in every written form, with titles", () => {
    const metadata = { caregivers: [{ given_name: "Sandra", family_name: "Kenis" }] };
    expect(shown(heal("recover-caregiver-names", "brief van Kenis, Sandra, Dr. en dr. Kenis", [], { metadata }))).toEqual([
      ["Name:Caregiver", "Kenis, Sandra, Dr."],
      ["Name:Caregiver", "dr. Kenis"],
    ]);
    expect(shown(heal("recover-caregiver-names", "Kenis", [["Kenis", "Address_Location:Other"]], { metadata }))).toEqual([["Address_Location:Other", "Kenis"]]);
  });
  it("recover-caregiver-names-untitled finds the same forms and leaves titles and degrees outside", () => {
    const metadata = { caregivers: [{ given_name: "Isobel", family_name: "Drummond" }] };
    const text = "seen by Dr Isobel Drummond; Drummond, Isobel, MD; cc Prof. Drummond";
    expect(shown(heal("recover-caregiver-names-untitled", text, [], { metadata, languages: ["en"] }))).toEqual([
      ["Name:Caregiver", "Isobel Drummond"],
      ["Name:Caregiver", "Drummond, Isobel"],
      ["Name:Caregiver", "Drummond"],
    ]);
    expect(shown(heal("recover-caregiver-names", text, [], { metadata, languages: ["en"] }))[0]).toEqual(["Name:Caregiver", "Dr Isobel Drummond"]);
  });
  it("recover-known-values finds values verbatim or with separators, with the caller's label", () => {
    const metadata = { known_values: [{ value: "123456", label: "ID:Patient" as const }, { value: "x", label: "ID:Patient" as const }] };
    const out = heal("recover-known-values", "dossier 12.34.56 en x", [], { metadata });
    expect(shown(out)).toEqual([["ID:Patient", "12.34.56"]]);
    expect(out[0].detectors).toEqual(["healing:recover-known-values"]);
  });
});

describe("phase 3: names and titles", () => {
  it("merge-adjacent-patient-names joins patient name parts separated by spaces", () => {
    const out = heal("merge-adjacent-patient-names", "Jan  Peeters, Claes", [["Jan", "Name:Patient"], ["Peeters", "Name:Patient"], ["Claes", "Name:Patient"]]);
    expect(shown(out)).toEqual([["Name:Patient", "Jan  Peeters"], ["Name:Patient", "Claes"]]);
  });
  it("caregiver-title-prefix merges title spans into the caregiver after them", () => {
    expect(shown(heal("caregiver-title-prefix", "Prof. Dr. Peeters", [["Prof.", "Name:Other"], ["Dr.", "Name:Other"], ["Peeters", "Name:Caregiver"]]))).toEqual([
      ["Name:Caregiver", "Prof. Dr. Peeters"],
    ]);
  });
  it("caregiver-title-suffix merges a title span after the caregiver", () => {
    expect(shown(heal("caregiver-title-suffix", "Peeters, Dr. zag", [["Peeters", "Name:Caregiver"], ["Dr", "Name:Other"]]))).toEqual([["Name:Caregiver", "Peeters, Dr."]]);
  });
  it("drop-contained-titles drops title spans inside a caregiver", () => {
    expect(shown(heal("drop-contained-titles", "Dr. Peeters", [["Dr. Peeters", "Name:Caregiver"], ["Dr.", "Name:Other"]]))).toEqual([["Name:Caregiver", "Dr. Peeters"]]);
  });
  it("rebalance-undelimited-titles gives each caregiver the title after it", () => {
    const text = "Kenis Sandra Dokter Laridon Annick Dokter";
    expect(shown(heal("rebalance-undelimited-titles", text, [["Kenis Sandra", "Name:Caregiver"], ["Dokter Laridon Annick", "Name:Caregiver"]]))).toEqual([
      ["Name:Caregiver", "Kenis Sandra Dokter"],
      ["Name:Caregiver", "Laridon Annick Dokter"],
    ]);
  });
  it("resolve-overlapping-caregiver-titles leaves a shared title to the first caregiver", () => {
    const text = "Peeters, Dr. Claes";
    expect(shown(heal("resolve-overlapping-caregiver-titles", text, [["Peeters, Dr.", "Name:Caregiver"], ["Dr. Claes", "Name:Caregiver"]]))).toEqual([
      ["Name:Caregiver", "Peeters, Dr."],
      ["Name:Caregiver", "Claes"],
    ]);
  });
  it("join-split-entity joins one label's parts split by a space or hyphen, not two titled people", () => {
    expect(shown(heal("join-split-entity", "AZ Sint-Jan Brugge", [["AZ Sint", "Organization:Healthcare"], ["Jan", "Organization:Healthcare"], ["Brugge", "Address_Location:Other"]]))).toEqual([
      ["Organization:Healthcare", "AZ Sint-Jan"],
      ["Address_Location:Other", "Brugge"],
    ]);
    const two = "Kenis Sandra Dokter Laridon Annick";
    expect(heal("join-split-entity", two, [["Kenis Sandra Dokter", "Name:Caregiver"], ["Laridon Annick", "Name:Caregiver"]])).toHaveLength(2);
  });
});

describe("phase 4: full written forms", () => {
  it("extend-to-full-forms grows dates, ages, web addresses, post offices and rooms to their smallest full form", () => {
    const text = "op 12 maart 2023 en begin mei 2023; 45-jarige; www.uza.be/x. ANTWERPEN 1, Zaal 3";
    expect(
      shown(
        heal("extend-to-full-forms", text, [
          ["12 maart", "Date"],
          ["mei", "Date"],
          ["45", "Age_Birthdate"],
          ["uza.be", "Contactdetails"],
          ["ANTWERPEN", "Address_Location:Other"],
          ["Zaal", "Organization:Healthcare"],
        ]),
      ),
    ).toEqual([
      ["Date", "12 maart 2023"],
      ["Date", "begin mei 2023"],
      ["Age_Birthdate", "45-jarige"],
      ["Contactdetails", "www.uza.be/x"],
      ["Address_Location:Other", "ANTWERPEN 1"],
      ["Organization:Healthcare", "Zaal 3"],
    ]);
    expect(shown(heal("extend-to-full-forms", "van 12-14 maart 2023", [["14 maart", "Date"]]))).toEqual([["Date", "12-14 maart 2023"]]);
    expect(shown(heal("extend-to-full-forms", "on March 12, 2023", [["March 12", "Date"]], { languages: ["en"] }))).toEqual([["Date", "March 12, 2023"]]);
  });
  it("trim-trailing-time cuts a time of day off a date", () => {
    expect(shown(heal("trim-trailing-time", "12/03/2023 14:30", [["12/03/2023 14:30", "Date"]]))).toEqual([["Date", "12/03/2023"]]);
  });
  it("drop-invalid-dates drops pieces of times, 'volgend jaar', lone phase words and impossible n-m", () => {
    const text = "om 14:30, volgend jaar, begin, 45-13, 12-03";
    const out = heal("drop-invalid-dates", text, [["30", "Date"], ["volgend jaar", "Date"], ["begin", "Date"], ["45-13", "Date"], ["12-03", "Date"]]);
    expect(shown(out)).toEqual([["Date", "12-03"]]);
  });
  it("drop-invalid-dates keeps a month and a four-digit year ('11-2021') and still drops '13-2021' and '11-2400'", () => {
    const out = heal("drop-invalid-dates", "per 11-2021, 13-2021, 11-2400", [["11-2021", "Date"], ["13-2021", "Date"], ["11-2400", "Date"]]);
    expect(shown(out)).toEqual([["Date", "11-2021"]]);
  });
  it("drop-invalid-dates keeps a range of two years ('2016-2021') and still drops '2016-45'", () => {
    const out = heal("drop-invalid-dates", "took it 2016-2021, dose 2016-45", [["2016-2021", "Date"], ["2016-45", "Date"]]);
    expect(shown(out)).toEqual([["Date", "2016-2021"]]);
  });
});

describe("phases 5 and 6", () => {
  it("extend-weekday takes the weekday before a date unless another span holds it", () => {
    expect(shown(heal("extend-weekday", "lundi, 3/4 vu", [["3/4", "Date"]]))).toEqual([["Date", "lundi, 3/4"]]);
    expect(shown(heal("extend-weekday", "ma 3/4", [["3/4", "Date"], ["ma", "Name:Other"]]))).toEqual([["Name:Other", "ma"], ["Date", "3/4"]]);
  });
  it("degree-to-birthdate makes a date after a birth mark a birth date", () => {
    expect(shown(heal("degree-to-birthdate", "X (° 12/03/1980), geboren op 1/2/1990, op 3/4/2020", [["12/03/1980", "Date"], ["1/2/1990", "Date"], ["3/4/2020", "Date"]]))).toEqual([
      ["Age_Birthdate", "12/03/1980"],
      ["Age_Birthdate", "1/2/1990"],
      ["Date", "3/4/2020"],
    ]);
  });
});

describe("beyond MedDeID", () => {
  it("propagate-names finds a detected name's other occurrences when the option is on", () => {
    const text = "Peeters belde. Later kwam Peeters, niet peeters.";
    const on = heal("propagate-names", text, [["Peeters", "Name:Patient"]], { options: { propagate_names: true } });
    expect(shown(on)).toEqual([["Name:Patient", "Peeters"], ["Name:Patient", "Peeters"]]);
    expect(on.find((s) => s.detectors?.[0] === "healing:propagate-names")).toBeDefined();
    expect(heal("propagate-names", text, [["Peeters", "Name:Patient"]])).toHaveLength(1);
  });
  it("deduplicate keeps one span per position and label with all detectors", () => {
    const text = "Peeters";
    const one = { start: 0, end: 7, label: "Name:Patient" as const, detectors: ["a"] };
    const two = { ...one, detectors: ["b"] };
    const out = RULES.deduplicate(lexiconFor(["nl"]))([one, two], { document: { document_id: "t", text }, options: {} });
    expect(out).toEqual([{ start: 0, end: 7, label: "Name:Patient", detectors: ["a", "b"] }]);
  });
});

describe("English policy", () => {
  it("join-address-pieces joins a street, a town and a postcode on one line, never a list of towns", () => {
    const text = "Clinic: Quarry Lane, Ashby AB12 3CD. Clinics in Leeds, Bradford.\nMain Road\nAB1 2CD";
    const out = heal(
      "join-address-pieces",
      text,
      [["Quarry Lane", "Address_Location:Other"], ["Ashby AB12 3CD", "Address_Location:Caregiver"], ["Leeds", "Address_Location:Other"], ["Bradford", "Address_Location:Other"], ["Main Road", "Address_Location:Other"], ["AB1 2CD", "Address_Location:Other"]],
      { languages: ["en"] },
    );
    expect(shown(out)).toEqual([
      ["Address_Location:Caregiver", "Quarry Lane, Ashby AB12 3CD"],
      ["Address_Location:Other", "Leeds"],
      ["Address_Location:Other", "Bradford"],
      ["Address_Location:Other", "Main Road"],
      ["Address_Location:Other", "AB1 2CD"],
    ]);
    expect(out[0].detectors).toEqual(["det"]);
  });
  it("join-surname-given joins 'SURNAME, Given' and 'Surname, Given' after a field label, never a list of names", () => {
    const text = "To: OKORO, Adaeze\nFrom: Lindqvist, Maja\nSeen by Smith, Jones and Patel.";
    const out = heal(
      "join-surname-given",
      text,
      [["OKORO", "Name:Caregiver"], ["Adaeze", "Name:Other"], ["Lindqvist", "Name:Other"], ["Maja", "Name:Other"], ["Smith", "Name:Caregiver"], ["Jones", "Name:Other"], ["Patel", "Name:Other"]],
      { languages: ["en"] },
    );
    expect(shown(out)).toEqual([
      ["Name:Caregiver", "OKORO, Adaeze"],
      ["Name:Other", "Lindqvist, Maja"],
      ["Name:Caregiver", "Smith"],
      ["Name:Other", "Jones"],
      ["Name:Other", "Patel"],
    ]);
  });
  it("join-surname-given takes a middle initial after the given name, not 'I' nor the article 'A'", () => {
    const text = "Pt: HALVORSEN, Brigit K\nRef: Quaye, Efua T. (GP)\nTo: OYELOWO, Dapo I\nFrom: MBEKI, Thabo A fall";
    const out = heal(
      "join-surname-given",
      text,
      [["HALVORSEN", "Name:Patient"], ["Brigit", "Name:Other"], ["Quaye", "Name:Other"], ["Efua", "Name:Other"], ["OYELOWO", "Name:Other"], ["Dapo", "Name:Other"], ["MBEKI", "Name:Other"], ["Thabo", "Name:Other"]],
      { languages: ["en"] },
    );
    expect(shown(out)).toEqual([
      ["Name:Patient", "HALVORSEN, Brigit K"],
      ["Name:Other", "Quaye, Efua T."],
      ["Name:Other", "OYELOWO, Dapo"],
      ["Name:Other", "MBEKI, Thabo"],
    ]);
  });
  it("join-address-pieces takes the rest of a flat number and a street word between pieces", () => {
    const text = "Flat 2/1, 9 Kirk Street and Flat 4, Bramble Court, 12 Mill Road";
    const out = heal(
      "join-address-pieces",
      text,
      [["Flat 2", "Address_Location:Other"], ["9 Kirk Street", "Address_Location:Patient"], ["Flat 4, Bramble", "Address_Location:Other"], ["12 Mill Road", "Address_Location:Other"]],
      { languages: ["en"] },
    );
    expect(shown(out)).toEqual([
      ["Address_Location:Patient", "Flat 2/1, 9 Kirk Street"],
      ["Address_Location:Other", "Flat 4, Bramble Court, 12 Mill Road"],
    ]);
  });
  it("join-address-pieces leaves a name beside an address alone", () => {
    const text = "Ward 3, Jo Bloggs 12 Elm Road";
    expect(shown(heal("join-address-pieces", text, [["Jo Bloggs", "Name:Patient"], ["12 Elm Road", "Address_Location:Patient"]], { languages: ["en"] }))).toEqual([
      ["Name:Patient", "Jo Bloggs"],
      ["Address_Location:Patient", "12 Elm Road"],
    ]);
  });
});

describe("every rule has a test here", () => {
  it("lists them", () => {
    expect(Object.keys(RULES).sort()).toEqual(
      [
        "bracket-balance", "caregiver-title-left", "caregiver-title-prefix", "caregiver-title-suffix", "deduplicate", "degree-to-birthdate",
        "drop-contained-titles", "drop-invalid-dates", "drop-non-alphanumeric", "extend-to-full-forms", "extend-weekday", "initial-period",
        "join-address-pieces", "join-split-entity", "join-surname-given", "leading-plus", "merge-adjacent-patient-names", "propagate-names", "rebalance-undelimited-titles",
        "recover-caregiver-names", "recover-caregiver-names-untitled", "recover-known-values", "recover-patient-names", "relabel-titled-names", "resolve-overlapping-caregiver-titles",
        "title-period", "titled-name-fragment", "trailing-titled-caregiver", "trim-span", "trim-span-keep-hash", "trim-trailing-time",
      ].sort(),
    );
  });
});
