// Context words (folded) that decide whether a candidate is an identifier and whose it is. Dutch and French as
// Belgian notes mix them, with a little English.
import type { Analysis } from "./analysis.js";
import { LIST, phraseKey } from "./lexicon.js";
import { ABBREVIATIONS_BEFORE_PERIOD } from "./tokenize.js";

/** A set of words written one after the other, stored as phrase keys (folded, hyphens as spaces) like unit keys. */
export const wordSet = (words: string): ReadonlySet<string> => new Set(words.trim().split(/\s+/).map(phraseKey));
const set = wordSet;

export type TitleKind = "medical" | "social" | "academic";

/** Titles of physicians: a name after one is a caregiver and the title belongs to the name span. */
export const MEDICAL_TITLES = set("dr dra dokter docteur doctor prof professor professeur pr");
/** Forms of address: a name after one is a person, usually the patient. */
export const SOCIAL_TITLES = set(
  "dhr heer mevr mevrouw mw mej mejuffrouw meneer mijnheer mr mrs ms miss mme mlle madame monsieur mademoiselle",
);
export const ACADEMIC_TITLES = set("drs bacc bc ing ir kand lec ds lic apr");

/** Words before a name that make it a caregiver ("collega Peeters", "huisarts Peeters", "kinesist Janssens"). */
export const CAREGIVER_WORDS = set(`
  collega coll huisarts huisdokter arts artsen geneesheer geneesheren specialist specialiste behandelend
  behandelende verwijzend verwijzende verwijzer aanvrager aanvragend aanvragende assistent assistente
  stagiair stagiaire supervisor supervisie stafarts zaalarts diensthoofd consulent verpleegkundige verpleger
  verpleegster vroedvrouw kinesist kinesitherapeut kiné logopedist logopediste ergotherapeut diëtist dietist
  psycholoog psychologe psychiater neuroloog cardioloog oncoloog chirurg radioloog anesthesist internist
  pneumoloog gastro-enteroloog gastroenteroloog nefroloog uroloog gynaecoloog gynecoloog pediater kinderarts
  geriater dermatoloog oftalmoloog oogarts orthopedist orthopeed reumatoloog endocrinoloog hematoloog
  tandarts apotheker podoloog neurochirurg vaatchirurg traumatoloog urgentiearts spoedarts intensivist
  médecin medecin infirmier infirmière infirmiere kinésithérapeute kinesitherapeute chirurgien confrère
  consoeur consœur sage-femme pharmacien psychologue physician nurse surgeon gp resident fellow
  sociaal maatschappelijk
  longarts kno-arts mdl-arts seh-arts kaakchirurg anesthesioloog fysiotherapeut fysio physiotherapeut diëtiste
  psychotherapeut wijkverpleegkundige praktijkondersteuner poh doktersassistente doktersassistent aios anios
  coassistent co-assistent arts-assistent verpleegkundig-specialist revalidatiearts verslavingsarts bedrijfsarts
  specialist-ouderengeneeskunde sportarts tandartsassistente mondhygiëniste orthodontist
  généraliste generaliste cardiologue pneumologue neurologue gériatre geriatre pédiatre pediatre radiologue urologue
  oncologue anesthésiste anesthesiste gynécologue gynecologue dermatologue ophtalmologue néphrologue nephrologue
  gastro-entérologue gastroenterologue rhumatologue endocrinologue hématologue hematologue psychiatre logopède
  logopede ergothérapeute diététicienne dieteticienne interne assistante dentiste inf verpl kine
  nachtverpl dagverpl avondverpl hoofdverpl nachtverpleegkundige dagverpleegkundige avondverpleegkundige
  cardiologist pulmonologist neurologist oncologist radiologist urologist pediatrician geriatrician psychiatrist
  dermatologist anesthetist anaesthetist physiotherapist dietitian midwife
`);

/** Words before (or right after) a name that make it a relative or another third person: Name:Other. */
export const RELATIVE_WORDS = set(`
  zoon dochter zonen dochters echtgenote echtgenoot echtg echtgen vrouw man partner partners vriend vriendin moeder vader mama
  papa mams paps broer broers zus zussen zuster grootmoeder grootvader oma opa bomma bompa kleinzoon kleindochter
  kleinkind schoonzoon schoondochter schoonmoeder schoonvader schoonzus schoonbroer neef nicht oom tante
  nonkel buurman buurvrouw buren contactpersoon mantelzorger voogd bewindvoerder vertrouwenspersoon
  stiefmoeder stiefvader pleegmoeder pleegvader kind kinderen ex-partner ex-echtgenote ex-echtgenoot weduwe
  weduwnaar fils fille épouse epouse époux epoux mari femme mère mere père pere frère frere soeur sœur
  grand-mère grand-père petit-fils petite-fille compagne compagnon conjoint conjointe ami amie voisin voisine
  oncle neveu nièce niece cousin cousine beau-fils belle-fille belle-mère beau-père son daughter wife husband
  mother father brother sister friend neighbour neighbor
`);

