// HL7 v2 messages pasted into a record (ADT, ORU): the fields that name a person, a place, a facility, a payer or an
// identifier by their position in the segment (HL7 v2.5 field definitions), whatever the value's case or shape.
// "PID|1||<id>^^^<authority>^MR||<FAMILY>^<GIVEN>^<MIDDLE>||<yyyymmdd>|F|||<street>^^<city>^<ST>^<zip>^USA".
import type { Label } from "../../../src/contract/index.js";
import type { Candidate } from "./candidates.js";
import type { RulesEnLexicon } from "./lexicon.js";

type FieldKind = "facility" | "payer" | "id-authority" | "person" | "address" | "doctors" | "id" | "birth" | "location" | "phone" | "datetime";

/** Segment → field number → what the field holds. */
const FIELDS: Record<string, Record<number, [FieldKind, Label?]>> = {
  MSH: { 4: ["facility"], 6: ["facility"], 7: ["datetime"] },
  PID: { 3: ["id-authority"], 4: ["id-authority"], 5: ["person", "Name:Patient"], 6: ["person", "Name:Other"], 7: ["birth"], 9: ["person", "Name:Patient"], 11: ["address", "Address_Location:Patient"], 13: ["phone"], 14: ["phone"], 18: ["id"], 19: ["id"], 20: ["id"] },
  NK1: { 2: ["person", "Name:Other"], 4: ["address", "Address_Location:Other"], 5: ["phone"], 6: ["phone"] },
  PV1: { 3: ["location"], 7: ["doctors"], 8: ["doctors"], 9: ["doctors"], 17: ["doctors"], 19: ["id"], 39: ["facility"] },
  PV2: { 23: ["facility"] },
  IN1: { 4: ["payer"], 5: ["address", "Address_Location:Other"], 7: ["phone"], 8: ["id"], 9: ["id"], 16: ["person", "Name:Patient"], 18: ["birth"], 19: ["address", "Address_Location:Patient"], 36: ["id"], 49: ["id"] },
  GT1: { 3: ["person", "Name:Other"], 5: ["address", "Address_Location:Other"], 6: ["phone"], 7: ["phone"] },
  ORC: { 9: ["datetime"], 10: ["doctors"], 11: ["doctors"], 12: ["doctors"], 21: ["facility"] },
  OBR: { 6: ["datetime"], 7: ["datetime"], 8: ["datetime"], 16: ["doctors"], 28: ["doctors"], 32: ["doctors"] },
};

/** A telecom use code in an XTN's second component: a number written where an address field stands. */
const TELECOM_USE = /^(?:PRN|ORN|WPN|VHN|ASN|EMR|NET|BPN|PRS)$/;

const SEGMENTS = new Set(Object.keys(FIELDS));

/**
 * The separators of a message: MSH-1 is the field separator, MSH-2 the component, repetition, escape and
 * subcomponent characters ("MSH|^~\\&|", and any other choice such as "MSH#^~\\&#"). Without a header: "|", "^", "~".
 */
interface Separators {
  field: string;
  component: string;
  repetition: string;
}
const DEFAULT_SEPARATORS: Separators = { field: "|", component: "^", repetition: "~" };
const HEADER = /^MSH([^\p{L}\d\s])([^\p{L}\d\s])([^\p{L}\d\s])?/u;

/** The components of one field value, with their offsets: [start, end) each. */
function parts(value: string, at: number, sep: string): [number, number][] {
  const out: [number, number][] = [];
  let s = 0;
  for (let i = 0; i <= value.length; i++) {
    if (i === value.length || value[i] === sep) {
      out.push([at + s, at + i]);
      s = i + 1;
    }
  }
  return out;
}

/**
 * The segment lines of messages whose field separator is not "|" ("PID#1##5520117^^^WGH^MR"): a "#" there separates
 * fields and opens no "#<number>" identifier, so the caller drops such number candidates inside them.
 */
export function hl7HashLines(text: string): [number, number][] {
  const out: [number, number][] = [];
  if (!text.includes("MSH#")) return out;
  forEachSegment(text, (seg, lineStart, lineEnd, seps) => {
    if (seps.field === "#") out.push([lineStart, lineEnd]);
  });
  return out;
}

