import { describe, expect, it } from "vitest";
import { checkPositive, detect, type PositiveCase } from "./testing.js";

const iban: PositiveCase[] = [
  ["IBAN [[BE68 5390 0754 7034]].", "ID:Patient", 1],
  ["Rekening [[BE68539007547034]]", "ID:Patient", 1],
  ["[[NL91 ABNA 0417 1643 00]]", "ID:Patient", 1],
  ["[[NL91ABNA0417164300]]", "ID:Patient", 1],
  ["Compte [[FR14 2004 1010 0505 0001 3M02 606]]", "ID:Patient", 1],
  ["[[DE89 3704 0044 0532 0130 00]]", "ID:Patient", 1],
  ["[[GB29 NWBK 6016 1331 9268 19]] paid", "ID:Patient", 1],
  ["op rekening [[BE71 0961 2345 6769]], mededeling", "ID:Patient", 1],
  // Printed in groups of four with the country's length, an account number whose check digits fail still counts.
  ["IBAN [[BE68 5390 0754 7035]]", "ID:Patient", 0.8],
  ["[[NL91 ABNA 0417 1643 01]]", "ID:Patient", 0.8],
  ["[[NL37 RABO 0312 8846 51]]", "ID:Patient", 0.8],
];

const nationalRegister: PositiveCase[] = [
  ["RRN [[85.07.30-033.28]]", "ID:Patient", 1],
  ["[[85073003328]]", "ID:Patient", 1],
  ["[[850730 033 28]]", "ID:Patient", 1],
  ["[[85 07 30 033 28]]", "ID:Patient", 1],
  ["Geboren 2005: [[05.03.12-123.60]]", "ID:Patient", 1],
  ["bis [[85.32.30-033.09]]", "ID:Patient", 1],
  ["bis [[85.52.30-033.52]]", "ID:Patient", 1],
  ["INSZ: [[85.07.30-033.29]]", "ID:Patient", 0.9],
  ["Rijksregisternummer: [[85.07.30-033.28]]", "ID:Patient", 1],
  ["NISS [[850730 033 28]]", "ID:Patient", 1],
  // The printed form with dots and a dash counts even when its check digits fail; unprinted forms need them.
  ["[[85.07.30-033.29]]", "ID:Patient", 0.8],
  ["[[85.11.02-274.61]]", "ID:Patient", 0.8],
];

const bsn: PositiveCase[] = [
  ["BSN: [[123456782]]", "ID:Patient", 1],
  ["burgerservicenummer [[1234.56.782]]", "ID:Patient", 1],
  ["Sofinummer: [[111222333]]", "ID:Patient", 1],
  ["Nummer [[234567806]] bekend.", "ID:Patient", 0.8],
  ["BSN [[123456780]]", "ID:Patient", 0.9],
];

const ssn: PositiveCase[] = [
  ["SSN [[123-45-6789]]", "ID:Patient", 0.9],
  ["[[123-45-6789]]", "ID:Patient", 0.8],
  ["Social Security Number: [[123 45 6789]]", "ID:Patient", 0.9],
  ["SSN: [[123456789]]", "ID:Patient", 0.9],
  // The last four digits of a masked number are still the patient's.
  ["SSN: ***-**-[[5083]]", "ID:Patient", 0.9],
  ["Social Security XXX-XX-[[7219]]", "ID:Patient", 0.9],
];

const npi: PositiveCase[] = [
  ["NPI: [[1234567893]]", "ID:Caregiver", 1],
  ["NPI [[1234567890]]", "ID:Caregiver", 0.9],
  ["National Provider Identifier [[1234567893]]", "ID:Caregiver", 1],
  ["Attending physician Dr. Smith, [[1234567893]]", "ID:Caregiver", 1],
];

