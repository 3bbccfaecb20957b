// HL7 v2 messages pasted into a record (ADT, ORU): the fields that name a person, a place, a facility, a payer or an
// identifier by their position in the segment (HL7 v2.5 field definitions), whatever the value's case or shape.
// "PID|1||<id>^^^<authority>^MR||<FAMILY>^<GIVEN>^<MIDDLE>||<yyyymmdd>|F|||<street>^^<city>^<ST>^<zip>^USA".
import type { Label } from "../../../src/contract/index.js";
import type { Candidate } from "./candidates.js";

type FieldKind = "facility" | "payer" | "id-authority" | "person" | "address" | "doctors" | "id" | "birth" | "location" | "phone";

/** Segment → field number → what the field holds. */
const FIELDS: Record<string, Record<number, [FieldKind, Label?]>> = {
  MSH: { 4: ["facility"], 6: ["facility"] },
  PID: { 3: ["id-authority"], 4: ["id-authority"], 5: ["person", "Name:Patient"], 6: ["person", "Name:Other"], 7: ["birth"], 9: ["person", "Name:Patient"], 11: ["address", "Address_Location:Patient"], 13: ["phone"], 14: ["phone"], 18: ["id"], 19: ["id"], 20: ["id"] },
  NK1: { 2: ["person", "Name:Other"], 4: ["address", "Address_Location:Other"], 5: ["phone"], 6: ["phone"] },
  PV1: { 3: ["location"], 7: ["doctors"], 8: ["doctors"], 9: ["doctors"], 17: ["doctors"], 19: ["id"], 39: ["facility"] },
  PV2: { 23: ["facility"] },
  IN1: { 4: ["payer"], 5: ["address", "Address_Location:Other"], 7: ["phone"], 8: ["id"], 9: ["id"], 16: ["person", "Name:Patient"], 18: ["birth"], 19: ["address", "Address_Location:Patient"], 36: ["id"], 49: ["id"] },
  GT1: { 3: ["person", "Name:Other"], 5: ["address", "Address_Location:Other"], 6: ["phone"], 7: ["phone"] },
  ORC: { 12: ["doctors"], 21: ["facility"] },
  OBR: { 16: ["doctors"], 28: ["doctors"], 32: ["doctors"] },
};

/** A telecom use code in an XTN's second component: a number written where an address field stands. */
const TELECOM_USE = /^(?:PRN|ORN|WPN|VHN|ASN|EMR|NET|BPN|PRS)$/;

const SEGMENT_LINE = /^(MSH|PID|NK1|PV1|PV2|IN1|GT1|ORC|OBR)\|/gmu;

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

export function hl7Candidates(text: string): Candidate[] {
  const out: Candidate[] = [];
  // Only in a text that holds a message header or a patient segment.
  if (!text.includes("MSH|") && !text.includes("PID|")) return out;
  SEGMENT_LINE.lastIndex = 0;
  for (let m = SEGMENT_LINE.exec(text); m !== null; m = SEGMENT_LINE.exec(text)) {
    const seg = m[1];
    const ls = m.index;
    let le = text.indexOf("\n", ls);
    if (le < 0) le = text.length;
    if (text[le - 1] === "\r") le--;
    const fields = parts(text.slice(ls, le), ls, "|");
    const spec = FIELDS[seg];
    const push = (s: number, e: number, label: Label, rule: string) => {
      if (e > s && /[\p{L}\d]/u.test(text.slice(s, e))) out.push({ start: s, end: e, label, score: 0.8, rule });
    };
    for (const [num, [kind, label]] of Object.entries(spec)) {
      // MSH-1 is the field separator itself: MSH-n is the n-th piece after the segment name minus one.
      const f = fields[seg === "MSH" ? Number(num) - 1 : Number(num)];
      if (!f || f[1] <= f[0]) continue;
      for (const [rs, re] of parts(text.slice(f[0], f[1]), f[0], "~")) {
        const comps = parts(text.slice(rs, re), rs, "^");
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
        else if (kind === "person" && label) {
          const sp = span(1, 3);
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
          if (c(1) && /\d/.test(text.slice(c(1)[0], c(1)[1]))) push(c(1)[0], c(1)[1], "ID:Caregiver", "hl7-id");
          const sp = c(2) ? span(2, 4) : undefined;
          if (sp) push(sp[0], sp[1], "Name:Caregiver", "hl7-person");
        }
      }
    }
  }
  return out;
}
