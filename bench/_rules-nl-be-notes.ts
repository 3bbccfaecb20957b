// Generated ~2 KB Dutch clinical notes for the rules-nl-be benchmark: names, streets, postal codes and cities from
// faker's nl_BE locale, clinical filler and identifier sentences written here. Deterministic for a seed. Each note
// comes with the spans of the identifiers it was built from, so the benchmark can also report recall on them.
import { fakerNL_BE as faker } from "@faker-js/faker";
import type { Label } from "../src/contract/index.js";
import { parseMarkup } from "../plugins/rules-nl-be/test-support/markup.js";

export interface GeneratedNote {
  text: string;
  spans: { start: number; end: number; label: Label }[];
}

const pick = <T>(xs: readonly T[]): T => xs[faker.number.int({ min: 0, max: xs.length - 1 })];
const int = (min: number, max: number): number => faker.number.int({ min, max });
const pad = (n: number): string => String(n).padStart(2, "0");
const date = (): string => `${pad(int(1, 28))}/${pad(int(1, 12))}/${int(2015, 2025)}`;
const MONTHS = ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"];

const FILLER = [
  "Patiënt meldt sinds enkele dagen toenemende dyspnoe bij inspanning, zonder thoracale pijn.",
  "Klinisch onderzoek: cor regelmatig, geen souffle; longen vesiculair ademgeruis met basale crepitaties rechts.",
  "Het labo toont een CRP van 62 mg/L, leukocyten 12.8 x10^9/L, creatinine 1.18 mg/dL en eGFR 58.",
  "Bloeddruk 148/86 mmHg, hartfrequentie 104/min, saturatie 94% aan kamerlucht, temperatuur 38.4 °C.",
  "RX thorax toont een discreet basaal infiltraat rechts zonder pleuravocht.",
  "ECG: sinusritme, geen ST-elevatie, normale QRS-duur.",
  "Gestart met amoxicilline-clavulaanzuur 875 mg driemaal daags, paracetamol 1 g viermaal daags indien nodig.",
  "Thuismedicatie: Asaflow 80 mg, bisoprolol 2.5 mg, atorvastatine 40 mg, Pantomed 40 mg.",
  "Voorgeschiedenis: arteriële hypertensie, diabetes mellitus type 2 sinds 10 jaar, appendectomie.",
  "Gekend met de ziekte van Parkinson, behandeld met levodopa; geen recente valpartijen.",
  "Pijnscore 4/10 in rust, 7/10 bij mobilisatie; analgesie aangepast.",
  "Wondzorg met NaCl en absorberend verband, wonde proper zonder tekens van infectie.",
  "Patiënt mobiliseert met rollator onder begeleiding van de kinesitherapeut.",
  "Geen koorts, geen nachtzweten, eetlust goed, stoelgang normaal.",
  "Besluit: klinische verbetering, verdere opvolging via de huisarts.",
  "Beleid: antibiotica verder per os gedurende zeven dagen, controle van de nierfunctie over een week.",
  "Rookt niet meer sinds 5 jaar, alcohol occasioneel.",
  "De verpleging meldt een rustige nacht en een goede nachtrust.",
];

/** "[text](Label)" marks an identifier in the templates below. */
const mark = (text: string, label: Label): string => `[${text}](${label})`;

function person(): { first: string; last: string } {
  return { first: faker.person.firstName(), last: faker.person.lastName() };
}

function identifierSentence(): string {
  const p = person();
  const d = person();
  const address = `${faker.location.street()} ${int(1, 200)}, ${faker.location.zipCode()} ${faker.location.city()}`;
  return pick([
    () => `Dhr. ${mark(`${p.first} ${p.last}`, "Name:Patient")} werd op ${mark(date(), "Date")} opgenomen via de spoedgevallen.`,
    () => `Mevr. ${mark(p.last, "Name:Patient")} (° ${mark(date(), "Age_Birthdate")}) woont in de ${mark(address, "Address_Location:Patient")}.`,
    () => `Gezien door ${mark(`Dr. ${d.first} ${d.last}`, "Name:Caregiver")} op ${mark(`${int(1, 28)} ${pick(MONTHS)} ${int(2018, 2025)}`, "Date")}.`,
    () => `Haar dochter ${mark(p.first, "Name:Other")} is contactpersoon en werkt als ${mark(pick(["leerkracht", "bakker", "verpleegkundige", "boekhouder"]), "Profession")}.`,
    () => `Een ${mark(`${int(20, 95)}-jarige`, "Age_Birthdate")} patiënt, overgebracht naar ${mark(pick(["UZ Leuven", "AZ Delta", "ZNA Middelheim", "AZ Sint-Jan", "UZ Gent"]), "Organization:Healthcare")}.`,
    () => `Verwezen door collega ${mark(d.last, "Name:Caregiver")} voor verdere opvolging op ${mark(date(), "Date")}.`,
    () => `Adres: ${mark(`${faker.location.street()} ${int(1, 99)} bus ${int(1, 9)}, ${faker.location.zipCode()} ${faker.location.city()}`, "Address_Location:Patient")}.`,
    () => `Patiënt ${mark(`${p.first} ${p.last}`, "Name:Patient")}, ${mark(`${int(30, 90)} jaar`, "Age_Birthdate")}, verblijft in ${mark(`woonzorgcentrum ${pick(["De Linde", "Ter Heide", "Sint-Jozef"])}`, "Organization:Healthcare")}.`,
  ])();
}

function generateMarkedNote(): string {
  const p = person();
  const parts = [`Betreft: ${mark(`${p.last} ${p.first}`, "Name:Patient")}, ° ${mark(date(), "Age_Birthdate")}`, ""];
  while (parseMarkup(parts.join("\n")).text.length < 1950) {
    parts.push(faker.number.int({ min: 0, max: 2 }) === 0 ? identifierSentence() : pick(FILLER));
  }
  const signer = person();
  parts.push("", "Met collegiale groeten,", "", mark(`Dr. ${signer.first} ${signer.last}`, "Name:Caregiver"));
  return parts.join("\n");
}

export function generateDutchNotes(count: number, seed: number): GeneratedNote[] {
  faker.seed(seed);
  return Array.from({ length: count }, () => {
    const { text, spans } = parseMarkup(generateMarkedNote());
    return { text, spans };
  });
}