/** Calls `visit` for each segment line of a known segment, with the separators of its message. */
function forEachSegment(text: string, visit: (seg: string, lineStart: number, lineEnd: number, seps: Separators) => void): void {
  let seps = DEFAULT_SEPARATORS;
  for (let ls = 0; ls < text.length; ) {
    let next = text.indexOf("\n", ls);
    if (next < 0) next = text.length;
    let le = next;
    if (text[le - 1] === "\r") le--;
    const lineStart = ls;
    ls = next + 1;
    const seg = text.slice(lineStart, lineStart + 3);
    if (!SEGMENTS.has(seg)) continue;
    if (seg === "MSH") {
      const h = HEADER.exec(text.slice(lineStart, le));
      if (!h) continue;
      seps = { field: h[1], component: h[2], repetition: h[3] && h[3] !== h[1] ? h[3] : "~" };
    } else if (text[lineStart + 3] !== seps.field) continue;
    visit(seg, lineStart, le, seps);
  }
}

export function hl7Candidates(text: string): Candidate[] {
  const out: Candidate[] = [];
  // Only in a text that holds a message header or a patient segment.
  if (!text.includes("MSH") && !text.includes("PID|")) return out;
  forEachSegment(text, (seg, lineStart, le, seps) => {
    const fields = parts(text.slice(lineStart, le), lineStart, seps.field);
    const spec = FIELDS[seg];
    const push = (s: number, e: number, label: Label, rule: string) => {
      if (e > s && /[\p{L}\d]/u.test(text.slice(s, e))) out.push({ start: s, end: e, label, score: 0.8, rule });
    };
    // In an order or visit segment, any other field written as a clinician (XCN: number^FAMILY^GIVEN) is one, whatever
    // its position (a message that fills a local field).
    const entries = Object.entries(spec);
    if (seg === "PV1" || seg === "ORC" || seg === "OBR") {
      fields.forEach(([fs, fe], i) => {
        if (i === 0 || spec[i]) return;
        const v = text.slice(fs, fe).split(seps.component);
        if (v.length >= 3 && /^\d{5,}$/.test(v[0]) && /^\p{Lu}[\p{L}'’\-]+$/u.test(v[1]) && /^\p{Lu}[\p{L}'’\-]*$/u.test(v[2])) entries.push([String(i), ["doctors"]]);
      });
    }
    for (const [num, [kind, label]] of entries) {
      // MSH-1 is the field separator itself: MSH-n is the n-th piece after the segment name minus one.
      const f = fields[seg === "MSH" ? Number(num) - 1 : Number(num)];
      if (!f || f[1] <= f[0]) continue;
      for (const [rs, re] of parts(text.slice(f[0], f[1]), f[0], seps.repetition)) {
        const comps = parts(text.slice(rs, re), rs, seps.component);
        const c = (i: number) => comps[i - 1];
        const span = (from: number, to: number): [number, number] | undefined => {
          let last = -1;
          for (let i = from; i <= Math.min(to, comps.length); i++) if (c(i)[1] > c(i)[0]) last = i;
          return last < 0 || c(from)[1] <= c(from)[0] ? undefined : [c(from)[0], c(last)[1]];
        };
        if (kind === "facility" && c(1)) push(c(1)[0], c(1)[1], "Organization:Healthcare", "hl7-facility");
        else if (kind === "payer" && c(1)) push(c(1)[0], c(1)[1], "Organization:Other", "hl7-payer");
        else if (kind === "location" && c(4)) push(c(4)[0], c(4)[1], "Organization:Healthcare", "hl7-facility");
        else if (kind === "id-authority") {
          if (c(1) && /\d/.test(text.slice(c(1)[0], c(1)[1]))) push(c(1)[0], c(1)[1], "ID:Patient", "hl7-id");
          if (c(4)) push(c(4)[0], c(4)[1], "Organization:Healthcare", "hl7-facility");
        } else if (kind === "id" && c(1) && /\d/.test(text.slice(c(1)[0], c(1)[1]))) push(c(1)[0], c(1)[1], "ID:Patient", "hl7-id");
        else if (kind === "birth" && c(1) && /^(?:19|20)\d{6}/.test(text.slice(c(1)[0], c(1)[1]))) push(c(1)[0], c(1)[1], "Age_Birthdate", "hl7-birth");
        // MSH-7, ORC-9, OBR-6/7/8: when the message was sent, the order entered, the specimen asked for and taken.
        else if (kind === "datetime" && c(1) && /^(?:19|20)\d{6}(?:\d{2,6})?(?:[.+\-]\d+)?$/.test(text.slice(c(1)[0], c(1)[1]))) push(c(1)[0], c(1)[1], "Date", "hl7-datetime");
        else if (kind === "person" && label) {
          // Family, given and middle names and a suffix ("^JR", "^III").
          const sp = span(1, 4);
          if (sp) push(sp[0], sp[1], label, "hl7-person");
        } else if (kind === "address" && label && !(c(2) && TELECOM_USE.test(text.slice(c(2)[0], c(2)[1])))) {
          const sp = span(1, 6);
          if (sp) push(sp[0], sp[1], label, "hl7-address");
        } else if (kind === "phone" || (kind === "address" && c(2) && TELECOM_USE.test(text.slice(c(2)[0], c(2)[1])))) {
          // XTN: the number in the first component, or country^area^local in the fifth to seventh.
          const sp = c(1) && c(1)[1] > c(1)[0] ? c(1) : c(5) || c(6) ? [c(5) && c(5)[1] > c(5)[0] ? c(5)[0] : (c(6) ?? c(5))[0], (c(7) ?? c(6) ?? c(5))[1]] : undefined;
          if (sp && /\d{3}/.test(text.slice(sp[0], sp[1]))) push(sp[0], sp[1], "Contactdetails", "hl7-phone");
          // An e-mail address in the fourth component (NET^Internet^<address>).
          if (c(4) && text.slice(c(4)[0], c(4)[1]).includes("@")) push(c(4)[0], c(4)[1], "Contactdetails", "hl7-phone");
        } else if (kind === "doctors") {
          // XCN-1 is the clinician's identifier, a number or a user code ("HJONES").
          if (c(1) && /^[\p{L}\d._\-]+$/u.test(text.slice(c(1)[0], c(1)[1]))) push(c(1)[0], c(1)[1], "ID:Caregiver", "hl7-id");
          const sp = c(2) ? span(2, 4) : undefined;
          if (sp) push(sp[0], sp[1], "Name:Caregiver", "hl7-person");
        }
      }
    }
  });
  return out;
}

