// Names of every origin by shape and position (a capitalised word in no list and no dictionary, beside a listed
// name, before a role, in "Last, First" cells, under a closing formula), lower-case names and places in query lines,
// and an age after a copula: each case exact (offsets and label) through rules-nl-be alone, each with the negative
// that the same rule must leave alone.
import { beforeAll, describe, expect, it } from "vitest";
import { rendered, testLexicon } from "./test-support/detected.js";

beforeAll(() => {
  testLexicon();
});

const render = (marked: string): string => rendered(marked);

const CASES: [rule: string, marked: string][] = [
  ["unknown pair", "[Oluwadamilare Okonkwo](Name:Other) meldt zich aan de balie."],
  ["unknown pair", "Vandaag belde [Thandiwe Ndlovu](Name:Other) over haar afspraak."],
  ["unknown pair, drugs are no names", "Bijwerkingen van Pantozol en Contramal besproken."],
  ["unknown pair, capitals line", "BRONCHOGRAMME AÉRIQUE BASAAL RECHTS"],
  ["listed given name + unknown word at a sentence start", "[Chidi Okonkwo](Name:Other) belde over de uitslag."],
  ["role after the name", "Overleg met [Kowalczyk](Name:Caregiver) (longarts) en [Abubakar](Name:Caregiver) (radioloog)."],
  ["role after the name, an ordinary word", "Verslag Pneumonie (longarts) volgt."],
  ["last, first in a cell", "[Ngata, Tamati](Name:Other) | controle"],
  ["last, first needs a cell border", "Bij Ngata, Tamati en de rest is alles goed."],
  ["signature under a closing", "Met vriendelijke groet,\n\n[Wen-Li Tjoa](Name:Caregiver)"],
  ["signature needs a closing", "Overleg gehad.\n\nTjoa"],
  ["unknown word after a role word", "Collega [Adebayo](Name:Caregiver) neemt over."],
  ["unknown word in a name field", "Naam: [Przybylski](Name:Patient)"],
  ["query name", "[pietersen](Name:Other) lab uitslag"],
  ["query name with interfix", "labwaarden [van der meer](Name:Other)"],
  ["query place", "verwijzingen [sint-niklaas](Address_Location:Other)"],
  ["query hospital", "opnames [isala](Organization:Healthcare) maart"],
  ["query line, ordinary words", "echo buik controle"],
  // Session twelve: a given name, a lower-case particle and a surname the lists hold after a particle, also a word.
  ["given name, particle, surname that is a word", "Gisteren belde [Liesbet van den Berg](Name:Other) over de afspraak."],
  ["given name, particle, surname that is a word, no name before", "Wandeling in de Berg van de Vos."],
  ["one initial after a title, before a bracketed given name", "Overdracht mw. [K.](Name:Patient) ([Greta](Name:Patient)) naar de afdeling."],
  ["lower case in prose is no query", "De patiënt werd gisteren gezien door de huisarts en kreeg een verwijzing naar de longarts voor verder onderzoek en een ct thorax, waarna hij met pietersen naar huis ging."],
  ["a whitelisted eponym after a title", "Adressé par le [Dr Fontaine](Name:Caregiver), médecin généraliste."],
  ["a whitelisted eponym without a title", "Classification de Fontaine stade II."],
  ["a Dutch care home after its type word", "Ontslag naar [verpleeghuis De Rozenhof](Organization:Healthcare)."],
  ["an unknown place after a birth cue", "Geboren [03-05-1948](Age_Birthdate) te [Paramaribo](Address_Location:Patient)."],
  ["an unknown place after a residence cue", "Afkomstig uit [Mogadishu](Address_Location:Patient), née à [Kinshasa](Address_Location:Patient)."],
  ["an ordinary word after a residence cue", "Opgegroeid in Armoede, woont nu alleen."],
  ["an unlisted lower-case surname after a form of address", "k3 mw [okonkwo](Name:Patient), pijn 4"],
  ["lower-case clinical words after a form of address", "dhr desaturatie, mw mobiliseert goed, dhr ivm pijn"],
  ["a bare fragment of one unknown word", "[Okonkwo](Name:Other)"],
  ["a bare fragment of one ordinary word", "Pneumonie"],
  ["one unknown word in a sentence is no fragment", "Gisteren Okonkwo gezien."],
  ["a French type word, a particle and a name", "Envoyé aux urgences de l'[hôpital de Jolimont](Organization:Healthcare)."],
  ["a care home after maison de repos", "Sortie vers la [maison de repos Le Ry des Glands](Organization:Healthcare)."],
  ["a town centre is no institution", "Le patient vit au centre de [Bruxelles](Address_Location:Patient)."],
  ["a mutuality", "Mutuelle : [Mutualité chrétienne](Organization:Healthcare)"],
  ["a capitalised particle before an unknown word", "[El Ouazzani](Name:Other)"],
  ["a capitalised particle before an ordinary word", "De Pneumonie"],
  ["a function-word particle in title-cased prose", "Klachten Van Dyspneu Bij Traplopen."],
  ["a nurse's slash signature", "Morfinepomp klaar volgens schema. /[An](Name:Other)\nNacht rustig."],
  ["a slash before a word that is no given name", "Resultaat /Controle\nNacht rustig."],
  ["a lower-case given name after a sign-off", "schoonmaak gemeld\ngr [robin](Name:Other)"],
  ["a listed town that is also a word after a preposition in lower case", "je travaille à [jette](Address_Location:Other)"],
  ["an ordinary word after a preposition in lower case", "ligt in bed met koorts"],
  ["age after a copula", "Mevr. [Tjoa](Name:Patient) is [56 jaar](Age_Birthdate)."],
  ["age after a copula, no duration", "Hij is 3 jaar gestopt met roken."],
  ["a fragment that is only a year", "[1987](Date)"],
  ["a fragment that is only a compact date", "[19870412](Date)"],
  ["a compact number that is no date", "19871312"],
  ["a fragment that is only a Belgian postal code", "[9300](Address_Location:Other)"],
  ["a postal code after its word", "postcode [3500](Address_Location:Other)"],
  ["a fragment that is only a Dutch postcode", "[6211 LK](Address_Location:Other)"],
  ["a dose is no Dutch postcode", "1000 MG"],
  ["a fragment that is only a child's age in months", "[7 mnd](Age_Birthdate)"],
  ["a year inside a sentence needs a cue", "Er waren 1987 deelnemers."],
  ["a month alone in brackets", "Sinds de dosisverhoging ([maart](Date)) slaapt hij slecht."],
  ["a month word in brackets that is a name", "Zij noemt haar dochter (Mars) graag."],
  ["an age after a name and a comma at the end of the line", "Kamer 12: mevr. [Wouters](Name:Patient), [71](Age_Birthdate)\n- koorts"],
  ["an age with its unit in the next cell of a row", "[WOUTERS Jan](Name:Other)   [58 j](Age_Birthdate)   M"],
  ["an ordinal after a possessive ending its clause", "Ze drinkt alcohol sinds haar [16e](Age_Birthdate), vooral in het weekend."],
  ["an ordinal after a possessive before a noun is a rank", "Dit is zijn 4e opname dit jaar."],
  ["institution type words of Dutch care", "Wijkverpleging door [Zorggroep Waterland](Organization:Healthcare) gestart."],
  ["a type word with 't and a name", "Hij gaat naar [kinderdagverblijf 't Rupsje](Organization:Other)."],
  ["a lower-case saint after a type word", "terug naar [campus sint-vincentius](Organization:Healthcare) morgen"],
  ["a lower-case word after a type word", "terug naar campus morgen"],
  ["a town that is also a word, capitalised after a place preposition", "Zijn vrouw werkt in [Peer](Address_Location:Other), zegt hij."],
  ["the same word in lower case is no town", "De urine was geel van kleur."],
  ["an unlisted place after a travel cue", "Hij was op vakantie in [Qaryat](Address_Location:Patient) met zijn broer."],
  ["an unlisted capitalised word after a travel cue that is a dictionary word", "Hij was op vakantie in Diabetes."],
  ["job after 'als' across a line break", "Zijn vader werkt als\n[magazijnier](Profession) in de haven."],
  ["compound of a listed job, after a copula and a name", "[Anouar](Name:Other) is [pendelchauffeur](Profession)."],
  ["hyphenated compound of a listed job in brackets", "Parents : [Anouar](Name:Other) ([schilder-decorateur](Profession))"],
  ["agent noun before a named workplace", "Dhr. [Verstrepen](Name:Patient), [41 j](Age_Birthdate), [glazenmaker](Profession) bij [Bouwbedrijf Smet](Organization:Other)."],
  ["agent noun needs a workplace or a copula", "Dhr. [Verstrepen](Name:Patient), [41 j](Age_Birthdate), vertrekker."],
  // Session thirteen: a country alone identifies no one, also where a locality or street list holds its name.
  ["a country after a place preposition", "Zij woont sinds kort in België."],
  ["countries of the faker list on a route", "Reis via Jemen en Oman, lang onderweg."],
  ["a country as the whole fragment", "Turkije"],
  // Session thirteen: eponyms of scales, classes, protocols, splints and exercises; a count after a name goes on.
  ["a single-digit grade after an untitled surname names a class", "Subarachnoïdale bloeding, Hunt en Hess 2, gecoild."],
  ["a grade word after a surname", "Artrose, Hess graad 4."],
  ["a protocol named after someone", "Oefeningen volgens het protocol van Hess, spalk 6 weken."],
  ["a French splint and exercises named after someone", "Suites : attelle de Hess pendant 3 semaines, exercices de Mason en décubitus."],
  ["a count after a surname goes on", "[Hess](Name:Other) 2 dagen afwezig wegens ziekte."],
  ["a bracket after a caregiver's name opens an aside", "wijkverpleegkundige [Mira](Name:Caregiver) (niveau 5) komt morgen"],
  ["an age in shorthand before the person it describes", "[67j](Age_Birthdate) man, binnengebracht na een val; [8 j](Age_Birthdate) meisje met koorts."],
  ["a duration before a person noun stays a duration", "Sinds 3 j vrouw van de buurman."],
  ["an unlisted town before its country in brackets", "Zus woont in [Ouagadoro](Address_Location:Other) (Burkina Faso), contact per telefoon."],
  ["a country in brackets after an ordinary word", "Verblijf in Quarantaine (Burkina Faso) afgelopen."],
  ["an age after a sibling's birth order", "Son frère aîné de [15 ans](Age_Birthdate), le cadet de [6 ans](Age_Birthdate) dort."],
  ["a night written as a range of days in October", "Nuit du [14 au 15/10](Date) agitée; de nacht van [3 op 4/10](Date) onrustig."],
  ["a pain score written as a range stays a score", "Score 3-4/10, pijnscore van 5 tot 6/10."],
  ["a country still ends an address", "Adres: [Beekstraat 4, 3128 Tremelo, België](Address_Location:Patient)"],
];

describe("shape and position rules", () => {
  it.each(CASES)("%s: %s", (_rule, marked) => {
    expect(render(marked)).toBe(marked);
  });
});
