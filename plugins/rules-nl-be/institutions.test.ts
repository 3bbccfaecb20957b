// Institutions of session ten (issue 11): listed institutions written in lower case after a cue, one-word listed
// institutions after a care-service word, medical centres named before "MC" or "Medisch Centrum", type words before
// a lower-case municipality, plural practices before an article-led name, letterheads opening with an acronym, school
// and club abbreviations, French particles after a type abbreviation, HL7 facilities, lower-case and article-led names
// after a referral word, wards named by one word, acronyms of care services in brackets, care-type abbreviations in
// capitals ("CAR X"); and the negatives each rule
// must leave alone (wards of a kind, departments, clinical acronyms, headings, ordinary phrases). Invented strings.
import { beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../src/detectors/index.js";
import { loadRulesLexicon } from "./index.js";
import { detectSpans } from "./lib/detect.js";
import type { Lexicon } from "./lib/lexicon.js";
import { parseMarkup, renderMarkup } from "./test-support/markup.js";

let lexicon: Lexicon;
beforeAll(() => {
  lexicon = loadRulesLexicon(PROJECT_ROOT);
});

const ORGANISATION = /^Organization:/;

function organisations(marked: string): string {
  const { text } = parseMarkup(marked);
  return renderMarkup(text, detectSpans(text, lexicon).filter((s) => ORGANISATION.test(s.label)));
}

const POSITIVES = [
  "Hartcontrole gebeurde in [az groeninge](Organization:Healthcare) te Kortrijk.",
  "Vorige opname in [az sint-jan](Organization:Healthcare), twee jaar geleden.",
  "Thuisverpleging: [zorgbedrijf antwerpen](Organization:Healthcare)",
  "Bevallen in het [Brugwater MC](Organization:Healthcare) na inductie.",
  "Verwezen naar het [Brugwater Medisch Centrum](Organization:Healthcare) voor een MRI.",
  "Gezien in het [Centre Médical de la Verte Vallée](Organization:Healthcare) hier vlakbij.",
  "Transfert vers le [CHR du Val de Sambre](Organization:Healthcare) demain.",
  "Brief van [Huisartsen De Vlinder](Organization:Healthcare) over de medicatie.",
  "Hij gaat na het ontslag terug naar [wzc hof ter tielt](Organization:Healthcare).",
  "Aide sociale via le [cpas d'ixelles](Organization:Healthcare) depuis mars.",
  "[XKLM](Organization:Healthcare) – Laboratorium Klinische Chemie\nStaal 4",
  "Ze zit in groep 6 van [obs De Regenboog](Organization:Other) in Zwolle.",
  "Blessure bij de training van [voetbalclub De Zwaluwen](Organization:Other).",
  "Melding gedaan bij de [GGD Zuidwest](Organization:Healthcare).",
  "MSH|^~\\&|EPD|[AZXYZ](Organization:Healthcare)|LAB|LAB|20250101||ADT^A01|1|P|2.5",
  "Overgeplaatst naar [rijndal](Organization:Healthcare) voor verdere revalidatie.",
  "Vandaag overgebracht naar [sint-vincentius](Organization:Healthcare) voor herstel.",
  "De familie wil een kortverblijf in [De Wilgenhof](Organization:Healthcare), niet thuis.",
  "Rapportage afd. [Zonnedauw](Organization:Healthcare) (PG)\nNacht rustig.",
  "Thuisverpleegkundige Els ([XYZ](Organization:Healthcare)) komt morgen.",
  "Verwezen naar het [CAR Noorderlicht](Organization:Healthcare) voor logopedie.",
  "Rijksregisternummer volgt, aansluiting [LM](Organization:Other) sinds 2010.",
  "Rolstoel in bruikleen (uitleendienst van de [CM](Organization:Other)).",
  "Hulp in het huishouden via [familiehulp](Organization:Other), elke dinsdag.",
  // Session twelve: the emergency department of a hospital named by its acronym right after it.
  "Overdracht SEH [QWZ](Organization:Healthcare) om 14:10 aan de SEH-arts.",
  "Geen fractuur (foto's SEH [UMCX-Oost](Organization:Healthcare)).",
  "SEH [RZV](Organization:Healthcare)",
];

const NEGATIVES = [
  "Nachtkliniek psychiatrie, tweede verdieping.",
  "Controle op de Polikliniek Vaatziekten over drie maanden.",
  "LABORATORIUM KLINISCHE CHEMIE\nHb 8,1",
  "CT – Radiologie\nGeen afwijkingen.",
  "VERSLAG MEDISCHE BEELDVORMING\nVraagstelling: fractuur?",
  "Vader en zoon kwamen samen op consultatie.",
  "QRS – Cardiologie\nbreed complex",
  "Verwezen naar Leuven Centrum voor de markt.",
  "Bij koorts de huisartsenpost verwittigen.",
  "huisartsen Peeters en Claes werken samen.",
  "Rendez-vous en polyclinique gastro mardi.",
  "Hôpital de Jour, chambre 3.",
  "Tijd  RR  FC  T°  SpO2",
  "Je viens car Marie est malade.",
  "Afdeling Opnameplanning, kamer 3.",
  "Reden van opname: acute dyspnoe.",
  "Woont in De Panne sinds de zomer.",
  "Wonde van 3 cm, uitleendienst niet nodig.",
  "SEH ECG sinusritme, SEH OK gepland.",
  "NAAR SEH ABC VERVOERD",
];

describe("institutions by cue and shape", () => {
  it.each(POSITIVES)("%s", (marked) => {
    expect(organisations(marked)).toBe(marked);
  });
  it.each(NEGATIVES)("no organisation in: %s", (marked) => {
    expect(organisations(marked)).toBe(marked);
  });
});