/**
 * HL7 values quoted in an interface engine's log or an error message ("name \"FAMILY^GIVEN^M\"", "attending
 * \"1234567890^FAMILY^GIVEN\"", "PID-11 \"12 Oak Rd^^Town^ST^<zip>\""): a person (XPN), a clinician (XCN: an identifier
 * first) or an address (XAD: a house number and a street first), by the shape of the components.
 */
const QUOTED_COMPONENTS = /"([^"\n^]{1,60}(?:\^[^"\n^]{0,40}){1,8})"/gu;
const CLINICIAN_CUE = /(?:attending|admitting|referring|ordering|consulting|provider|physician|doctor|clinician|surgeon|prescriber|PV1-(?:7|8|9|17)|ORC-12|OBR-16)\W{0,3}$/i;

export function hl7QuotedValues(text: string, lex: RulesEnLexicon): Candidate[] {
  const out: Candidate[] = [];
  if (!text.includes('^')) return out;
  for (const m of text.matchAll(QUOTED_COMPONENTS)) {
    const at = m.index + 1;
    const comps = parts(m[1], at, "^");
    const v = (i: number) => text.slice(comps[i][0], comps[i][1]);
    // A name's component is no everyday or medical word unless a name list holds it ("POS^Positive" is a coded value).
    const nameWord = (w: string) => {
      if (!/^\p{Lu}[\p{L}'’\-]*$/u.test(w)) return false;
      const low = w.toLowerCase();
      if (w.length === 1) return true;
      if (!lex.common.has(low) && !lex.medical.has(low) && !lex.clinicalAcronyms.has(w)) return true;
      return (lex.firstNames.get(low) ?? Infinity) < 2000 || (lex.surnames.get(low) ?? Infinity) < 5000;
    };
    const before = text.slice(Math.max(0, m.index - 24), m.index);
    if (/^\d{5,}$/.test(v(0)) && comps.length >= 3 && nameWord(v(1)) && nameWord(v(2))) {
      out.push({ start: comps[0][0], end: comps[0][1], label: "ID:Caregiver", score: 0.75, rule: "hl7-quoted" });
      out.push({ start: comps[1][0], end: comps[Math.min(comps.length, 4) - 1][1], label: "Name:Caregiver", score: 0.75, rule: "hl7-quoted" });
    } else if (comps.length <= 5 && nameWord(v(0)) && v(0).length >= 2 && nameWord(v(1)) && comps.slice(2).every((_, i) => v(i + 2) === "" || nameWord(v(i + 2)))) {
      let last = comps.length - 1;
      while (last > 1 && v(last) === "") last--;
      out.push({ start: comps[0][0], end: comps[last][1], label: CLINICIAN_CUE.test(before) ? "Name:Caregiver" : "Name:Patient", score: 0.75, rule: "hl7-quoted" });
    } else if (/^\d+[A-Za-z]?\s+\p{L}/u.test(v(0)) && comps.length >= 3) {
      out.push({ start: at, end: at + m[1].length, label: "Address_Location:Patient", score: 0.75, rule: "hl7-quoted" });
    }
  }
  return out;
}
