// Structured records (issue 11, round nine): a value is a name, a place, an organisation or a job because the column
// or the key that holds it says so, whatever the value's own words.
//
// 1. Tables with a header row: cells between "|", tabs, ";" or "," (a spreadsheet export; quoted cells too), or
//    columns aligned with two spaces or more (row cells matched to the header's titles by position). A header names
//    the kind of each column: the patient ("Naam", "Patiënt", "Bewoner", "Nom"), a caregiver ("Arts", "Huisarts",
//    "Verpleegkundige", "Paraaf", "Uitgevoerd door"), another person ("Contactpersoon", "Referentiepersoon"), a
//    place ("Woonplaats", "Gemeente"), an address ("Adres"), a healthcare or other organisation ("Ziekenhuis",
//    "Apotheek", "Thuisverpleging"; "Werkgever", "Mutualiteit", "School"), a job ("Beroep"), an age ("Leeftijd").
// 2. Key-value fields written the way exports write them: "key=value" lists, JSON ("\"naam\": \"Goossens\""), XML
//    (<woonplaats>Tienen</woonplaats>), dot leaders ("Beroep ........ kleuterjuf") and bulleted fields ("- voornaam:
//    Rik"). Plain "Naam: X" lines are the name rules' own (lib/names.ts): only the kinds those rules do not read
//    (a job, a place, an organisation, an age in words) are taken from them here.
// 3. A patient's identification strip: a name at the start of a line before the sex letter and a birth date
//    ("MERTENS, Sabine  V  21/06/1979", "Peeters Jan (M) °12/03/1950").
// 4. HL7 v2 segments by position: PID-5/6/9 (names), PID-11 and PID-23 (address, birthplace), NK1-2/4, GT1-3/5,
//    the names of a caregiver's XCN field (PV1-7/8/9/17, ORC-12, OBR-16, PD1-4), PD1-3 and IN1-4 (organisations),
//    PID-7 (birth date) and the message, event, visit and observation times (MSH-7, EVN-2/6, PV1-44/45, OBR-7, ORC-9,
//    OBX-14). The separators are the ones the message header declares ("MSH#^~\\&#..." reads "#" fields).
// A value must have its kind's shape: a name is one to six capitalised words, initials and particles (a title in
// front stays outside the span); a place or organisation holds a capital; a job is a few lower-case words; an age is
// 0–120 in digits or words, maybe approximate ("ca. 70", "begin 80", "vijftiger"). Placeholders ("onbekend", "idem",
// "nvt", "—") are no value. One pass over the lines with bounded patterns: linear in the text.
import type { Label } from "../../../src/contract/index.js";
import type { Analysis } from "./analysis.js";
import { PRIORITY, type Candidate } from "./candidate.js";
import { LIST, NAME_BITS } from "./lexicon.js";
import { tokenAtOrAfter } from "./tokenize.js";

export interface RecordFamilies {
  names: boolean;
  addresses: boolean;
  organisations: boolean;
  ages: boolean;
  dates: boolean;
  professions: boolean;
}

type Kind =
  | "patient"
  | "caregiver"
  | "other"
  | "place"
  | "address"
  | "hospital"
  | "organisation"
  | "profession"
  | "age"
  | "particle"
  | "houseNumber"
  | "postcode";

