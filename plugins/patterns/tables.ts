// Values in table columns whose header names them: an age under "Leeftijd", "Lft.", "Leeft", "Âge", "Age"; an
// identifier under "Patiëntnr.", "ID", "BSN", "MRN", "Dossier", "INSZ", "Rijksregister", "N° dossier" or another
// compound that names a number ("Eenheidsnr.", "N° demande"; not a phone, room, bed, page or batch number); a phone
// number (8–15 digits) or an extension (3–5 digits, not a service number such as 1733) under "Telefoon", "GSM",
// "Pieper", "Toestel"; a birth year or date under "Geb.", "Geboortejaar", "DOB". A table is a header line and the lines right under it that split the same way: cells between
// "|", between tabs, between semicolons (a line with two or more and no space after one), between commas (two or
// more and no space after one, or quoted cells: "1","Jansen"; a row has exactly as many cells as its header), or
// between runs of two or more spaces, where a row's cell is matched to its header column by position (a header cell
// may hold two titles, "kamer bed"; a value of the column before may run into the next with one space, "Verhaeghe-
// Lambert Karel 86": then the word of that cell that starts at the column's title is tried). A blank line, or a
// line that splits otherwise, ends the table. A value must fill its cell alone: an age of 0–120 with an optional unit
// ("45", "45 j", "72 ans", "6 w", "8 mnd", "±60"), an identifier of at least four digits with up to four letters in
// front ("1234567", "EPD-00123"), a postcode under "Postcode" / "CP" ("3290", "B-3000", "1234 AB"). One pass over
// the lines: linear.
import type { DetectedSpan, Label } from "../../src/contract/index.js";
import { SCORE_CONTEXT, span } from "./text.js";

export interface TableFamilies {
  ages: boolean;
  identifiers: boolean;
  /** Postcodes under "Postcode", "Code postal", "CP" (off when not given). */
  postalCodes?: boolean;
  /** Phone numbers and extensions under "Telefoon", "GSM", "Pieper", "Toestel" (off when not given). */
  contacts?: boolean;
}

export type Separator = "|" | "\t" | "  " | ";" | ",";

interface Cell {
  start: number;
  end: number;
}

interface Table {
  separator: Separator;
  cellCount: number;
  ageColumns: number[];
  idColumns: number[];
  postalColumns: number[];
  /** Columns of birth dates and years ("Geb.", "Geboortejaar", "DOB"). */
  birthColumns: number[];
  /** Columns of phone numbers and internal extensions ("Telefoon", "GSM", "Pieper", "Toestel"). */
  contactColumns: number[];
  /** Columns of user names of an audit log ("gebruiker", "user_id", "login"). */
  userColumns: number[];
  /** Columns of workstation names of an audit log ("workstation", "terminal"). */
  workstationColumns: number[];
  /** The header's cells as columns of its line (space-aligned tables match row cells to them by position). */
  columns: { from: number }[];
}

/** Header words, folded (lower case, no diacritics, no spaces or punctuation). */
const AGE_HEADER = /^(?:leeftijd(?:jaar|jr|j)?|leeft|leeftd|lft|lftd|lt|age|agejaar|ageans|ageyears|ageyrs|ans|jaar)$/;
const ID_HEADER =
  /^(?:id|pid|patid|patientid|patnr|patno|patientnr|patientnummer|patientno|patientnumber|dossier|dossiernr|dossiernummer|dossierno|ndossier|nodossier|numerodossier|numerodedossier|mrn|bsn|insz|inss|niss|rrn|rijksregisternr|rijksregisternummer|epd|epdnr|epdnummer|ipp|registratienr|registratienummer|regnr|opnamenr|opnamenummer|ziekenhuisnr|ziekenhuisnummer|identificatienr|identificatienummer|nr|nummer|ssn|nhs|nhsnr|nhsnumber|mrnnr|recordnr|recordnumber|medicalrecordnumber|studieid|studienr|studienummer|subjectid|subjectnr|subject|proefpersoon|deelnemer|deelnemernr|participant|participantid|inclusienr|screeningnr|casenr|caseid)$/;