const records: PositiveCase[] = [
  // Compounds that name a number, right before the identifier or one word before it.
  ["Cliëntnummer [[CL-0047719]] bij de wijkverpleging.", "ID:Patient", 0.9],
  ["aansluitingsnummer [[313-2205418-57]]", "ID:Patient", 0.9],
  ["Staalnr.: [[2403210577]]", "ID:Patient", 0.9],
  ["RIZIV-nummer huisarts: [[1-94402-19-004]].", "ID:Caregiver", 0.9],
  ["AGB-code praktijk: [[01056203]].", "ID:Caregiver", 0.9],
  ["MRN: [[12345678]]", "ID:Patient", 0.9],
  ["MRN [[A1234567]]", "ID:Patient"],
  ["Medical record number [[4455667]].", "ID:Patient"],
  ["Patient ID: [[PT-99887]]", "ID:Patient"],
  ["patiëntnummer [[123456]]", "ID:Patient"],
  ["Patientnummer: [[123456]]", "ID:Patient"],
  ["dossiernummer [[A1234567]]", "ID:Patient"],
  ["dossier nr. [[2023/45678]]", "ID:Patient"],
  ["EAD-nummer: [[2023-004512]]", "ID:Patient"],
  ["opnamenummer [[7788990]]", "ID:Patient"],
  ["pat. nr. [[998877]]", "ID:Patient"],
  ["n° de dossier [[998877]]", "ID:Patient"],
  ["numéro de patient : [[445566]]", "ID:Patient"],
  ["N° dossier: [[AB-55443]]", "ID:Patient"],
  ["IPP [[12345]]", "ID:Patient"],
  ["RIZIV [[1-23456-78-901]]", "ID:Caregiver", 0.9],
  ["n° INAMI [[1-23456-78-901]]", "ID:Caregiver"],
  ["MRN #[[5566778]]", "ID:Patient"],
  ["MRN | [[50174215]]", "ID:Patient"],
  ["Patiëntnr | [[932.742.175]]", "ID:Patient"],
  ["Pt: West ([[12 jaar]]), EPD [[2209364]]", ["Age_Birthdate", "ID:Patient"]],
  ["Patiënt ([[84 jaar oud]]) - [[EPD5331282]]", ["Age_Birthdate", "ID:Patient"]],
  ["Geb.: [[12/09/2013]]   Nr: [[1057089]]", ["Date", "ID:Patient"]],
  ["NHS No: [[943 476 5919]]", "ID:Patient", 1],
  ["NHS: [[943 476 5918]]", "ID:Patient", 0.9],
  ["GMC [[6334359]]", "ID:Caregiver", 0.9],
  ["serial no. [[JU04-47562]]", "Anonymize_Other", 0.9],
  ["kenteken [[1-ABC-123]]", "Anonymize_Other", 0.9],
  ["drives (registration [[6DDH199]])", "Anonymize_Other"],
  ["Rijdt nog met de wagen ([[1-MRR-622]]).", "Anonymize_Other", 0.8],
  ["pacemaker in situ, serial [[PB29-54948]].", "Anonymize_Other"],
  ["Kenteken brommobiel: [[G-451-RT]]", "Anonymize_Other", 0.9],
  ["nummerplaat [[12-ABC-3]]", "Anonymize_Other", 0.9],
  ["Code deur: [[5093]].", "Anonymize_Other"],
  ["verzekeraar Ethias – polis [[38.114.902]]", "ID:Patient"],
  ["mutuelle Solidaris – n° affiliation [[227105633]]", "ID:Patient"],
  ["Mutualité chrétienne – n° affilié [[130/0552417/61]]", "ID:Patient"],
  ["Assureur loi : Ethias, n° de sinistre [[2025/AT/310527]]", "ID:Patient"],
  // Samples, reports and identity documents; a prescriber's number after "voorschrijver", an AGB code alone.
  ["Staalnummer: [[B24-771203]]", "ID:Patient"],
  ["Protocol: [[25K004412]]", "ID:Patient"],
  ["Ons kenmerk: [[JGZ-2024-1187]]", "ID:Patient"],
  ["Referentie: [[20231104577]]", "ID:Patient", 0.9],
  ["Referentie aanvraag: [[KLM-2024-55310]]", "ID:Patient"],
  ["Aanvraagnr.: [[23-507781]]", "ID:Patient"],
  // An aligned form: the label, a run of spaces, then the colon.
  ["Staalnummer     : [[31-207-44190]]       Afname: 10:20", "ID:Patient"],
  ["N° de demande : [[31-4452018]]", "ID:Patient"],
  ["N° mission [[220-23-00417]]", "ID:Patient"],
  ["weefsel (biopt [[24/H/05531]]) opgestuurd", "ID:Patient"],
  ["ID-kaart [[591-2038475-77]]", "ID:Patient"],
  ["paspoort [[KX7T45R21]]", "ID:Patient"],
  ["passeport [[19FV52281]]", "ID:Patient"],
  ["Voorschrijver: [[1-55120-48-003]]", "ID:Caregiver"],
  ["verloskundige (AGB [[03-055219]])", "ID:Caregiver"],
  ["Aanvrager: dr. Peeters (huisarts) - [[1-60231-17-004]]", "ID:Caregiver"],
  ["Dr Idrissi, endocrinologue, [[1.63524.19.580]]", "ID:Caregiver"],
  // The RIZIV shape with slashes or single spaces; a UZI pass number after its word.
  ["arts [[1/46027/93/108]] tekent", "ID:Caregiver", 0.8],
  ["(RIZIV [[1 46027 93 108]])", "ID:Caregiver"],
  ["Bevoegd (UZI-pas [[900233104]])", "ID:Caregiver", 0.9],
];