/** Words before a name that make it the patient. */
export const PATIENT_WORDS = set(`
  patiënt patiënte patient patiente pt pte pat betreft betreffende naam nom identité identite concerne
  patiëntnaam patientnaam cliënt cliënte client cliente bewoner bewoonster
`);

/** Line labels ("Huisarts:", "Naam:") and the role of the names on that line. */
export const CAREGIVER_FIELD_LABELS = set(`
  huisarts arts verwijzer aanvrager supervisor geneesheer specialist behandelaar kopie cc médecin medecin
  signataire auteur opgesteld gedicteerd getekend ondertekend gevalideerd gevalideerde validatie dictated signed
  copie verpleegkundige kinesist
`);
export const PATIENT_FIELD_LABELS = set(`
  naam patiënt patient nom betreft concerne identité identite cliënt client voornaam voornamen achternaam familienaam
  roepnaam meisjesnaam geboortenaam prénom prenom prénoms prenoms voorletters initiales
`);
export const RELATIVE_FIELD_LABELS = set("contactpersoon contact partner echtgenote echtgenoot mantelzorger voogd");

/** Closing formulas: names in the next lines are the signing caregivers. */
export const CLOSING_PHRASES: readonly string[] = [
  "met collegiale groeten",
  "met vriendelijke groeten",
  "met vriendelijke collegiale groeten",
  "vriendelijke groeten",
  "collegiale groeten",
  "hoogachtend",
  "met dank",
  "met dank voor de verwijzing",
  "bien confraternellement",
  "salutations confraternelles",
  "confraternellement",
  "cordialement",
  "bien à vous",
  "bien a vous",
  "kind regards",
  "best regards",
  "yours sincerely",
  "met vriendelijke groet",
  "vriendelijke groet",
  "hartelijke groeten",
  "hartelijke groet",
  "groetjes",
  "groeten",
  "mvg",
  "bien cordialement",
  "salutations distinguées",
  "sincères salutations",
  "meilleures salutations",
  "regards",
];

/** Words right before a place that make it a place ("in Gent", "te Brugge", "uit Marokko"). */
export const LOCATIVE_WORDS = set(`
  in te uit naar nabij vanuit richting regio omgeving buurt gemeente stad dorp woonplaats geboorteplaats
  verhuisd verhuist woont wonen woonde woonachtig wonende verblijft verblijvend afkomstig geboren
  à a au aux en près vers habite habitant domicilié domiciliée domicilie originaire né née
  from to near lives living
`);

/**
 * Words that say the place or address is the patient's. ("adresse" is left out: folded it also reads "adressé",
 * referred; as a line label "Adresse:" it still counts.)
 */
export const PATIENT_ADDRESS_WORDS = set(`
  woont wonen woonde woonachtig wonende verblijft verblijvend verblijfsadres domicilie domicilieadres adres
  woonplaats afkomstig geboren verhuisd verhuist habite habitant domicilié domiciliée domicile vit vivent
  originaire résidant residant lives living resides address thuisadres thuis né née
`);

/** Prepositions that make an ambiguous name a hospital or institution ("opgenomen in Dr. Guislain"). */
export const INSTITUTION_CONTEXT_WORDS = set(`
  in naar uit te op via vanuit door bij opgenomen opname overgebracht getransfereerd transfer verblijf verblijft
  gehospitaliseerd campus à au dans hospitalisé hospitalisée transféré transférée admitted
  vers transfert crisisopname revalidatie
`);

/** Nouns whose "van X" / "de X" complement is an eponym, not a person ("teken van Babinski"). */
export const EPONYM_HEADS = set(`
  ziekte syndroom teken test proef score schaal reflex manoeuvre cyste fractuur classificatie criteria graad
  stadium methode techniek operatie procedure triade wet regel index klassering morbus
  maladie syndrome signe manœuvre manoeuvre échelle echelle classification critères criteres opération
  operation disease sign scale
  protocol protocole spalk attelle profil extensions exercices reflexe
`);

/** Words after an eponym ("Wells-score", "Glasgow Coma Scale", "Babinski reflex"). */
export const EPONYM_TAILS = set(`
  test score scores schaal classificatie index criteria syndroom ziekte teken fractuur cyste reflex
  manoeuvre operatie procedure disease sign syndrome scale coma fenomeen phenomenon
  graad grade niveau stadium stade klasse classe balance
`);

