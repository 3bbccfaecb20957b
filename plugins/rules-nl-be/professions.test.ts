// Jobs of patients and relatives in the positions of session ten (issue 11): a teacher with the subject taught, cue
// words of a scanned text ("a1s"), the copula before its subject pronoun, a time word before a job and its workplace,
// a relative's job in a bracket after the relative's name, a job in apposition before "uit" and a place, "gewezen"; and
// a caregiver's role before a name, which stays no job. The strings are invented for these tests.
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

function jobs(marked: string): string {
  const { text } = parseMarkup(marked);
  return renderMarkup(text, detectSpans(text, lexicon).filter((s) => s.label === "Profession"));
}

const CASES = [
  "Mevrouw is [lerares Duits](Profession) in een school in Lier.",
  "Zijn vader is [leraar wiskunde](Profession) geweest.",
  "Werkt a1s [bakker](Profession) bij een grootwarenhuis.",
  "Nu is hij [postbode](Profession) in de stad.",
  "Werkloos sinds de zomer, daarvoor [lasser](Profession) bij Scheepswerf Noord.",
  "Woont bij papa (Wim Claes, [verpleegkundige](Profession)) en mama.",
  "Karel Smet, 58 jr, [veehouder](Profession) uit Balen, valt van een ladder.",
  "Sociaal: weduwe, gewezen [naaister](Profession) in Ronse.",
  "Partner werkt als [landmeter](Profession) voor de provincie.",
  "Context: patient [plombier](Profession), vit seul.",
  "Zegt vroeger als [lasser](Profession) in Genk gewerkt te hebben.",
  "[apotheker](Profession) (vader)",
  "Patient diabétique connu.",
  "verpleegkundige Peeters belt morgen terug.",
  "Il a commis une erreur de dosage.",
  "Manœuvre de Valsalva positive.",
  // Session twelve: an earlier job after "voorheen", a shorthand subject, years between copula and job, a side job,
  // a sentence wrapped between the work verb and "als".
  "Alleenstaand, voorheen [slager](Profession) met een eigen winkel.",
  "Thuis voorheen zelfstandig met hulp van de buren.",
  "Pte was [kleuterjuf](Profession) in een dorpsschool.",
  "Somber; was 30 jaar [vrachtwagenchauffeur](Profession).",
  "Hij had een bijbaan als [vakkenvuller](Profession) in het weekend.",
  "Zij werkt nog drie\nochtenden per week als [kapster](Profession) in het dorp.",
  "Was 2 jaar rookvrij.",
  "Elle travaille en tant que [magasinière](Profession) dans un entrepôt.",
  "Il exerce comme [menuisier](Profession) indépendant.",
  "Was tot vorig jaar [kok](Profession) in een hotel.",
  "Hij was tot voor kort [lasser](Profession).",
  "Vader: [bakker](Profession), moeder: [kapster](Profession).",
  "Partner: huisarts Pelters",
  // Session twelve (round eleven as development set): a job after a courtesy title and a bare age in apposition,
  // closed by a colon or a bracket; a compound by its ending after an age or "zelf"; the feminine of a listed job; a
  // second job joined by "en later"; a copula that ends the line before; a former job before a place.
  "Mevr. Bosmeers, 51, [verkoopster](Profession), valt thuis.",
  "kamer 4 - dhr. Jan Aernts (66), [timmerman](Profession): pneumonie",
  "Ik zag dhr. Smet, 58 jaar, [schrijnwerker](Profession) (eigen zaak), voor rugpijn.",
  "Mevr. Wouters, 47 jaar, [glastuinbouwer](Profession), met hoest.",
  "De patiënt zelf [klantenmedewerker](Profession) bij de Post.",
  "Zij was vroeger [winkelierster](Profession) in het dorp.",
  "Hij was [lasser](Profession) in Gent en later\n[magazijnier](Profession) bij een brouwerij.",
  "Zijn moeder Ria is\n[kapster](Profession); de vader werkt niet.",
  "Bezoek van zoon ([oud-postbode](Profession) Heverlinde).",
  "Kopie: mevrouw L. Pelters (zus), patiëntendossier",
  "Dhr. Cleyn, 70, is gekend met COPD.",
  "Ze is\narbeidsongeschikt sinds maart.",
  "Afspraak met kinesist: 3x per week.",
  // Session thirteen: a side job as a form's field (a colon or dot leaders), fitness for work in occupational medicine.
  "Bijbaan: [kelner](Profession)\nSport: voetbal",
  "Studentenjob .......: [kassier](Profession)",
  "Bijbaan ..........: [pizzakoerier](Profession)",
  "Beroep ...........: [koerier](Profession)",
  "Na de operatie tijdelijk inzetbaar als [heftruckchauffeur](Profession), geen nachtwerk.",
  "Herplaatst als [receptionist](Profession) na de val.",
  "Bijbaan: geen",
  "Inzetbaar als de pijn het toelaat.",
  // A trainee's job in apposition or after a work verb.
  "Patient : Marc Hurtebise, 24 ans, [apprenti boucher](Profession). Amoxicilline.",
  "Il travaille comme [apprenti boulanger](Profession).",
  "De leerling kok kwam langs.",
];

describe("jobs by position", () => {
  it.each(CASES)("%s", (marked) => {
    expect(jobs(marked)).toBe(marked);
  });
});