// Bare identifiers: 7–12 digits as a field value or next to a capitalised word, with no record word before them.
/** Codes shaped like references, and numbers after police, key-box and serial words. */
const codes: PositiveCase[] = [
  ["Stansbiopt [[B23-558102]]: geen maligniteit.", "ID:Patient", 0.8],
  ["Ons kenmerk: [[KNO/TV/24-1187]]", "ID:Patient", 0.9],
  ["Uw kenmerk: [[GE/2024/7731]]", "ID:Patient", 0.9],
  ["Dossier bij de verzekeraar, polis [[XK-4410/99182]].", "ID:Patient", 0.9],
  ["PV nr [[GE.12.L3.004417/2024]] opgemaakt.", "ID:Patient", 0.9],
  ["Sleutelkastje links van de achterdeur, code [[7-3-1-8]].", "Anonymize_Other", 0.9],
  ["boîte à clés près de la porte, code [[6093]]", "Anonymize_Other", 0.9],
  ["Defibrillator, SN [[51180347]].", "Anonymize_Other", 0.9],
  ["Plaat [[52-RTF-8]] gezien.", "Anonymize_Other"],
  ["[[7-GZL-64]]", "Anonymize_Other"],
];

const bare: PositiveCase[] = [
  ["ID: [[7483920193]]", "ID:Patient", 0.8],
  ["Formulier: [[20231104577]]", "ID:Patient", 0.8],
  ["Patiënt: Jansen, [[4839201]]", "ID:Patient", 0.8],
  ["Verbeke Marc [[20394857]]", "ID:Patient", 0.8],
  ["De Smet - [[8374621]]", "ID:Patient", 0.8],
  ["Patiënt [[7729104]], kamer 12", "ID:Patient", 0.8],
  ["Fatma Yilmaz ([[4419203]])", "ID:Patient", 0.8],
  ["[[3920194]] Peeters", "ID:Patient", 0.8],
  ["Naam: Claes | [[83920114]]", "ID:Patient", 0.8],
  // Capitals glued to six to twelve digits: alone, or after a record word earlier on the line (plurals too).
  ["[[Q00731846]]", "ID:Patient", 0.8],
  ["Er zijn twee dossiers aangemaakt: [[Q00731846]] en [[Q00799102]].", "ID:Patient", 0.9],
  ["Referentie opname [[VR26001873]] doorgegeven.", "ID:Patient", 0.9],
];

// Session twelve: a letter's own reference, numbers after weak record words (six digits or more), a Belgian
// structured communication, an e-prescription's RID.
const references: PositiveCase[] = [
  ["Onze ref.: [[2024-0051932]]", "ID:Patient", 0.9],
  ["uw ref: [[77120345]]", "ID:Patient", 0.9],
  ["Onze ref.: [[KL/ab/25-0117]]", "ID:Patient", 0.9],
  ["Notre réf. : [[2025-306817]]", "ID:Patient", 0.9],
  ["PatNr [[4401877]]   Opn [[0033190245]]", ["ID:Patient", "ID:Patient"], [0.9, 0.9]],
  ["ordernr [[B2604477120]]", "ID:Patient", 0.9],
  ["rit [[20260107-0112]] melding 03:12", "ID:Patient", 0.9],
  ["met vermelding +++[[090/9337/55493]]+++", "ID:Patient", 1],
  ["Communication : ***[[123/4567/89012]]***", "ID:Patient", 0.9],
  ["RID: [[BEP7KQ2M9X4T]]", "ID:Patient", 0.9],
];

const cueEarlierOnLine: PositiveCase[] = [
  ["Het BSN op de verwijsbrief ([[284019377]]) klopt niet.", "ID:Patient", 0.8],
  ["Verzekeraar / nr.     : ZK / [[661204598]]", "ID:Patient", 0.8],
];

const repeated: PositiveCase[] = [
  ["Dossiernr [[5510287]]\n*[[5510287]]*", ["ID:Patient", "ID:Patient"], [0.9, 0.9]],
];