/** Age expressions preceded by these words are durations, not ages ("sinds 3 jaar"). */
export const DURATION_WORDS_BEFORE = set(`
  sinds sedert reeds al na over gedurende binnen tijdens voor elke iedere om per laatste afgelopen vorige
  voorbije komende eerste volgende jaarlijks ruim
  depuis pendant durant après apres dans chaque dernières dernieres derniers prochaines
  for since after within during every last past next over
`);
export const DURATION_WORDS_AFTER = set(`
  geleden gerookt rookstop gestopt lang follow-up later eerder terug nadien durend durende ervoor voordien
  voorheen na nadat aan behandeling therapie ziek opvolging ervaring pakjaren py diabeet diabetes
  plus auparavant suivi ago later previously earlier packyears
  getrouwd gehuwd samen samenwonend weduwe weduwnaar bekend werkloos actief ingeschreven mariée marié veuve veuf
`);

/** Words before an age that make the number an age ("man van 65 jaar", "leeftijd 65"). */
export const AGE_CONTEXT_WORDS = set(`
  leeftijd age âge âgé âgée agé agée aged man vrouw heer dame jongen meisje kind baby zuigeling patiënt
  patiënte patient patiente pt pte dhr mevr mevrouw meneer mijnheer zoon dochter broer zus echtgenote
  echtgenoot moeder vader homme femme garçon fille enfant nourrisson bébé bebe woman boy girl child infant
  jongeman jongedame tiener adolescent adolescente senior kindje kleintje pasgeborene neonaat
  kinderen zonen dochters kleinkinderen tweeling enfants fils filles children kids
  zoontje dochtertje jongetje broertje zusje zusje neefje nichtje kleinzoon kleindochter peuter kleuter petit petite
  frère frere sœur soeur aîné aînée aine ainee cadet cadette benjamin benjamine oudste jongste neveu nièce niece
`);

/** Contexts that make a list word a profession ("werkt als bakker", "beroep: bakker"). */
export const PROFESSION_CUES_BEFORE = set(`
  als beroep beroepshalve voormalig voormalige vroeger gewezen vroegere gepensioneerd gepensioneerde oud ex zelfstandig
  zelfstandige comme profession métier metier ancien ancienne retraité retraitée occupation job werk
  functie opleiding student studente as former retired
`);

/** Verbs before "als" ("werkt als", "travaille comme"). */
export const PROFESSION_VERBS = set(`
  werkt werkte werkzaam tewerkgesteld actief gewerkt werkend job slag travaille travaillait travaillé
  travaille works worked working employed afgestudeerd gediplomeerd diplômé diplômée diplome diplomee
  werken werkten travailler travaillent commence commencé commencer begint begon beginnen gestart start startte
  exerce exercait exerçait exerçé exerce bosse bossait officie officiait
`);

export const BIRTH_CONTEXT_WORDS = set(`
  geboren geb geboortedatum gd dob né née ne nee naissance born birth geboortejaar
`);

/** Legal forms after a company name. */
export const COMPANY_FORMS = set("nv bv bvba vzw cvba cv sa sprl srl asbl scrl inc ltd gmbh llc plc vof comm");

/** Contexts that introduce an employer, school or club. */
export const ORGANISATION_CUES = set(`
  mutualiteit mutualité mutualite ziekenfonds zorgverzekeraar verzekeraar
  werkgever werkgeefster bedrijf firma school werkt werkte werkzaam tewerkgesteld bediende arbeider
  studeert student studente leerling club vereniging lid speelt voetbalt employeur entreprise société
  societe école ecole travaille employé employée employer company university universiteit hogeschool
  job jobstudent studentenjob vakantiejob stage stagiair stagiaire uitzendkracht interimaris
  verzekering verzekeringsmaatschappij maatschappij leverancier fournisseur assureur mutuelle
`);

/** Prepositions between an organisation cue and the name ("werkt bij X", "studeert aan de X"). */
export const ORGANISATION_LINKS = set("bij aan in op van voor chez à a au de du pour at for");

function endsWindow(a: Analysis, i: number): boolean {
  const token = a.tokens[i];
  if (token.text === "!" || token.text === "?" || token.text === ";") return true;
  if (token.text !== ".") return false;
  // A period after an abbreviation or initial ("dr.", "J.", "echtg.") does not end the window.
  const before = a.tokens[i - 1];
  if (!before || before.kind === "punct" || before.end !== token.start) return true;
  return before.text.length > 4 && !ABBREVIATIONS_BEFORE_PERIOD.has(before.key);
}

/** Punctuation tokens a context window may skip before it gives up (",,,,,," is no context). */
const MAX_SKIPPED_PUNCTUATION = 8;

/** Keys of the `count` units before token `t`, nearest first, within the line (and sentence unless asked). */
export function previousWords(a: Analysis, t: number, count: number, crossSentence = false): string[] {
  const out: string[] = [];
  let i = t - 1;
  // A long run of punctuation ends the window: the skip is bounded, so each call costs O(count).
  let punctuation = 0;
  while (i >= 0 && out.length < count) {
    if (a.tokens[i + 1].newlinesBefore > 0) break;
    const token = a.tokens[i];
    if (token.kind === "punct") {
      if (++punctuation > MAX_SKIPPED_PUNCTUATION) break;
      if (!crossSentence && endsWindow(a, i)) break;
      i--;
      continue;
    }
    const unit = a.units[a.unitOfToken[i]];
    out.push(unit.key);
    i = unit.first - 1;
  }
  return out;
}

