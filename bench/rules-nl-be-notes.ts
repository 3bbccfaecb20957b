// Generated ~2 KB Dutch clinical notes for the rules-nl-be benchmark: names, streets, postal codes and cities from
// faker's nl_BE locale, clinical filler and identifier sentences written here. Deterministic for a seed.
import { fakerNL_BE as faker } from "@faker-js/faker";

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

function person(): { first: string; last: string } {
  return { first: faker.person.firstName(), last: faker.person.lastName() };
}

function identifierSentence(): string {
  const p = person();
  const d = person();
  return pick([
    `Dhr. ${p.first} ${p.last} werd op ${date()} opgenomen via de spoedgevallen.`,
    `Mevr. ${p.last} (° ${date()}) woont in de ${faker.location.street()} ${int(1, 200)}, ${faker.location.zipCode()} ${faker.location.city()}.`,
    `Gezien door Dr. ${d.first} ${d.last} op ${int(1, 28)} ${pick(MONTHS)} ${int(2018, 2025)}.`,
    `Haar dochter ${p.first} is contactpersoon en werkt als ${pick(["leerkracht", "bakker", "verpleegkundige", "boekhouder"])}.`,
    `Een ${int(20, 95)}-jarige patiënt, overgebracht naar ${pick(["UZ Leuven", "AZ Delta", "ZNA Middelheim", "AZ Sint-Jan", "UZ Gent"])}.`,
    `Verwezen door collega ${d.last} voor verdere opvolging op ${date()}.`,
    `Adres: ${faker.location.street()} ${int(1, 99)} bus ${int(1, 9)}, ${faker.location.zipCode()} ${faker.location.city()}.`,
    `Patiënt ${p.first} ${p.last}, ${int(30, 90)} jaar, verblijft in woonzorgcentrum ${pick(["De Linde", "Ter Heide", "Sint-Jozef"])}.`,
  ]);
}

function generateNote(): string {
  const p = person();
  const parts = [`Betreft: ${p.last} ${p.first}, ° ${date()}`, ""];
  while (parts.join("\n").length < 1900) {
    parts.push(faker.number.int({ min: 0, max: 2 }) === 0 ? identifierSentence() : pick(FILLER));
  }
  const signer = person();
  parts.push("", "Met collegiale groeten,", "", `Dr. ${signer.first} ${signer.last}`);
  return parts.join("\n");
}

export function generateDutchNotes(count: number, seed: number): string[] {
  faker.seed(seed);
  return Array.from({ length: count }, generateNote);
}