const negatives: string[] = [
  // Capitals glued to digits without a record word or with more text around them: a lot, a device, a code.
  "Lot AB123456 vervalt eind juni.",
  "Apparaat SN123456 geplaatst, controle over 3 maanden.",
  // Context words of samples and documents before no identifier.
  "Protocol: zie bijlage 2.",
  "Kenmerk 3 van 5 aanwezig.",
  "Voorschrijver: 3 x per dag.",
  "Versie 1.12345.67.8901 geïnstalleerd.",
  "mutatie BRCA-12-AB gevonden",
  "code AB-12-CD",
  "deur 2 open",
  "Bedrag: 1250000 EUR",
  "Kosten: € 2500000",
  "Leukocyten 7500000",
  "GSM: 0471234567",
  "Fax: 025551234",
  "Totaal: 12000000 cellen",
  "Jansen 12345678 mg",
  "het aantal was 4839201 vandaag",
  "Ref. 1234567/2023",
  "Nummer 12345675 epd.",
  "telefoonnummer 12345678",
  "huisnummer 1234",
  "kamernummer 3412",
  "versienummer 2.3.4567",
  "lotnummer 12345",
  "postcode 9000",
  "klantnummer 12",
  "XX68 5390 0754 7034",
  "BE68539007547035",
  "be68 5390 0754 7035",
  "85.33.30-033.29",
  "85073003329",
  "85.13.30-033.70",
  "8507300332",
  "123456780",
  "012345678",
  "000-12-3456",
  "666-12-3456",
  "900-12-3456",
  "123-00-4567",
  "123-45-0000",
  // A mask with too few groups, glued to a word, or more digits after the four; spaced groups that go on.
  "**-8326 en A***-**-8326 en ***-**-83262",
  "totaal 3 1 46027 93 108 2",
  "123 45 6789",
  "1234567893",
  "physician 1234567890",
  "MRN: onbekend",
  "dossier volledig",
  "INSZ 12",
  "Hotel-id 12345",
  "nummer 12345",
  "kamer nr. 123456",
  "tel nr 1234567",
  "Nr: 12345",
  "MRN: zie brief 12",
  // Codes of tests, genes, variants, batches and versions are no one's number.
  "Factor V R506Q/G20210A heterozygoot, JAK2 V617F negatief",
  "ICD-10 I48.2, CA-125 van 35",
  "HLA-B27 positief, NT-proBNP 1250",
  "lot AB-2023-11871",
  "versie V-2024.11.3",
  "ATC N02BE01",
  "code rood 1234",
  // Weak record words before a year or a short count; a structured communication needs its pluses.
  "opn 2019 ivm pneumonie",
  "rit 3 van de dag",
  "order 12 stuks",
  "ref. 1234-5678 van de fabrikant",
  "verhouding 090/9337/55493",
  "BEPAALD 12",
  "Nummer van de kamer 1234567",
  "Lotnummer op de doos, 2 stuks van 1234567",
];

const tables: [string, PositiveCase[]][] = [
  ["IBAN", iban],
  ["national register number", nationalRegister],
  ["BSN", bsn],
  ["SSN", ssn],
  ["NPI", npi],
  ["record number", records],
  ["bare identifier", bare],
  ["code", codes],
  ["reference", references],
  ["repeated", repeated],
  ["record word earlier on the line", cueEarlierOnLine],
];

describe.each(tables)("%s", (_name, table) => {
  it.each(table)("finds %s", (...testCase) => {
    const { actual, expected } = checkPositive(testCase as PositiveCase);
    expect(actual).toEqual(expected);
  });
});

describe("identifier negatives", () => {
  it.each(negatives)("finds no identifier in %s", (text) => {
    expect(detect(text).filter((s) => s.label.startsWith("ID:"))).toEqual([]);
  });

  it("needs Dutch for a BSN without its context word", () => {
    expect(detect("nummer 234567806 bekend.", { languages: ["fr", "en"] })).toEqual([]);
  });

  it("switches each family off", () => {
    const off = (family: string) => ({ families: { [family]: false, recordNumbers: false } });
    expect(detect("IBAN BE68 5390 0754 7034", off("iban"))).toEqual([]);
    expect(detect("RRN 85.07.30-033.28", off("nationalRegisterNumbers"))).toEqual([]);
    expect(detect("BSN: 123456782", off("bsn"))).toEqual([]);
    expect(detect("SSN 123-45-6789", off("ssn"))).toEqual([]);
    expect(detect("NPI: 1234567893", off("npi"))).toEqual([]);
    expect(detect("MRN: 12345678", off("recordNumbers"))).toEqual([]);
  });
});
