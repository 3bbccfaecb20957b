// Values in table columns whose header names them: an age under "Leeftijd", "Lft.", "Leeft", "Âge", "Age"; an
// identifier under "Patiëntnr.", "ID", "BSN", "MRN", "Dossier", "INSZ", "N° dossier" or another compound that names a
// number ("Eenheidsnr.", "N° demande"; not a phone, room, bed, page or batch number). A table is a header line and
// the lines right under it that split the same way: cells between "|", between tabs, between semicolons (a line
// with two or more and no space after one), or between runs of two or more spaces, where a row's cell is matched to its header column by position (a header cell may hold two titles, "kamer
// bed"). A blank line, or a line that splits otherwise, ends the table. A value must fill its cell alone: an age of
// 0–120 with an optional unit ("45", "45 j", "72 ans", "6 w", "8 mnd", "±60"), an identifier of at least four digits
// with up to four letters in front ("1234567", "EPD-00123"), a postcode under "Postcode" / "CP" ("3290", "B-3000",
// "1234 AB"). One pass over the lines: linear.
import type { DetectedSpan } from "../../src/contract/index.js";
import { SCORE_CONTEXT, span } from "./text.js";

export interface TableFamilies {
  ages: boolean;
  identifiers: boolean;
  /** Postcodes under "Postcode", "Code postal", "CP" (off when not given). */
  postalCodes?: boolean;
}

type Separator = "|" | "\t" | "  " | ";";

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
  /** The header's cells as columns of its line (space-aligned tables match row cells to them by position). */
  columns: { from: number }[];
}

/** Header words, folded (lower case, no diacritics, no spaces or punctuation). */
const AGE_HEADER = /^(?:leeftijd(?:jaar|jr|j)?|leeft|leeftd|lft|lftd|lt|age|agejaar|ageans|ageyears|ageyrs|ans|jaar)$/;
const ID_HEADER =
  /^(?:id|pid|patid|patientid|patnr|patno|patientnr|patientnummer|patientno|patientnumber|dossier|dossiernr|dossiernummer|dossierno|ndossier|nodossier|numerodossier|numerodedossier|mrn|bsn|insz|inss|niss|rrn|rijksregisternr|rijksregisternummer|epd|epdnr|epdnummer|ipp|registratienr|registratienummer|regnr|opnamenr|opnamenummer|ziekenhuisnr|ziekenhuisnummer|identificatienr|identificatienummer|nr|nummer|ssn|nhs|nhsnr|nhsnumber|mrnnr|recordnr|recordnumber|medicalrecordnumber)$/;

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

function fold(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

function separatorOf(line: string): Separator | undefined {
  if (line.includes("|")) return "|";
  if (line.includes("\t")) return "\t";
  // A line of values split by semicolons, as a spreadsheet exports them ("PID;Naam;Lft;Postcode").
  if ((line.match(/;/g)?.length ?? 0) >= 2 && !/;\s/.test(line)) return ";";
  // Two spaces between two words (not the indentation before the first one).
  let word = false;
  for (let i = 0; i + 2 < line.length; i++) {
    if (line[i] !== " ") word = true;
    else if (word && line[i + 1] === " ") {
      let j = i + 2;
      while (j < line.length && line[j] === " ") j++;
      if (j < line.length) return "  ";
      return undefined;
    }
  }
  return undefined;
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
    cells.push({ start: s, end: e });
  };
  for (let i = from; i < to; i++) {
    const ch = text[i];
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
  let filled = 0;
  for (let c = 0; c < cells.length; c++) {
    const raw = text.slice(cells[c].start, cells[c].end);
    if (raw.length === 0) continue;
    // A header holds words, not values.
    if (raw.length > 40 || /\d{3,}/.test(raw)) return undefined;
    filled++;
    const key = fold(raw);
    if (families.ages && AGE_HEADER.test(key)) ageColumns.push(c);
    else if (families.postalCodes && POSTAL_HEADER.test(key)) postalColumns.push(c);
    else if (families.identifiers && (ID_HEADER.test(key) || ((NUMBER_COMPOUND_HEADER.test(key) || NUMBER_WORD_HEADER.test(raw)) && !NOT_ID_HEADER.test(key)))) {
      idColumns.push(c);
    }
  }
  if (filled < 2 || (ageColumns.length === 0 && idColumns.length === 0 && postalColumns.length === 0)) return undefined;
  const columns = cells.map((cell) => ({ from: cell.start - lineStart }));
  return { separator, cellCount: cells.length, ageColumns, idColumns, postalColumns, columns };
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

export function findTableCells(text: string, families: TableFamilies): DetectedSpan[] {
  const out: DetectedSpan[] = [];
  if (!families.ages && !families.identifiers && !families.postalCodes) return out;
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
      const sameShape = table !== undefined && separator === table.separator && cells.length >= 2;
      const header = headerOf(text, cells, separator, families, from);
      if (header) table = header;
      else if (table && sameShape) {
        for (const c of table.ageColumns) {
          const cell = cellUnder(table, cells, c, from);
          if (!cell) continue;
          const m = AGE_VALUE.exec(text.slice(cell.start, cell.end));
          if (m && Number(m[1]) <= 120) out.push(span(cell.start, cell.end, "Age_Birthdate", SCORE_CONTEXT));
        }
        for (const c of table.idColumns) {
          const cell = cellUnder(table, cells, c, from);
          if (!cell) continue;
          const value = text.slice(cell.start, cell.end);
          if (value.length > 30 || !ID_VALUE.test(value) || DATE_LIKE.test(value)) continue;
          if ((value.match(/\d/g)?.length ?? 0) >= 4) out.push(span(cell.start, cell.end, "ID:Patient", SCORE_CONTEXT));
        }
        for (const c of table.postalColumns) {
          const cell = cellUnder(table, cells, c, from);
          if (cell && POSTAL_VALUE.test(text.slice(cell.start, cell.end))) out.push(span(cell.start, cell.end, "Address_Location:Other", SCORE_CONTEXT));
        }
      } else {
        table = undefined;
      }
    }
    if (to >= text.length) break;
    from = to + 1;
  }
  return out;
}