/** Folded key: lower case, no diacritics, letters and digits only. */
function fold(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

const KINDS: readonly [RegExp, Kind][] = [
  [/^(?:naam|namen|patient|patienten|pat|patientnaam|naampatient|naamvoornaam|naamenvoornaam|voornaamnaam|achternaam|familienaam|voornaam|voornamen|roepnaam|voorletters|meisjesnaam|bewoner|bewoonster|client|clientnaam|cliente|nom|noms|nomprenom|prenom|prenoms|nomdefamille|nomdusage|name|patientname|lastname|firstname|surname|givenname|family|given|familyname|kind|baby|deelnemer)$/, "patient"],
  [/^(?:arts|artsen|huisarts|huisdokter|verwijzer|verwijzendarts|verwijzendehuisarts|behandelendarts|behandelendearts|behandelaar|hoofdbehandelaar|aanvrager|aanvragendarts|supervisor|stafarts|zaalarts|arts(?:van)?wacht|dokter|specialist|chirurg|operateur|anesthesist|verpleegkundige|verpleegkundigen|vpk|verpl|verpleging|paraaf|parafe|visum|initialen|init|uitgevoerddoor|doorwie|door|zorgverlener|therapeut|kinesist|kine|kinesitherapeut|fysiotherapeut|logopedist|dietist|psycholoog|vroedvrouw|verloskundige|voorschrijver|gevalideerddoor|validatie|opgestelddoor|getyptdoor|getypt|typist|uitgetypt|nagelezen|nagelezendoor|gezien|geziendoor|gecontroleerd|gecontroleerddoor|dubbelecontrole|toegediend|toegediendoor|klaargezet|klaargezetdoor|medecin|medecintraitant|medecins|infirmiere|infirmier|infirmieres|prescripteur|visa|doctor|nurse|physician|gp|attending|attendingphysician|referringphysician|referrer|naamarts|naamhuisarts|huisartsnaam|artsnaam|onderzoeker|onderzoekers|investigator|studiearts|studieverpleegkundige|studiecoordinator|vaccinator|vaccinateur|afgenomendoor|handtekening|afgetekend|signature)$/, "caregiver"],
  [/^(?:contactpersoon|contactpersonen|referentiepersoon|vertrouwenspersoon|mantelzorger|familie|naaste|naasten|partner|echtgeno(?:o|te)|moeder|vader|ouder|ouders|voogd|bewindvoerder|personnedecontact|contact|famille|proche|mere|pere|conjoint)$/, "other"],
  [/^(?:woonplaats|gemeente|plaats|stad|dorp|localiteit|deelgemeente|geboorteplaats|verblijfplaats|localite|commune|ville|lieudenaissance|city|town|residence)$/, "place"],
  // Session thirteen: a form's combined field ("Postcode / gemeente: 3128 / Tremelo"), the parts of a Dutch name and an
  // address that exports keep apart ("tussenvoegsel": "van", "huisnummer": "12", "postcode": "2000").
  [/^(?:postcode|postnr|postnummer|codepostal|cp)(?:en)?(?:gemeente|woonplaats|plaats|stad|localiteit|localite|commune|ville)$/, "place"],
  [/^(?:tussenvoegsel|tussenvoegsels|voorvoegsel|voorvoegsels|voorvoegselsgeslachtsnaam)$/, "particle"],
  [/^(?:huisnummer|huisnr|huisnummers|busnummer|busnr|huisnummertoevoeging|housenumber|numerodemaison|numeromaison)$/, "houseNumber"],
  [/^(?:postcode|postnummer|postnr|codepostal|zip|zipcode|postalcode)$/, "postcode"],
  [/^(?:adres|adressen|straat|straatnr|straatennummer|domicilie|thuisadres|woonadres|verblijfadres|adresse|rue|domicile|address|street|streetaddress|adresregel|adreslijn|straatnaam)$/, "address"],
  [/^(?:ziekenhuis|ziekenhuizen|instelling|verwijzendziekenhuis|herkomst|campus|apotheek|praktijk|huisartsenpraktijk|labo|laboratorium|wzc|woonzorgcentrum|verpleeghuis|zorginstelling|thuisverpleging|thuiszorg|thuiszorgorganisatie|revalidatiecentrum|hopital|clinique|pharmacie|maisonderepos|institution|hospital|pharmacy|clinic)$/, "hospital"],
  [/^(?:werkgever|bedrijf|firma|school|opleiding|studie|universiteit|hogeschool|mutualiteit|ziekenfonds|verzekeringsinstelling|verzekeraar|zorgverzekeraar|verzekering|club|vereniging|employeur|entreprise|ecole|mutuelle|mutualite|assurance|employer|company|insurer)$/, "organisation"],
  [/^(?:beroep|beroepen|beroepvader|beroepmoeder|beroeppartner|job|werk|baan|occupation|profession|metier|emploi|bijbaan|bijjob|studentenjob|vakantiejob|weekendjob|nevenberoep)$/, "profession"],
  [/^(?:leeftijd|lft|leeft|lftd|age|ageans|leeftijdjaar)$/, "age"],
];

function kindOf(raw: string): Kind | undefined {
  const key = fold(raw);
  if (key.length === 0 || key.length > 30) return undefined;
  for (const [re, kind] of KINDS) if (re.test(key)) return kind;
  return undefined;
}

const LABELS: Readonly<Record<Kind, Label>> = {
  patient: "Name:Patient",
  caregiver: "Name:Caregiver",
  other: "Name:Other",
  place: "Address_Location:Patient",
  address: "Address_Location:Patient",
  hospital: "Organization:Healthcare",
  organisation: "Organization:Other",
  profession: "Profession",
  age: "Age_Birthdate",
  particle: "Name:Patient",
  houseNumber: "Address_Location:Patient",
  postcode: "Address_Location:Patient",
};

function enabled(kind: Kind, f: RecordFamilies): boolean {
  switch (kind) {
    case "patient":
    case "caregiver":
    case "other":
    case "particle":
      return f.names;
    case "place":
    case "address":
    case "houseNumber":
    case "postcode":
      return f.addresses;
    case "hospital":
    case "organisation":
      return f.organisations;
    case "profession":
      return f.professions;
    case "age":
      return f.ages;
  }
}

/** Values that fill a field without naming anything. */
const PLACEHOLDER =
  /^(?:onbekend|onbekende|nvt|nb|geen|leeg|vrij|idem|id|zie(?:boven|onder)?|zieboven|nietvermeld|nietvanbelang|anoniem|x+|inconnu|inconnue|aucun|aucune|neant|na|none|unknown|nil|null|undefined|tbd|nog(?:te)?bepalen|volgt|ja|nee|oui|non|yes|no|m|v|f|man|vrouw|homme|femme|male|female)$/;

/** Forms of address and titles before a name: outside the span. */
const TITLE_KEYS: ReadonlySet<string> = new Set([
  "dr", "dra", "drs", "dokter", "docteur", "prof", "pr", "professor", "professeur", "dhr", "heer", "mevr", "mevrouw", "mw", "mej",
  "meneer", "mijnheer", "mr", "mrs", "ms", "mme", "mlle", "madame", "monsieur", "m", "apr", "lic", "ir", "ing", "zr", "br",
]);
const PARTICLES: ReadonlySet<string> = new Set([
  "van", "de", "der", "den", "ter", "ten", "t", "s", "le", "la", "les", "du", "des", "d", "l", "von", "vom", "zu", "el", "al", "ben", "bin",
  "ibn", "da", "di", "do", "dos", "das", "del", "della", "op", "in", "het", "y", "e", "en",
  // The short forms of "van", "van de(r)" between initials ("K.v.P.", "M.vd.B.").
  "v", "vd", "vdr",
]);

/** Where the value of [start, end) that has its kind's shape lies, or undefined. */
function shapedValue(a: Analysis, start: number, end: number, kind: Kind): { start: number; end: number } | undefined {
  const text = a.text;
  while (start < end && /[\s"'“”‘’«»*_]/u.test(text[start])) start++;
  while (end > start && /[\s"'“”‘’«»*_,.;:]/u.test(text[end - 1])) {
    // A final full stop of initials ("M.C.") belongs to the name.
    if (text[end - 1] === "." && /\p{Lu}$/u.test(text.slice(Math.max(start, end - 2), end - 1)) && (kind === "patient" || kind === "caregiver" || kind === "other")) break;
    end--;
  }
  if (end <= start || end - start > 80) return undefined;
  const raw = text.slice(start, end);
  // An age may be digits alone ("71" under "Leeftijd"); every other kind holds a letter.
  if (PLACEHOLDER.test(fold(raw)) || (kind !== "age" && kind !== "houseNumber" && kind !== "postcode" && !/\p{L}/u.test(raw))) return undefined;
  switch (kind) {
    case "patient":
    case "caregiver":
    case "other":
      return nameValue(a, start, end, kind);
    case "place":
      end = start + cutAtApposition(raw);
      return /^(?:B-?)?(?:\d{4}(?: ?[A-Z]{2})?(?:\s?[/–-]\s?|\s))?\p{Lu}[\p{L}'’. -]{1,40}$/u.test(text.slice(start, end)) && text.slice(start, end).split(/\s+/).length <= 5 ? { start, end } : undefined;
    case "address":
      return /\p{Lu}/u.test(raw) && /\p{L}{3}/u.test(raw) ? { start, end } : undefined;
    case "hospital":
    case "organisation": {
      end = start + cutAtApposition(raw);
      const name = text.slice(start, end);
      return /\p{Lu}/u.test(name) && name.length <= 60 && !/^\d/.test(name) && name.split(/\s+/).length <= 7 ? { start, end } : undefined;
    }
    case "profession":
      return professionValue(a, start, end);
    case "age":
      return AGE_VALUE.test(raw) && ageBelow(raw) ? { start, end } : undefined;
    case "particle":
      return raw.length <= 12 && raw.split(/[\s'’]+/).every((w) => w === "" || PARTICLES.has(w.toLowerCase())) ? { start, end } : undefined;
    case "houseNumber":
      return /^\d{1,5}(?:[ -]?[A-Za-z]{1,2})?(?:[ ]?(?:bus|bte|b)[ ]?\d{1,4}[A-Za-z]?)?$/.test(raw) ? { start, end } : undefined;
    case "postcode":
      return /^(?:B-?)?[1-9]\d{3}(?: ?[A-Z]{2})?$/.test(raw) ? { start, end } : undefined;
  }
}

/** The length of a value up to an apposition: ", Zwevegem", " (Laken)", " - campus Noord". */
function cutAtApposition(raw: string): number {
  const m = /,\s|\s\(|\s[-–]\s/.exec(raw);
  return m ? m.index : raw.length;
}

const ORDINARY_BITS = LIST.stopWord | LIST.commonWord | LIST.medicalTerm;

/** One to six capitalised words, initials and particles, a comma between surname and given name; titles skipped. */
function nameValue(a: Analysis, start: number, end: number, kind: Kind): { start: number; end: number } | undefined {
  const tokens = a.tokens;
  let t = tokenAtOrAfter(tokens, start);
  // Titles in front ("dr. Wouters", "Mevr. Ingrid Claes") stay outside the span.
  while (t < tokens.length && tokens[t].end <= end && TITLE_KEYS.has(tokens[t].key)) {
    t++;
    if (t < tokens.length && tokens[t].text === ".") t++;
  }
  if (t >= tokens.length || tokens[t].start >= end) return undefined;
  const first = t;
  let words = 0;
  let strong = 0;
  let ordinary = 0;
  let last = t;
  for (; t < tokens.length && tokens[t].end <= end; t++) {
    const tok = tokens[t];
    if (tok.kind === "number") return undefined;
    if (tok.kind === "punct") {
      if (!".-'’,/&".includes(tok.text)) return undefined;
      continue;
    }
    words++;
    if (words > 6) return undefined;
    last = t;
    if (tok.firstUpper) {
      if (tok.text.length >= 2) strong++;
      const bits = a.tokenBits[t];
      if (tok.text.length >= 2 && !(bits & NAME_BITS) && bits & ORDINARY_BITS) ordinary++;
    } else if (PARTICLES.has(tok.key)) {
      // "van", "de", "le": particles inside a name.
    } else if (a.tokenBits[t] & NAME_BITS && !(a.tokenBits[t] & (ORDINARY_BITS | LIST.dutchWord | LIST.frenchWord))) {
      // An export in lower case ("peeters;jan"): a listed name that is no ordinary word.
      strong++;
    } else {
      return undefined;
    }
  }
  // Initials alone ("KV", "L.D.", "KV/LDW") are a name only in a person column; a single ordinary word is none.
  if (strong === 0 && !/^\p{Lu}/u.test(a.text.slice(tokens[first].start, tokens[first].end))) return undefined;
  if (strong > 0 && ordinary === strong) return undefined;
  if (kind !== "caregiver" && kind !== "patient" && strong === 0) return undefined;
  let e = tokens[last].end;
  if (a.text[e] === "." && e < end + 1 && /^\p{Lu}$/u.test(tokens[last].text)) e++;
  return { start: tokens[first].start, end: Math.min(e, Math.max(end, e)) };
}

function professionValue(a: Analysis, start: number, end: number): { start: number; end: number } | undefined {
  const raw = a.text.slice(start, end);
  if (raw.length > 50 || /\d/.test(raw) || raw.split(/\s+/).length > 5 || !/^[\p{L}][\p{L} '’/()-]*$/u.test(raw)) return undefined;
  // An employment state alone ("werkloos", "gepensioneerd") is no job.
  const tokens = a.tokens;
  const t = tokenAtOrAfter(tokens, start);
  if (t < tokens.length && tokens[t].end === end && a.tokenBits[t] & LIST.employmentState && !(a.tokenBits[t] & LIST.profession)) return undefined;
  return { start, end };
}

/** Ages in digits or Dutch/French words, maybe approximate: "71", "71 jaar", "ca. 70", "begin 80", "vijftiger". */
const NUMBER_WORD =
  "(?:(?:een|twee|drie|vier|vijf|zes|zeven|acht|negen)(?:en|ën)(?:twintig|dertig|veertig|vijftig|zestig|zeventig|tachtig|negentig)|twintig|dertig|veertig|vijftig|zestig|zeventig|tachtig|negentig|honderd|(?:vingt|trente|quarante|cinquante|soixante|septante|quatre-vingt|nonante)(?:[- ](?:et[- ])?(?:un|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze))?)";
const AGE_VALUE = new RegExp(
  `^(?:(?:[±~≈]|\\+\\/?-|ca\\.?|circa|ongeveer|bijna|ruim|net|begin|midden|eind|rond|environ|presque|plus\\s+de|moins\\s+de|>|<|≥|≤)\\s?)?` +
    `(?:\\d{1,3}\\+?|${NUMBER_WORD}|(?:twintig|dertig|veertig|vijftig|zestig|zeventig|tachtig|negentig)ers?|(?:quadr|quinqu|sexag|septuag|octog|nonag)[ée]naire)` +
    `(?:\\s?(?:j|jr|jaar|jarig|jarige|a|ans|an|y|yr|yrs|years|mnd|maanden|mois|w|wk|weken|sem|d|dagen|jours))?\\.?$`,
  "iu",
);

function ageBelow(raw: string): boolean {
  const n = /\d+/.exec(raw);
  return !n || Number(n[0]) <= 120;
}

// ── Tables ─────────────────────────────────────────────────────────────────────────────────────────────────────

type Separator = "|" | "\t" | ";" | "," | "  ";

interface Cell {
  start: number;
  end: number;
}

interface Table {
  separator: Separator;
  kinds: (Kind | undefined)[];
  /** Column starts relative to the line, for space-aligned rows. */
  from: number[];
}

/** A spreadsheet row's quoted cells emptied: their own ", " and "; " ("\"Pelters, J.\"") separate nothing. */
const QUOTED_CELL = /(?<=^|[;,])[ ]?"[^"\n]{0,200}"(?=[ ]?(?:[;,]|$))/g;

function separatorOf(line: string): Separator | undefined {
  if (/^[A-Z][A-Z0-9]{2}\|/.test(line)) return undefined;
  if (line.includes("|")) return "|";
  if (line.includes("\t")) return "\t";
  const bare = line.includes('"') ? line.replace(QUOTED_CELL, '""') : line;
  if ((bare.match(/;/g)?.length ?? 0) >= 2 && !/;\s/.test(bare)) return ";";
  if ((bare.match(/,/g)?.length ?? 0) >= 2 && (!/,\s/.test(bare) || /^\s*"[^"]*"\s*,\s*"/.test(line))) return ",";
  return /\S {2,}\S/.test(line) ? "  " : undefined;
}

function cellsOf(text: string, from: number, to: number, separator: Separator): Cell[] {
  const cells: Cell[] = [];
  let cellStart = from;
  let quoted = false;
  const push = (e: number): void => {
    let s = cellStart;
    while (s < e && /\s/.test(text[s])) s++;
    while (e > s && /\s/.test(text[e - 1])) e--;
    if (e - s >= 2 && text[s] === '"' && text[e - 1] === '"') {
      s++;
      e--;
    }
    cells.push({ start: s, end: e });
  };
  for (let i = from; i < to; i++) {
    const ch = text[i];
    if ((separator === "," || separator === ";") && ch === '"') {
      if (quoted) quoted = false;
      else if (text.slice(cellStart, i).trim().length === 0) quoted = true;
      continue;
    }
    if (quoted) continue;
    if (separator === "  ") {
      if (ch === " " && text[i + 1] === " " && i > cellStart && !/\s/.test(text[i - 1])) {
        push(i);
        while (i + 1 < to && text[i + 1] === " ") i++;
        cellStart = i + 1;
      }
    } else if (ch === separator) {
      push(i);
      cellStart = i + 1;
    }
  }
  push(to);
  // A "|" table's border cells and the indentation of a space-aligned line are no cells.
  if (separator === "|" && cells.length > 0 && cells[0].start === cells[0].end) cells.shift();
  if (separator === "|" && cells.length > 0 && cells[cells.length - 1].start === cells[cells.length - 1].end) cells.pop();
  if (separator === "  " && cells.length > 0 && cells[0].start === cells[0].end) cells.shift();
  return cells;
}

/** Header words of medication, lab and stock tables. */
const THING_TABLE =
  /^(?:dosis|dosering|sterkte|frequentie|eenheid|eenheden|hoeveelheid|toediening|toedieningsweg|medicatie|medicijn|geneesmiddel|product|middel|dose|posologie|voie|waarde|resultaat|uitslag|referentie|referentiewaarde|referentiewaarden|normaalwaarde|test|parameter|analyse|bepaling|vaccin|lot|lotnr|charge|chargenr|materiaal|hoeveel|aantal|prijs|stuks)$/;

/** Other column titles of clinical and administrative tables (times, rooms, reasons, identifiers, phones). */
const OTHER_TITLE =
  /^(?:datum|date|dag|jour|tijd|uur|heure|time|kamer|kamernr|bed|bednr|lit|chambre|afdeling|dienst|service|unit|reden|klacht|diagnose|dx|opm|opmerking|opmerkingen|remarque|commentaar|notitie|status|triage|prioriteit|actie|handeling|interventie|zorg|soin|soins|geslacht|gesl|sexe|sex|mv|geb|geboren|geboortedatum|gebdatum|geb\w*|dob|nele|ddn|id|nr|no|n|nummer|pid|patnr|patientnr|dossier|dossiernr|epd|insz|rijksregister|bsn|mrn|tel|telefoon|gsm|fax|email|mail|pieper|toestel|functie|rol|role|fonction|relatie|relation|lien|verwantschap|type|soort|categorie|code|ingreep|operatie|onderzoek|examen|uitslag|resultaat|plaats|locatie|postcode|cp|zip|start|einde|van|tot|begin|stop|opname|ontslag|week|wk|tijdstip|visite|bezoek|doel|plan|beleid|score|ews|rr|pols|temp|t|spo2|pijn|vas|bewustzijn|afspraak|consult|gewicht|lengte|bmi|arm|toestemming|consent|randomisatie|inclusie|screening|studieid|subjectid|studienr|visit)$/;

function headerOf(text: string, cells: Cell[], separator: Separator, lineStart: number): Table | undefined {
  if (cells.length < 2) return undefined;
  const kinds: (Kind | undefined)[] = [];
  let named = 0;
  let known = 0;
  for (const cell of cells) {
    const raw = text.slice(cell.start, cell.end);
    // A header holds titles, not values or fields ("Naam: X" is a field, "12/03" a value).
    if (raw.length > 40 || /\d{2,}|:/.test(raw)) return undefined;
    const kind = kindOf(raw);
    kinds.push(kind);
    if (kind) named++;
    if (kind || raw.length === 0 || OTHER_TITLE.test(fold(raw)) || THING_TABLE.test(fold(raw))) known++;
  }
  // Most titles are known header words: a key-value pair in two cells ("Patiënt | Mevr. Cleyn") is no header. A
  // log's last column of who signed ("… Kt/V  Vpk", "… gewicht  paraaf") makes a header of short titles by itself.
  const signedLast = kinds[kinds.length - 1] === "caregiver" && cells.length >= 4 &&
    cells.every((cell) => cell.end - cell.start <= 16 && !/\d{2,}/.test(text.slice(cell.start, cell.end)));
  if (named === 0 || known < 2 || (known * 2 < cells.length && !signedLast)) return undefined;
  // In a medication or lab table "Naam" names the drug or the test, not a person.
  if (cells.some((cell) => THING_TABLE.test(fold(text.slice(cell.start, cell.end))))) {
    for (let c = 0; c < kinds.length; c++) if (kinds[c] === "patient") kinds[c] = undefined;
  }
  return { separator, kinds, from: cells.map((c) => c.start - lineStart) };
}

/** The row cell under column c: by index when the row has the header's cells, else by position. */
function cellUnder(table: Table, cells: Cell[], c: number, lineStart: number): Cell | undefined {
  if (table.separator !== "  " || cells.length === table.kinds.length) return cells[c];
  const from = table.from[c] - 2;
  const next = table.from[c + 1] ?? Infinity;
  let found: Cell | undefined;
  for (const cell of cells) {
    const at = cell.start - lineStart;
    if (at < from || at >= next - 1) continue;
    if (found) return undefined;
    found = cell;
  }
  return found;
}

const RULE_LINE = /^[\s|:+=-]*$/;

function tableCandidates(a: Analysis, f: RecordFamilies, out: Candidate[]): void {
  const text = a.text;
  let table: Table | undefined;
  for (let from = 0; from <= text.length; ) {
    let to = text.indexOf("\n", from);
    if (to < 0) to = text.length;
    const line = text.slice(from, to);
    let separator = line.trim().length === 0 || line.length > 1000 ? undefined : separatorOf(line);
    // Under a space-aligned header, decimal commas ("72,8  70,4  1,41") make no comma-separated row.
    if (separator === "," && table?.separator === "  " && /\S {2,}\S/.test(line)) separator = "  ";
    if (!separator) table = undefined;
    else if (table && separator === table.separator && RULE_LINE.test(line)) {
      // The rule under a header keeps the table open.
    } else {
      const cells = cellsOf(text, from, to, separator);
      const header = headerOf(text, cells, separator, from);
      if (header) table = header;
      else if (table && separator === table.separator && cells.length >= 2 && (separator !== "," || cells.length === table.kinds.length)) {
        for (let c = 0; c < table.kinds.length; c++) {
          const kind = table.kinds[c];
          if (!kind || !enabled(kind, f)) continue;
          const cell = cellUnder(table, cells, c, from);
          if (cell && !push(a, cell.start, cell.end, kind, "record.table", out) && kind === "caregiver") leadingInitials(a, cell, out);
        }
      } else {
        table = undefined;
        if (f.names && separator !== "," && separator !== ";") signedLogRow(a, cells, out);
      }
    }
    if (to >= text.length) break;
    from = to + 1;
  }
}

/** Initials of a signature: two or three capitals, or capitals around the lower-case letters of a particle ("KvM", "LvB"). */
const SIGNATURE_INITIALS = /^(?:\p{Lu}{2,3}|\p{Lu}(?:v|d|vd|vdr|t)\p{Lu}{1,2})(?:\/(?:\p{Lu}{2,3}|\p{Lu}(?:v|d|vd|vdr|t)\p{Lu}{1,2}))?$/u;
/** Two or three capitals that a care log writes for a route, a status or a test, not a person. */
const LOG_ABBREVIATIONS = new Set(`
  IV PO SC IM SL IN PR TD ID IO NG OK NVT NB NA RR BD HR CT RX MRI ECG EKG EEG PM AM QD BID TID QID DD ZN PRN STAT NEG POS
  OPN SEH ICU IZ OR OK AB HB LL RL RE LI BI MG KG ML GR EU CRP INR BMI VAS EWS GCS MEW PEG SNG CVC PAC PICC KCL NACL TPN
  ADL WC BSN EPD ZIS MDO DNR NTBR OAK DOAC LMWH TIA CVA MI AF VKF COPD DM HT BPD CPAP BIPAP UF HD PD CVVH ICD ASO HAP
`.split(/\s+/).filter(Boolean));
/** A class or a grade in roman numerals ("ASA II", "NYHA III"). */
const ROMAN = /^[IVXLC]+$/;
const CLOCK_OR_DATE = /^(?:\d{1,2}[:u.h]\d{2}|\d{1,2}[/-]\d{1,2}(?:[/-]\d{2,4})?)$/;

/** "NV -> arts verwittigd" under "paraaf": the initials that open the cell, before a note added to them. */
function leadingInitials(a: Analysis, cell: Cell, out: Candidate[]): void {
  const m = /^(\p{L}{2,4})\s+(?:->|→|-|:|\()/u.exec(a.text.slice(cell.start, cell.end));
  if (!m || !SIGNATURE_INITIALS.test(m[1]) || LOG_ABBREVIATIONS.has(m[1]) || ROMAN.test(m[1])) return;
  out.push({ start: cell.start, end: cell.start + m[1].length, label: "Name:Caregiver", priority: PRIORITY.context, score: 0.6, rule: "record.initials" });
}

/**
 * A row of a care log with no header on the text ("04-11<TAB>09:15<TAB>INR 3,1<TAB>KvM"): three cells or more, one a
 * clock time or a day and month, and a last cell of initials that is no route, status or test abbreviation: who
 * signed the entry.
 */
function signedLogRow(a: Analysis, cells: Cell[], out: Candidate[]): void {
  if (cells.length < 3) return;
  const last = cells[cells.length - 1];
  if (last.end - last.start > 9) return;
  const raw = a.text.slice(last.start, last.end);
  if (!SIGNATURE_INITIALS.test(raw) || raw.split("/").some((part) => LOG_ABBREVIATIONS.has(part) || ROMAN.test(part))) return;
  if (!cells.slice(0, -1).some((cell) => CLOCK_OR_DATE.test(a.text.slice(cell.start, cell.end)))) return;
  let from = last.start;
  for (const part of raw.split("/")) {
    out.push({ start: from, end: from + part.length, label: "Name:Caregiver", priority: PRIORITY.context, score: 0.6, rule: "record.log-initials" });
    from += part.length + 1;
  }
}

/** Adds the value of [start, end) when it has its kind's shape; says whether it did. */
function push(a: Analysis, start: number, end: number, kind: Kind, rule: string, out: Candidate[]): boolean {
  const value = shapedValue(a, start, end, kind);
  if (value) out.push({ start: value.start, end: value.end, label: LABELS[kind], priority: PRIORITY.context, score: 0.7, rule });
  return value !== undefined;
}

// ── Key-value fields ───────────────────────────────────────────────────────────────────────────────────────────

/**
 * A key and its separator: "=" (key=value lists), a JSON key in quotes and ":", dot leaders, or ":" after a bullet.
 * Group 1 is the key; group 2 says how it was written ("=", "\"", "." or "-" for a bullet; plain ":" otherwise).
 */
const FIELD =
  /(?:^|[\t|;{,]|[ ]{2})[ \t]*(?:([-*•·])\s?)?("?)(\p{L}[\p{L}\p{N}'’/.-]{0,30}(?:[ ](?:[/&+][ ])?[\p{L}(][\p{L}\p{N}'’/.)-]{0,30}){0,3})\2[ \t]*(=|:|\.{3,}[ \t.]*:?|…+)[ \t]*/gu;
const VALUE_END = /\t|[ ]{2}|[|;]|",|"\s*[,}]|"$|\s*$/g;
const XML_FIELD = /<([A-Za-z][\w.-]{0,40})>([^<\n]{1,80})<\/\1>/g;
/** Two to four capitals, with dots or a slash between two sets ("ML", "M.L.", "AV/KD"). */
const INITIALS = /^(?:\p{Lu}\.?){2,4}(?:\/(?:\p{Lu}\.?){2,4})?$/u;
/** Keys of who typed, checked, signed or gave something: initials there are a caregiver's ("VAPH" after "Verwijzer" is not). */
const SIGNING_KEY = /^(?:getypt|getyptdoor|uitgetypt|typist|nagelezen|nagelezendoor|paraaf|parafe|visum|visa|gezien|geziendoor|gecontroleerd|gecontroleerddoor|dubbelecontrole|toegediend|toegediendoor|klaargezet|klaargezetdoor|initialen|init|uitgevoerddoor)$/;
/** Kinds that plain "Key: value" lines leave to the name, address and organisation rules. */
const OWN_RULES: ReadonlySet<Kind> = new Set(["patient", "caregiver", "other", "address", "hospital"]);

function fieldCandidates(a: Analysis, f: RecordFamilies, out: Candidate[]): void {
  const text = a.text;
  for (let from = 0; from <= text.length; ) {
    let to = text.indexOf("\n", from);
    if (to < 0) to = text.length;
    const line = text.slice(from, to);
    if (line.length <= 2000 && /[:=…]|\.{3}|<\//.test(line)) {
      FIELD.lastIndex = 0;
      for (let m = FIELD.exec(line); m; m = FIELD.exec(line)) {
        const kind = kindOf(m[3]);
        const valueStart = m.index + m[0].length;
        if (!kind || !enabled(kind, f)) continue;
        // A nested object ("huisarts": {"naam": …}) is no value: its own keys are read next.
        if (line[valueStart] === "{" || line[valueStart] === "[") continue;
        VALUE_END.lastIndex = valueStart + 1;
        const e = VALUE_END.exec(line);
        const valueEnd = e ? e.index : line.length;
        // A plain "Naam: X" is the name rules' (they know initials, titles and roles); an export's field is ours.
        const plain = m[4] === ":" && m[2] === "" && m[1] === undefined;
        // Initials alone ("Getypt door: ML") are a caregiver the name rules do not read.
        if (plain && OWN_RULES.has(kind) && !(SIGNING_KEY.test(fold(m[3])) && INITIALS.test(line.slice(valueStart, valueEnd).trim()))) continue;
        if (push(a, from + valueStart, from + valueEnd, kind, "record.field", out)) FIELD.lastIndex = Math.max(valueStart, valueEnd);
      }
      if (line.includes("</")) {
        XML_FIELD.lastIndex = 0;
        for (let m = XML_FIELD.exec(line); m; m = XML_FIELD.exec(line)) {
          const kind = kindOf(m[1].replace(/(?<=\p{Ll})(?=\p{Lu})/gu, " ").split(" ")[0]) ?? kindOf(m[1]);
          const start = from + m.index + m[1].length + 2;
          if (kind && enabled(kind, f)) push(a, start, start + m[2].length, kind, "record.xml", out);
        }
      }
    }
    if (to >= text.length) break;
    from = to + 1;
  }
}

// ── HL7 v2 ─────────────────────────────────────────────────────────────────────────────────────────────────────

type Hl7Kind =
  | "patientName"
  | "otherName"
  | "caregiverXcn"
  | "patientAddress"
  | "otherAddress"
  | "hospital"
  | "organisation"
  | "facility"
  | "location"
  | "authority"
  | "birth"
  | "time";

/** Facility codes that name a system or a department, not an institution. */
const HL7_SYSTEM_CODES: ReadonlySet<string> = new Set(["LAB", "LIS", "HIS", "RIS", "EPD", "EHR", "ADT", "PACS", "HIX", "KWS", "ZIS", "APP", "TEST", "ORU"]);

const HL7_FIELDS: Readonly<Record<string, Readonly<Record<number, Hl7Kind>>>> = {
  // MSH-4, MSH-6 and MSH-7, the sending and receiving facility and the message time (MSH-1 is the separator itself,
  // so they are read third, fifth and sixth).
  MSH: { 3: "facility", 5: "facility", 6: "time" },
  EVN: { 2: "time", 6: "time" },
  PID: { 3: "authority", 5: "patientName", 6: "otherName", 7: "birth", 9: "patientName", 11: "patientAddress", 23: "patientAddress" },
  PD1: { 3: "hospital", 4: "caregiverXcn" },
  PV1: { 3: "location", 7: "caregiverXcn", 8: "caregiverXcn", 9: "caregiverXcn", 17: "caregiverXcn", 44: "time", 45: "time" },
  NK1: { 2: "otherName", 4: "otherAddress" },
  GT1: { 3: "otherName", 5: "otherAddress" },
  ORC: { 9: "time", 12: "caregiverXcn" },
  OBR: { 7: "time", 16: "caregiverXcn" },
  OBX: { 14: "time" },
  IN1: { 4: "organisation" },
};
const SEGMENT = /^(MSH|PID|PD1|PV1|NK1|GT1|ORC|OBR|OBX|IN1|EVN)$/;

/** The delimiters of one message: field, component and repetition separators (MSH-1, MSH-2). */
interface Hl7Delimiters {
  field: string;
  component: string;
  repetition: string;
}
const HL7_DEFAULT: Hl7Delimiters = { field: "|", component: "^", repetition: "~" };

/**
 * The delimiters a message header line declares ("MSH|^~\\&", "MSH#^~\\&"): the character after "MSH" separates
 * the fields, the next two the components and repetitions. Undefined for a line that is no message header.
 */
function headerDelimiters(text: string, from: number, end: number): Hl7Delimiters | undefined {
  if (end - from < 8 || !text.startsWith("MSH", from)) return undefined;
  const [field, component, repetition] = [text[from + 3], text[from + 4], text[from + 5]];
  const isDelimiter = (c: string) => /[^\p{L}\p{N}\s]/u.test(c);
  if (!isDelimiter(field) || !isDelimiter(component) || !isDelimiter(repetition)) return undefined;
  if (field === component || field === repetition || component === repetition) return undefined;
  return { field, component, repetition };
}

/** The span over components [first, last] of one repetition [from, to) that hold letters, or undefined. */
function components(text: string, from: number, to: number, first: number, last: number, sep: string, letters = true): { start: number; end: number } | undefined {
  let index = 0;
  let compStart = from;
  let start = -1;
  let end = -1;
  for (let i = from; i <= to; i++) {
    if (i < to && text[i] !== sep) continue;
    index++;
    if (index >= first && index <= last && (letters ? /\p{L}/u : /\S/u).test(text.slice(compStart, i))) {
      if (start < 0) start = compStart;
      end = i;
    }
    compStart = i + 1;
  }
  return start < 0 ? undefined : { start, end };
}

function hl7Candidates(a: Analysis, f: RecordFamilies, out: Candidate[]): void {
  const text = a.text;
  let seen = false;
  let delimiters = HL7_DEFAULT;
  // The facility codes of the message headers (MSH-4, MSH-6) read so far, upper case.
  const facilities = new Set<string>();
  for (let from = 0; from <= text.length; ) {
    let to = text.indexOf("\n", from);
    if (to < 0) to = text.length;
    const end = to > from && text[to - 1] === "\r" ? to - 1 : to;
    const header = headerDelimiters(text, from, end);
    if (header) delimiters = header;
    const sep = delimiters.field;
    const name = end - from >= 4 && text[from + 3] === sep ? SEGMENT.exec(text.slice(from, from + 3)) : null;
    if (name && (seen || name[1] === "MSH" || name[1] === "PID" || fieldCount(text, from, end, sep) >= 5)) {
      seen = true;
      const kinds = HL7_FIELDS[name[1]];
      let field = 0;
      let fieldStart = from + 4;
      for (let i = fieldStart; kinds && i <= end; i++) {
        if (i < end && text[i] !== sep) continue;
        field++;
        const kind = kinds[field];
        if (kind) {
          let repStart = fieldStart;
          for (let j = fieldStart; j <= i; j++) {
            if (j < i && text[j] !== delimiters.repetition) continue;
            hl7Value(a, repStart, j, kind, f, out, facilities, delimiters.component);
            repStart = j + 1;
          }
        }
        fieldStart = i + 1;
      }
    }
    if (to >= text.length) break;
    from = to + 1;
  }
}

function fieldCount(text: string, from: number, end: number, sep: string): number {
  let n = 0;
  for (let i = from; i < end; i++) if (text[i] === sep) n++;
  return n;
}

/**
 * PV1-3.4 (the facility of the patient's location, "C2^104^1^ZKHNOORD") and PID-3.4 (the authority that assigned an
 * identifier, "0012345^^^ZKHNOORD^PI") name an institution: the facility always (unless it is a system code), the
 * assigning authority only when a message header of the same text names it as a facility (a national register or
 * a country, "^^^BE^NN", "^^^RRN", is no institution).
 */
function fourthComponent(text: string, from: number, to: number, sep: string): { start: number; end: number } | undefined {
  let index = 1;
  let compStart = from;
  for (let i = from; i <= to; i++) {
    if (i < to && text[i] !== sep) continue;
    if (index === 4) return i > compStart ? { start: compStart, end: i } : undefined;
    index++;
    compStart = i + 1;
  }
  return undefined;
}

/**
 * An HL7 time stamp (TS/DTM) at the start of a field: YYYYMMDD, then hours, minutes, seconds and fractions if any
 * ("19870214", "20240310081522"), a real calendar day of 1900-2099; undefined otherwise.
 */
function timeStamp(text: string, from: number, to: number): { start: number; end: number } | undefined {
  const m = /^(?:19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?:\d{2}){0,3}(?:\.\d{1,4})?(?:[+-]\d{4})?(?!\d)/.exec(text.slice(from, Math.min(to, from + 30)));
  return m ? { start: from, end: from + m[0].length } : undefined;
}

function hl7Value(a: Analysis, from: number, to: number, kind: Hl7Kind, f: RecordFamilies, out: Candidate[], facilities: Set<string>, sep: string): void {
  const add = (r: { start: number; end: number } | undefined, label: Label, on: boolean): void => {
    if (r && on && r.end > r.start) out.push({ start: r.start, end: r.end, label, priority: PRIORITY.context, score: 0.7, rule: "record.hl7" });
  };
  const text = a.text;
  switch (kind) {
    case "patientName":
      return add(components(text, from, to, 1, 3, sep), "Name:Patient", f.names);
    case "otherName":
      return add(components(text, from, to, 1, 3, sep), "Name:Other", f.names);
    case "caregiverXcn":
      return add(components(text, from, to, 2, 4, sep), "Name:Caregiver", f.names);
    case "patientAddress":
      return add(components(text, from, to, 1, 5, sep, false), "Address_Location:Patient", f.addresses);
    case "otherAddress":
      return add(components(text, from, to, 1, 5, sep, false), "Address_Location:Other", f.addresses);
    case "hospital":
      return add(components(text, from, to, 1, 1, sep), "Organization:Healthcare", f.organisations);
    case "facility": {
      const r = components(text, from, to, 1, 1, sep);
      if (r && HL7_SYSTEM_CODES.has(text.slice(r.start, r.end).toUpperCase())) return;
      if (r) facilities.add(text.slice(r.start, r.end).toUpperCase());
      return add(r, "Organization:Healthcare", f.organisations);
    }
    case "location": {
      const r = fourthComponent(text, from, to, sep);
      if (!r || !/\p{L}/u.test(text.slice(r.start, r.end)) || HL7_SYSTEM_CODES.has(text.slice(r.start, r.end).toUpperCase())) return;
      return add(r, "Organization:Healthcare", f.organisations);
    }
    case "authority": {
      const r = fourthComponent(text, from, to, sep);
      if (!r || !facilities.has(text.slice(r.start, r.end).toUpperCase())) return;
      return add(r, "Organization:Healthcare", f.organisations);
    }
    case "organisation":
      return add(components(text, from, to, 1, 1, sep), "Organization:Other", f.organisations);
    case "birth":
      return add(timeStamp(text, from, to), "Age_Birthdate", f.ages);
    case "time":
      return add(timeStamp(text, from, to), "Date", f.dates);
  }
}

// ── Identification strips ──────────────────────────────────────────────────────────────────────────────────────

/**
 * A patient's identification strip or label: a name at the start of a line, then the sex letter and a birth date
 * or year ("MERTENS, Sabine  V  21/06/1979", "Peeters Jan (M) °12/03/1950", "DE SMET Karel / M / 05-06-1939").
 */
export const STRIP = /^[ \t*]*(\p{Lu}[\p{L}'’.-]*(?:,?[ ][\p{L}'’.-]+){0,4})(?:[ ]{2,}|\t|[ ]?[/|,–-][ ]?|[ ])\(?[MVFX]\)?(?:[ ]{2,}|\t|[ ]?[/|,–-][ ]?|[ ])[ \t]*(?:°[ ]?|geb\.?[ ]?|°?\()?\d/u;

/**
 * What every strip holds: its sex letter between separators (a space, tab, slash, bar, comma or dash, or the
 * letter's brackets). A text or line without it is not tried against STRIP.
 */
export const STRIP_SEX_LETTER = /[ \t/|,–(-][MVFX][ \t/|,–)-]/;

function stripCandidates(a: Analysis, f: RecordFamilies, out: Candidate[]): void {
  if (!f.names) return;
  const text = a.text;
  if (!STRIP_SEX_LETTER.test(text)) return;
  for (let from = 0; from <= text.length; ) {
    let to = text.indexOf("\n", from);
    if (to < 0) to = text.length;
    const line = to - from <= 300 ? text.slice(from, to) : "";
    const m = line !== "" && STRIP_SEX_LETTER.test(line) ? STRIP.exec(line) : null;
    if (m) {
      const start = from + m[0].indexOf(m[1]);
      push(a, start, start + m[1].length, "patient", "record.strip", out);
    }
    if (to >= text.length) break;
    from = to + 1;
  }
}

/** Names, places, organisations, jobs and ages that a record's structure names. */
export function recordCandidates(a: Analysis, f: RecordFamilies): Candidate[] {
  const out: Candidate[] = [];
  const text = a.text;
  const hl7 = text.includes("MSH") || text.includes("|");
  if (!hl7 && !/[\t;,:=…<]|\S {2,}\S|\.{3}/.test(text)) return out;
  tableCandidates(a, f, out);
  fieldCandidates(a, f, out);
  stripCandidates(a, f, out);
  if (hl7) hl7Candidates(a, f, out);
  return out;
}