/** National and insurance numbers written out as a header ("Rijksregister", "INSZ-nummer", "N° national"). */
const ID_HEADER_PREFIX = /^(?:rijksregister|rrn|insz|inss|niss|bsn|burgerservice|numeronational|nnational|nonational|registrenational|identifiant|patientid|patid|pid|mrn|epd|dossiernr|dossiernummer|ziekenhuisnummer|patientnummer|patientnr|patientennr|patientennummer)/;
/** Phone, pager and extension columns; their cells are phone numbers (six digits or more) or extensions of 3–5. */
const CONTACT_HEADER = /^(?:tel|telefoon|telefoonnr|telefoonnummer|telnr|gsm|gsmnr|gsmnummer|mobiel|mobielnummer|mobile|phone|telephone|telefono|fax|pieper|sein|seinnummer|bip|semafoon|toestel|tst|intern|poste|ext)$/;
/** Emergency and public service numbers ("1733", "112") identify no one. */
const SERVICE_NUMBERS: ReadonlySet<string> = new Set(["112", "100", "101", "110", "911", "999", "1733", "1777", "1813", "116", "070"]);
const CONTACT_VALUE = /^(?:\+|00)?\(?\d[\d ./()-]*\d$/;

/** Birth date and year columns: a year alone in such a cell is a birth year ("Geboortejaar   1931"). */
const BIRTH_HEADER = /^(?:geb|geboren|geboortedatum|gebdatum|gebdat|geboortejaar|gebjaar|dob|dateofbirth|birthdate|nele|neele|datedenaissance|anneedenaissance|ddn|yob|birthyear)$/;
const BIRTH_VALUE = /^(?:19|20)\d{2}$|^\d{1,2}[./-]\d{1,2}[./-](?:\d{2}|\d{4})$/;

const POSTAL_HEADER = /^(?:postcode|postnr|postnummer|codepostal|cp|zip|zipcode|pc)$/;
/** A Belgian or Dutch postcode alone in its cell ("3290", "B-3000", "1234 AB"). */
const POSTAL_VALUE = /^(?:B-?)?[1-9]\d{3}(?: ?[A-Z]{2})?$/;

/** An age alone in its cell: an optional "about" sign, 0–120 and a unit of years, or of months, weeks or days for a
 * child ("6 w", "8 mnd", "3 mois"), or a sex letter. */
const AGE_VALUE =
  /^(?:[±~≈]|\+\/?-|ca\.?\s?)?(\d{1,3})(?:\s?(?:j|jr|jaar|a|ans|y|yr|yrs|years|m|v|f|w|wk|wkn|weken|mnd|maand|maanden|mois|sem|d|dg|dgn|dagen|jours))?\.?$/i;
const ID_VALUE = /^[A-Za-z]{0,4}[-.]?\d[\dA-Za-z]*(?:[-./ ][\dA-Za-z]+){0,3}$/;
/** A markdown rule line ("|---|:--:|") or a line of dashes and pluses under a header. */
const RULE_LINE = /^[\s|:+=-]*$/;
/** An identifier cell that is really a date, a time or a phone number is left to those families. */
const DATE_LIKE = /^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$|^\d{1,2}[./-]\d{1,2}$|^\d{1,2}[:uh]\d{2}$/;

/**
 * A header that is a compound naming a number ("Eenheidsnr.", "Aanvraagnummer", "N° demande" folds to
 * "ndemande"): an identifier column, unless it numbers a phone, a room, a bed, a house, a page or a batch.
 */
const NUMBER_COMPOUND_HEADER = /^[a-z]{3,}(?:nr|nummer|no|numero)$/;
/** "N° demande", "Nr. aanvraag", "No. échantillon": a number word written before the thing it numbers. */
const NUMBER_WORD_HEADER = /^(?:n°|nº|nr\.?|no\.|num[ée]ro)\s*(?:de\s+|d'|du\s+)?\p{L}{4,}$/iu;
const NOT_ID_HEADER = /^(?:n|nr|no|numero)?(?:tel|telefoon|gsm|fax|mobiel|huis|kamer|chambre|bed|lit|bus|box|versie|lot|batch|pagina|page|blz|route|order|bestel|artikel|zaal|lokaal|toestel|post|btw|kvk|sessie|seance|zitting|lijn|ligne|volg|rang|stap)/;

/**
 * Audit logs and access reports (session thirteen): the login under "gebruiker", "user_id", "login" names the person
 * who acted: a caregiver's account, or the patient's own or a proxy's when a cell of the row names that role
 * ("patiënt", "gemachtigde", "proxy"). A source prefix before a colon is no part of the login ("machtiging:x.y"). A
 * workstation's name under "workstation" / "terminal" is another identifier (Anonymize_Other).
 */
const USER_HEADER = /^(?:gebruiker|gebruikers|gebruikersnaam|gebruikersid|gebruikerid|login|loginnaam|loginid|userid|user|username|usr|utilisateur|accountnaam)$/;
const USER_VALUE = /^(?:\p{L}+:)?([\p{L}][\p{L}\d._-]{2,29})(?: (\p{L}+))?$/u;
const NOT_A_LOGIN: ReadonlySet<string> = new Set(["system", "systeem", "admin", "root", "batch", "unknown", "onbekend", "interface", "service"]);
/** A row's role cell (or the role word that runs into the login's cell) that names the patient or a proxy. */
const PATIENT_ROLE = /^(?:pati[eë]nte?|patient|gemachtigde|mantelzorger|proxy|mandataire|client|cliënt)$/iu;
const WORKSTATION_HEADER = /^(?:workstation|werkstation|werkplek|terminal|hostname|host|pcnaam|computernaam|postedetravail)$/;
const WORKSTATION_VALUE = /^(?=[^\s]*\d)(?=[^\s]*[A-Za-z])[A-Za-z0-9][A-Za-z0-9._-]{2,19}$/;

function fold(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

export function separatorOf(line: string): Separator | undefined {
  if (line.includes("|")) return "|";
  if (line.includes("\t")) return "\t";
  // A line of values split by semicolons, as a spreadsheet exports them ("PID;Naam;Lft;Postcode").
  if (occursTwice(line, ";") && !/;\s/.test(line)) return ";";
  // Comma-separated values with no space after a comma ("patientnr,naam,geb"), or quoted cells ("1","Jansen").
  if (occursTwice(line, ",") && (!/,\s/.test(line) || /^\s*"[^"]*"\s*,\s*"/.test(line))) return ",";
  // Two spaces between two words (not the indentation before the first one): the first two spaces after the
  // indentation, found natively (a walk over every character of a long line cost a fifth of the detector on text
  // without numbers), then something other than a space after them.
  const n = line.length;
  let first = 0;
  while (first < n && line.charCodeAt(first) === 0x20) first++;
  const two = first < n ? line.indexOf("  ", first) : -1;
  if (two < 0 || two + 2 >= n) return undefined;
  let j = two + 2;
  while (j < n && line.charCodeAt(j) === 0x20) j++;
  return j < n ? "  " : undefined;
}

/** Whether `unit` occurs at least twice in `line` (no array of every occurrence, as a global match makes). */
function occursTwice(line: string, unit: string): boolean {
  const i = line.indexOf(unit);
  return i >= 0 && line.indexOf(unit, i + 1) >= 0;
}

/** The cells of a line (offsets into the text, trimmed); `from` is the line's start. */
function cellsOf(text: string, from: number, to: number, separator: Separator): Cell[] {
  const cells: Cell[] = [];
  let cellStart = from;
  const push = (end: number): void => {
    let s = cellStart;
    let e = end;
    while (s < e && /\s/.test(text[s])) s++;
    while (e > s && /\s/.test(text[e - 1])) e--;
    // A quoted cell of a spreadsheet export: the quotes are no part of the value.
    if (e - s >= 2 && text[s] === '"' && text[e - 1] === '"') {
      s++;
      e--;
    }
    cells.push({ start: s, end: e });
  };
  let quoted = false;
  for (let i = from; i < to; i++) {
    const ch = text[i];
    if ((separator === "," || separator === ";") && ch === '"') {
      // A quote opens a quoted cell only as its first character; the next quote closes it.
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
  // Leading whitespace before the first word of a space-aligned line is no cell.
  if (separator === "  " && cells.length > 0 && cells[0].start === cells[0].end) cells.shift();
  return cells;
}

function headerOf(text: string, cells: Cell[], separator: Separator, families: TableFamilies, lineStart: number): Table | undefined {
  if (cells.length < 2) return undefined;
  const ageColumns: number[] = [];
  const idColumns: number[] = [];
  const postalColumns: number[] = [];
  const contactColumns: number[] = [];
  const birthColumns: number[] = [];
  const userColumns: number[] = [];
  const workstationColumns: number[] = [];
  let filled = 0;
  for (let c = 0; c < cells.length; c++) {
    const raw = text.slice(cells[c].start, cells[c].end);
    if (raw.length === 0) continue;
    // A header holds words, not values.
    if (raw.length > 40 || /\d{3,}/.test(raw)) return undefined;
    filled++;
    const key = fold(raw);
    if (families.ages && AGE_HEADER.test(key)) ageColumns.push(c);
    // "°" alone titles the birth column of a Belgian list ("naam<TAB>°<TAB>kamer").
    else if (families.ages && /^[°º]$/.test(raw.trim())) birthColumns.push(c);
    else if (families.postalCodes && POSTAL_HEADER.test(key)) postalColumns.push(c);
    else if (families.contacts && CONTACT_HEADER.test(key)) contactColumns.push(c);
    else if (families.ages && BIRTH_HEADER.test(key)) birthColumns.push(c);
    else if (families.identifiers && USER_HEADER.test(key)) userColumns.push(c);
    else if (families.identifiers && WORKSTATION_HEADER.test(key)) workstationColumns.push(c);
    else if (families.identifiers && (ID_HEADER.test(key) || ID_HEADER_PREFIX.test(key) || ((NUMBER_COMPOUND_HEADER.test(key) || NUMBER_WORD_HEADER.test(raw)) && !NOT_ID_HEADER.test(key)))) {
      idColumns.push(c);
    }
  }
  const named = ageColumns.length + idColumns.length + postalColumns.length + contactColumns.length + birthColumns.length;
  if (filled < 2 || named + userColumns.length + workstationColumns.length === 0) {
    return undefined;
  }
  const columns = cells.map((cell) => ({ from: cell.start - lineStart }));
  return { separator, cellCount: cells.length, ageColumns, idColumns, postalColumns, contactColumns, birthColumns, userColumns, workstationColumns, columns };
}

/**
 * The row cell under header column `c`. Cells between "|" or tabs, and the cells of a space-aligned row with as many
 * cells as the header, are counted; any other space-aligned row is matched by position, since its header may hold two words in one cell ("kamer bed") or leave a column without a title: the
 * one cell that starts between two characters before the column's title and the next title.
 */
function cellUnder(table: Table, cells: Cell[], c: number, lineStart: number): Cell | undefined {
  if (table.separator !== "  " || cells.length === table.cellCount) return cells[c];
  const from = table.columns[c].from - 2;
  const next = table.columns[c + 1]?.from ?? Infinity;
  let found: Cell | undefined;
  for (const cell of cells) {
    const at = cell.start - lineStart;
    if (at < from || at >= next - 1) continue;
    if (found) return undefined;
    found = cell;
  }
  return found;
}

/**
 * A long value of the column before that runs into column `c` with a single space ("Verhaeghe-Lambert Karel 86"
 * under "naam" and "lft"): the last word of that cell, when it starts at this column's title (one character either
 * way). Only for space-aligned tables, and only tried when the cell found by `cellUnder` holds no value.
 */
function overflowUnder(text: string, table: Table, cells: Cell[], c: number, lineStart: number): Cell | undefined {
  if (table.separator !== "  ") return undefined;
  const title = lineStart + table.columns[c].from;
  for (const cell of cells) {
    if (cell.start >= title - 1 || cell.end <= title) continue;
    for (let w = title - 1; w <= title + 1; w++) {
      if (w > cell.start && w < cell.end && text[w - 1] === " " && !text.slice(w, cell.end).includes(" ")) return { start: w, end: cell.end };
    }
  }
  return undefined;
}

/** The cell under column `c` whose value passes `accept`: the cell found by position, else an overflowing word. */
function valueUnder(text: string, table: Table, cells: Cell[], c: number, lineStart: number, accept: (value: string) => boolean): Cell | undefined {
  const cell = cellUnder(table, cells, c, lineStart);
  if (cell && accept(text.slice(cell.start, cell.end))) return cell;
  const spill = overflowUnder(text, table, cells, c, lineStart);
  return spill && accept(text.slice(spill.start, spill.end)) ? spill : undefined;
}

/** The login and the workstation of an audit log's row (see USER_HEADER). */
function auditCells(text: string, table: Table, cells: Cell[], from: number, out: DetectedSpan[]): void {
  for (const c of table.userColumns) {
    const cell = cellUnder(table, cells, c, from);
    const m = cell ? USER_VALUE.exec(text.slice(cell.start, cell.end)) : null;
    if (!cell || !m || NOT_A_LOGIN.has(m[1].toLowerCase())) continue;
    const start = cell.start + m[0].indexOf(m[1]);
    const patient = PATIENT_ROLE.test(m[2] ?? "") || cells.some((other) => PATIENT_ROLE.test(text.slice(other.start, other.end)));
    const label: Label = patient ? "ID:Patient" : "ID:Caregiver";
    out.push(span(start, start + m[1].length, label, SCORE_CONTEXT));
  }
  for (const c of table.workstationColumns) {
    const cell = cellUnder(table, cells, c, from);
    if (cell && WORKSTATION_VALUE.test(text.slice(cell.start, cell.end))) out.push(span(cell.start, cell.end, "Anonymize_Other", SCORE_CONTEXT));
  }
}

export function findTableCells(text: string, families: TableFamilies): DetectedSpan[] {
  const out: DetectedSpan[] = [];
  if (!families.ages && !families.identifiers && !families.postalCodes && !families.contacts) return out;
  let table: Table | undefined;
  for (let from = 0; from <= text.length; ) {
    let to = text.indexOf("\n", from);
    if (to < 0) to = text.length;
    const line = text.slice(from, to);
    const separator = separatorOf(line);
    if (!separator || line.trim().length === 0) table = undefined;
    else if (table && separator === table.separator && RULE_LINE.test(line)) {
      // The rule under a header keeps the table open.
    } else if (separator) {
      const cells = cellsOf(text, from, to, separator);
      // A comma-separated row has exactly its header's cells: "38,1" is a decimal number, not two cells.
      const sameShape = table !== undefined && separator === table.separator && cells.length >= 2 && (separator !== "," || cells.length === table.cellCount);
      const header = headerOf(text, cells, separator, families, from);
      if (header) table = header;
      else if (table && sameShape) {
        const isAge = (v: string): boolean => {
          const m = AGE_VALUE.exec(v);
          return m !== null && Number(m[1]) <= 120;
        };
        const isId = (v: string): boolean => v.length <= 30 && ID_VALUE.test(v) && !DATE_LIKE.test(v) && (v.match(/\d/g)?.length ?? 0) >= 4;
        const isContact = (v: string): boolean => {
          const digits = v.match(/\d/g)?.length ?? 0;
          return CONTACT_VALUE.test(v) && !SERVICE_NUMBERS.has(v) && !DATE_LIKE.test(v) && ((digits >= 3 && digits <= 5 && /^\d+$/.test(v)) || (digits >= 8 && digits <= 15));
        };
        const isPostal = (v: string): boolean => POSTAL_VALUE.test(v);
        const columns: [number[], (v: string) => boolean, Label][] = [
          [table.ageColumns, isAge, "Age_Birthdate"],
          [table.birthColumns, (v) => BIRTH_VALUE.test(v), "Age_Birthdate"],
          [table.idColumns, isId, "ID:Patient"],
          [table.contactColumns, isContact, "Contactdetails"],
          [table.postalColumns, isPostal, "Address_Location:Other"],
        ];
        for (const [list, accept, label] of columns) {
          for (const c of list) {
            const cell = valueUnder(text, table, cells, c, from, accept);
            if (cell) out.push(span(cell.start, cell.end, label, SCORE_CONTEXT));
          }
        }
        auditCells(text, table, cells, from, out);
      } else {
        table = undefined;
      }
    }
    if (to >= text.length) break;
    from = to + 1;
  }
  return out;
}