/** Keys of the `count` units after token `t`, nearest first, within the line and sentence. */
export function nextWords(a: Analysis, t: number, count: number): string[] {
  const out: string[] = [];
  let i = t + 1;
  let punctuation = 0;
  while (i < a.tokens.length && out.length < count) {
    const token = a.tokens[i];
    if (token.newlinesBefore > 0) break;
    if (token.kind === "punct") {
      if (++punctuation > MAX_SKIPPED_PUNCTUATION) break;
      if (token.text === "." || endsWindow(a, i)) break;
      i++;
      continue;
    }
    const unit = a.units[a.unitOfToken[i]];
    out.push(unit.key);
    i = unit.last + 1;
  }
  return out;
}

/** The first word of the line holding token t, when the line reads "Label: ..." before t. */
export function lineLabel(a: Analysis, t: number): string | undefined {
  if (t >= a.tokens.length) return undefined;
  const i = a.lineStart[t];
  const first = a.tokens[i];
  if (!first || first.kind === "punct") return undefined;
  for (let j = i + 1; j < t && j <= i + 4; j++) {
    if (a.tokens[j].text === ":") return first.key;
  }
  return undefined;
}


/** Type words that, followed by a proper name, make a healthcare institution ("WZC De Linde"). */
export const HEALTHCARE_TYPE_WORDS = set(`
  labo laboratorium laboratoire
  woonzorgcentrum wzc rusthuis rvt residentie revalidatiecentrum huisartsenpraktijk groepspraktijk
  wijkgezondheidscentrum thuisverpleging thuiszorg apotheek dagcentrum ziekenhuis kliniek polikliniek
  cgg caw ocmw mutualiteit ziekenfonds psychiatrisch ppc pvt serviceflat assistentiewoning
  clinique hôpital hopital pharmacie résidence residence maison home centre
  cpas polyclinique institut
  verpleeghuis verzorgingshuis zorgcentrum hospice revalidatiekliniek ggz-instelling zorgboerderij woonzorglocatie
  fysiotherapie fysiotherapiepraktijk kinepraktijk tandartspraktijk kraamzorg
  huisartsenwacht huisartsengroep dienstencentrum kraamzorgbureau kraambureau tandartsenpraktijk logopediepraktijk
  psychologenpraktijk ggd jgz thuiszorgdienst
  gezondheidscentrum huisartsenwachtpost wachtpost huisartsenpost wijkzorg vptz thuiszorgorganisatie
  zorggroep zorgorganisatie zorginstelling ggz arbo arbodienst huisartspraktijk praktijk verloskundigenpraktijk
  gezinszorg familiehulp familiezorg ouderenzorg jeugdzorg thuiszorgcentrum kinesitherapiepraktijk kinesistenpraktijk fysiopraktijk fysiotherapeutenpraktijk
  dokterspraktijk artsenpraktijk dietistenpraktijk diëtistenpraktijk podologiepraktijk psychotherapiepraktijk
  zorgverzekeraar
`);

/** Type words of schools and universities (Organization:Other). */
export const SCHOOL_TYPE_WORDS = set(`
  basisschool school kleuterschool lagere middelbare secundaire college atheneum lyceum instituut hogeschool
  universiteit academie kinderdagverblijf crèche creche école ecole athénée athenee lycée lycee université
  universite kdv gymnasium roc
  brandweerzone politiezone hulpverleningszone
  kinderopvang jeugdteam wijkteam buurtteam voetbalclub voetbalvereniging atletiekvereniging tennisclub hockeyclub
  zwemclub sportclub sportvereniging turnkring wielerclub
  obs cbs rkbs pcbs gbs vbs sbs ibo bso vv
`);


/**
 * Whether token t follows an institution type word or a hospital type abbreviation ("WZC Hof ter Linden",
 * "AZ Sint-Jan", "basisschool De Regenboog"): the words after it name the institution, not a person or street.
 */
export function followsInstitutionType(a: Analysis, t: number): boolean {
  const before = previousWords(a, t, 1)[0];
  if (before === undefined) return false;
  if (HEALTHCARE_TYPE_WORDS.has(before) || SCHOOL_TYPE_WORDS.has(before)) return true;
  const prev = a.tokens[t - 1];
  return prev !== undefined && prev.upper && ((a.lexicon.phrases.get(before) ?? 0) & (LIST.hospitalPrefix | LIST.hospitalAbbr)) !== 0;
}
