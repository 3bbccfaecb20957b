// Tables whose header names the column: a clinic list ("Time | Hosp No | Name | DOB"), a bed board ("Bed | Pt |
// Cons"), a trial screening log ("Screen # | Initials | ... | Screener"), a vaccine record ("... | Given by"). Every
// cell under a name, initials or identifier header is that kind of value, written however it is written ("JB",
// "MO'C", "BEGUM, Rukhsana", "014-031"): the header is the cue the cell itself lacks. Only tables delimited by "|" or
// tabs, two delimiters or more on every row; a cell must also have the shape of its kind (letters for a name, a
// digit for an identifier), so free text in a wrongly guessed column is left alone. Linear in the text.
import type { Label } from "../../../src/contract/index.js";
import type { Candidate } from "./candidates.js";

const PATIENT_NAME = new Set([
  "pt", "patient", "patient name", "pt name", "name", "names", "initials", "pt initials", "patient initials", "resident", "resident name", "client", "client name",
  "child", "child name", "subject", "infant", "baby", "surname", "last name", "first name", "forename", "given name", "full name",
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
  for (let i = start; i <= end; i++) {
    if (i === end || text[i] === delim) {
      let a = s;
      let b = i;
      while (a < b && /\s/.test(text[a])) a++;
      while (b > a && /\s/.test(text[b - 1])) b--;
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
  for (let i = start; i < end; i++) if (text[i] === ch) n++;
  return n;
}

function columnLabel(header: string): Label | undefined {
  const h = header.toLowerCase().replace(/\s+/g, " ").replace(/[:.]$/, "").trim();
  if (PATIENT_ID.has(h)) return "ID:Patient";
  if (PATIENT_NAME.has(h)) return "Name:Patient";
  if (CAREGIVER_NAME.has(h)) return "Name:Caregiver";
  return undefined;
}

/** `plainWords(cell)`: whether a cell is made only of everyday words ("Empty", "Side room"), never a name. */
export function findTableCells(text: string, plainWords: (cell: string) => boolean): Candidate[] {
  if (!text.includes("|") && !text.includes("\t")) return [];
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
    const delim = count(text, start, end, "|") >= 2 ? "|" : count(text, start, end, "\t") >= 2 ? "\t" : "";
    if (!delim) continue;
    const header = splitRow(text, start, end, delim);
    const labels = header.cells.map((c) => columnLabel(text.slice(c.start, c.end)));
    let j = i + 1;
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
        if (NAME_CELL.test(name) && b - a <= 48 && !plainWords(name)) out.push({ start: a, end: b, label, score: 0.8, rule: "table-column" });
      });
    }
    i = j - 1;
  }
  return out;
}
