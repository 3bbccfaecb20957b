// Tables whose header names the column: a clinic list ("Time | Hosp No | Name | DOB"), a bed board ("Bed | Pt |
// Cons"), a trial screening log ("Screen # | Initials | ... | Screener"), a vaccine record ("... | Given by"). Every
// cell under a name, initials or identifier header is that kind of value, written however it is written ("JB",
// "MO'C", "BEGUM, Rukhsana", "014-031"): the header is the cue the cell itself lacks. Only tables delimited by "|" or
// tabs, two delimiters or more on every row; a cell must also have the shape of its kind (letters for a name, a
// digit for an identifier), so free text in a wrongly guessed column is left alone. Linear in the text.
import type { Label } from "../../../src/contract/index.js";
import type { Candidate } from "./candidates.js";
import { acceptFieldValue, fieldKind, fieldLabel, personKind, weakFieldKey, type FieldKind } from "./fields.js";
import type { RulesEnLexicon } from "./lexicon.js";

const PATIENT_NAME = new Set([
  "pt", "patient", "patient name", "pt name", "name", "names", "initials", "pt initials", "patient initials", "resident", "resident name", "client", "client name",
  "child", "child name", "subject", "infant", "baby", "surname", "last name", "first name", "forename", "given name", "full name",
]);
const OTHER_NAME = new Set([
  "nok", "nok name", "next of kin", "next of kin name", "emergency contact", "emergency contact name", "contact name", "kin", "relative", "carer", "carer name",
  "parent", "parent name", "parent/guardian", "guardian", "mother", "father", "spouse", "partner", "informant", "escort",
]);
const CAREGIVER_NAME = new Set([
  "by", "given by", "admin by", "administered by", "signed", "signed by", "sign", "signature", "screener", "screened by", "nurse", "rn", "staff", "clinician",
  "doctor", "dr", "cons", "consultant", "reviewer", "reviewed by", "checked by", "vaccinator", "seen by", "staff initials", "obtained by", "consented by", "named nurse",
  "key worker", "keyworker", "allocated to", "assigned to", "hcp", "prescriber", "prescribed by", "entered by", "recorded by", "author",
]);
const PATIENT_ID = new Set([
  "mrn", "mrn #", "hosp no", "hosp no.", "hospital no", "hospital number", "hosp #", "nhs no", "nhs no.", "nhs number", "nhs #", "chi", "chi no", "chi number", "id", "patient id",
  "pt id", "subject id", "study id", "screen #", "screen no", "screening #", "screening no", "screening id", "record no", "record #", "urn", "ur no", "case no",
  "case #", "medicaid #", "member id", "h&c no", "hcn", "ihi", "pid", "study #", "study no", "trial id", "participant id", "participant #", "ptid",
]);

/** Titles kept outside a caregiver's name ("Dr Ahmed" → "Ahmed"). */
const TITLE = /^(?:dr|mr|mrs|ms|miss|mx|prof|sr|sister|nurse)\.?\s+/i;
/** Credentials kept outside it ("A. Farouk, RN" → "A. Farouk"). */
const CREDENTIAL = /,?\s+(?:RN|RGN|RM|LPN|LVN|CNA|HCA|CMA|MA|MD|DO|NP|APRN|PA|PA-C|PharmD|DPT|PT|OT|MBBS|FY1|FY2|SHO|SpR)\.?$/;
const EMPTY = /^(?:|-+|—|–|n\/?a|none|nil|\?+|tbc|unknown|x+)$/i;
/** Letters of a name: words with hyphens and apostrophes, a comma between surname and given name, dotted initials. */
const NAME_CELL = /^[\p{Lu}][\p{L}\p{M}'’.\-]*(?:,?\s{1,2}[\p{L}][\p{L}\p{M}'’.\-]*){0,4}$/u;
const ID_CELL = /^(?=[^\n]*\d)[A-Za-z0-9#][A-Za-z0-9 .\/\-]{2,22}$/;
const SEPARATOR = /^[\s|:+\-=\t]*$/;

interface Row {
  start: number;
  cells: { start: number; end: number }[];
}

function splitRow(text: string, start: number, end: number, delim: string): Row {
  const cells: { start: number; end: number }[] = [];
  let s = start;
  let quoted = false;
  for (let i = start; i <= end; i++) {
    // An export's quoted cell keeps its commas ("Okafor, Chidi"); the quotes stay outside the cell.
    if (delim === "," && i < end && text[i] === '"') {
      quoted = !quoted;
      continue;
    }
    if (i === end || (text[i] === delim && !quoted)) {
      let a = s;
      let b = i;
      while (a < b && /\s/.test(text[a])) a++;
      while (b > a && /\s/.test(text[b - 1])) b--;
      if (delim === "," && b - a >= 2 && text[a] === '"' && text[b - 1] === '"') {
        a++;
        b--;
      }
      cells.push({ start: a, end: b });
      s = i + 1;
    }
  }
  // A row written "| a | b |" has an empty cell before its first and after its last bar.
  if (delim === "|") {
    if (cells.length && cells[0].start === cells[0].end && text.slice(start, end).trimStart().startsWith("|")) cells.shift();
    if (cells.length && cells[cells.length - 1].start === cells[cells.length - 1].end && text.slice(start, end).trimEnd().endsWith("|")) cells.pop();
  }
  return { start, cells };
}

function count(text: string, start: number, end: number, ch: string): number {
  let n = 0;
  let quoted = false;
  for (let i = start; i < end; i++) {
    if (ch === "," && text[i] === '"') quoted = !quoted;
    else if (text[i] === ch && !quoted) n++;
  }
  return n;
}

/** A comma- or semicolon-separated header: short cells (a title each, at most four words), no sentence. */
function csvHeader(text: string, start: number, end: number, delim = ","): boolean {
  const row = splitRow(text, start, end, delim);
  return row.cells.length >= 3 && row.cells.every((c) => c.end - c.start <= 32 && text.slice(c.start, c.end).split(/\s+/).length <= 4 && !/[.;:!?]$/.test(text.slice(c.start, c.end)));
}

function columnLabel(header: string): Label | undefined {
  // An export's column key joins its words with underscores ("hosp_no", "last_name").
  const h = header.toLowerCase().replace(/_/g, " ").replace(/\s+/g, " ").replace(/[:.]$/, "").trim();
  if (PATIENT_ID.has(h)) return "ID:Patient";
  if (PATIENT_NAME.has(h)) return "Name:Patient";
  if (CAREGIVER_NAME.has(h)) return "Name:Caregiver";
  if (OTHER_NAME.has(h)) return "Name:Other";
  return undefined;
}

/** `plainWords(cell)`: whether a cell is made only of everyday words ("Empty", "Side room"), never a name. With the
 * lexicon, columns whose header names an organisation, a facility, a ward or a place ("Employer", "GP practice",
 * "Town") give their cells too, each read as that field's value (fields.ts). */
export function findTableCells(text: string, plainWords: (cell: string) => boolean, lex?: RulesEnLexicon): Candidate[] {
  if (!text.includes("|") && !text.includes("\t") && !text.includes(",") && !text.includes(";")) return [];
  const out: Candidate[] = [];
  // Lines with their offsets.
  const lines: { start: number; end: number }[] = [];
  for (let s = 0; s <= text.length; ) {
    let e = text.indexOf("\n", s);
    if (e < 0) e = text.length;
    lines.push({ start: s, end: e });
    s = e + 1;
  }
  for (let i = 0; i < lines.length; i++) {
    const { start, end } = lines[i];
    // Exports: comma-separated rows under a header of short titles (spreadsheets, CSV reports).
    // Semicolon-separated exports too (the spreadsheet default where the comma is a decimal mark).
    const delim =
      count(text, start, end, "|") >= 2 ? "|"
      : count(text, start, end, "\t") >= 2 ? "\t"
      : count(text, start, end, ",") >= 2 && csvHeader(text, start, end) ? ","
      : count(text, start, end, ";") >= 3 && csvHeader(text, start, end, ";") ? ";"
      : "";
    if (!delim) continue;
    const header = splitRow(text, start, end, delim);
    const kinds: (FieldKind | undefined)[] = header.cells.map((c) => {
      const kind = lex ? fieldKind(text.slice(c.start, c.end).replace(/[:.]$/, "")) : undefined;
      // People's columns are the name sets above; the field kinds add organisations, facilities and places.
      return kind && !personKind(kind) ? kind : undefined;
    });
    const labels: (Label | undefined)[] = header.cells.map((c, k) => columnLabel(text.slice(c.start, c.end)) ?? (kinds[k] ? fieldLabel(kinds[k]!) : undefined));
    let j = i + 1;
    const headerLower = !/\p{Lu}/u.test(text.slice(start, end));
    if (labels.every((l) => l === undefined)) {
      // Not a header: skip the rest of this table.
      while (j < lines.length && count(text, lines[j].start, lines[j].end, delim) >= 2) j++;
      i = j - 1;
      continue;
    }
    for (; j < lines.length; j++) {
      const line = lines[j];
      if (count(text, line.start, line.end, delim) < 2) break;
      if (SEPARATOR.test(text.slice(line.start, line.end))) continue;
      const row = splitRow(text, line.start, line.end, delim);
      // A row with another number of cells is another table or a note in the margin.
      if (row.cells.length !== header.cells.length) continue;
      row.cells.forEach((c, k) => {
        const label = labels[k];
        if (!label) return;
        let a = c.start;
        const value = text.slice(a, c.end);
        if (EMPTY.test(value)) return;
        const kind = kinds[k];
        if (kind && lex && !columnLabel(text.slice(header.cells[k].start, header.cells[k].end))) {
          // A cell in the shape of a name (capitalised, or any case in a table written without capitals).
          const lowerTable = !/\p{Lu}/u.test(text.slice(line.start, line.end));
          if ((lowerTable || /^\p{Lu}/u.test(value)) && value.length <= 60 && !/\d/.test(value) && acceptFieldValue(value, kind, lex, weakFieldKey(text.slice(header.cells[k].start, header.cells[k].end).replace(/[:.]$/, "")))) {
            out.push({ start: a, end: c.end, label, score: 0.7, rule: "table-field-column" });
          }
          return;
        }
        if (label === "ID:Patient") {
          if (ID_CELL.test(value)) out.push({ start: a, end: c.end, label, score: 0.8, rule: "table-column" });
          return;
        }
        const title = TITLE.exec(value);
        if (title) a += title[0].length;
        let b = c.end;
        const credential = CREDENTIAL.exec(text.slice(a, b));
        if (credential) b -= credential[0].length;
        const name = text.slice(a, b);
        // A row written without capitals ("okafor,chidi,...") is read as if its cells were capitalised.
        const rowLower = !/\p{Lu}/u.test(text.slice(line.start, line.end)) || (headerLower && !/\p{Lu}/u.test(name));
        const shaped = rowLower ? name.replace(/(^|[\s,'’\-])(\p{Ll})/gu, (_m, p: string, c: string) => p + c.toUpperCase()) : name;
        if (NAME_CELL.test(shaped) && b - a <= 48 && !plainWords(name)) out.push({ start: a, end: b, label, score: 0.8, rule: "table-column" });
      });
    }
    i = j - 1;
  }
  return out;
}
