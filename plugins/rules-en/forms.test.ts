import "reflect-metadata";
import { describe, expect, it } from "vitest";
import { compileRulesEn, detectRulesEn } from "./lib/detect.js";
import { parseMarkup, renderMarkup } from "./test-support/markup.js";

const compiled = compileRulesEn();

// Forms of records and queries (lib/forms.ts), with their exact extents.
const CASES: readonly string[] = [
  // Rural route boxes.
  "Ms. [Odile Farraday]\n[RR 4 Box 27B]\n",
  "Address: [HC 71 Box 9], gravel lane",
  // Postcode districts after or before their cue.
  "asthma admissions postcode [ky8]",
  "home visits postcodes [hr2, hr3] and [hr4]",
  "pts in [ng17] postcode district",
  // A job named by its agent noun after a work verb and "as a".
  "He worked as a [drain layer] at the quarry until [2019].",
  "She stopped work as a [net mender] in spring.",
  "Works nights as a\n[tram conductor]. No sick pay.",
  // An age with a short unit in a query; weeks only beside a baby.
  "[colm reddan] [3 mo] reflux",
  "hip fracture [91yrs] nursing home",
  "baby [5 wk] jaundice",
  // An age in the column after a patient's name on a header line.
  "Pt: [Olwen Tarrant]   M   [44]   Ref [QX0071123]",
];
const NEGATIVES: readonly string[] = [
  "He worked as a team with the nurses. She works as a volunteer at weekends.",
  "ob ultrasound 20 wk anatomy scan",
  "ppi x 8 wk then review",
  "   - f/u 6 wks, sooner if needed",
];

describe("record and query forms", () => {
  it.each(CASES.map((c) => [c]))("%s", (marked) => {
    const { text } = parseMarkup(marked);
    expect(renderMarkup(text, detectRulesEn(text, compiled))).toBe(marked);
  });
  it.each(NEGATIVES.map((c) => [c]))("%s", (text) => {
    expect(renderMarkup(text, detectRulesEn(text, compiled))).toBe(text);
  });
});

// Identifiers, ages and organisations by their form; HL7 v2 segments by field position.
const MORE: readonly string[] = [
  "Rx# [7730561-02]     Filled: [03/02/26]",
  "SSN (last 4): [6283]",
  "Driver number: [TARRN607144OT9KQ]",
  "Age at booking: [31]",
  "Mother: breast ca dx at [52]. Father: deceased, [77], CVA",
  "Jury Officer\n[Marlowby County District Court]\n",
  "He worked underground at [Halbury Colliery] for 20 years.",
  "Department of Music\n[University of Reading]\n",
  "Landlord: [Harbourline Property Management]",
  "Carrier: [Kestrel Plains Mutual]",
  "DOB:        [3 Mar 1941] ([84])",
  "Bank: sort code [40-11-62], paid monthly",
  "Car reg [KD17 XPT] seen leaving.",
  "<Doctor>\n  <GMC>[6610293]</GMC>\n</Doctor>",
  "Resident [Wenna Penlow] (likes to be called [Addy])",
  "[QUIMBY PERCIVAL JR]",
  "Next of kin:\n[TALLIS, EDWINA]",
  // A message whose field separator is "#" (MSH-1), order and visit clinicians in any field, order and specimen times.
  "MSH#^~\\&#LABSYS#[WELLCROFT-EAST]#REFSYS#[HARBOR REF LAB]#[202611020733]##ORM^O01#LAB1#P#2.5.1\nPID#1##[5520117]^^^[WGH]^MR##[TARRANT-QUILL^OLWEN^IONA^JR]#[Quill]^^^^^^M#[19610415]#F###[7 Wexmoor Rd^^Quellford^NV^89801^USA]\nPV1#1#O#LAB^DRAW1^01##########[1902837465]^[QUARMBY^ELIN]^^^^^^NPI\nORC#NW#CM25-1##ORD7#####[202611020731]#[HTALLIS]^[Tallis^Huw]##[1902837465]^[QUARMBY^ELIN]\nOBR#1#CM25-1##80053^COMPREHENSIVE METABOLIC PANEL^CPT4#R#[202611020731]",
  // HL7 values quoted in an interface engine's log: a person, a clinician with an identifier, an address.
  'ERR MATCH-409 name "[TARRANT-QUILL^OLWEN^M]" conflicts; attending "[1902837465]^[QUARMBY^ELIN]" unknown; PID-11 "[12 Oak Hollow Rd^^Quellford^NV^89801]"',
  "MSH|^~\\&|ADT|[WELLCROFT_GH]|LAB|[WELLCROFT_GH]|[20250102101500]||ADT^A01|MSG1|P|2.5.1\nPID|1||[5520117]^^^[WGH]^MR||[TARRANT^OLWEN^J]^^^^L||[19610415]|F|||[7 Wexmoor Rd^^Quellford^NV^89801^USA]^H||^PRN^PH^^[1^775^5550142]\nNK1|1|[TARRANT^HUW]|SPO\nPV1|1|I|4W^410^B^[WELLCROFT_GH]||||[1902837465]^[QUARMBY^ELIN^K]^^^MD\nIN1|1|P01|7|[SILVERLAKE HEALTH PLAN]|[PO BOX 1105^^RENO^NV^89502]",
];
const NOT_FORMS: readonly string[] = ['OBX-5 "POS^Positive" and "NEG^Negative^L" kept', "PLAN\nASSESSMENT\nHOPE", "Seen in Eye Casualty. Minor injuries unit.", "Family Court hearing next week.", "A gold mine of information."];

describe("identifiers, ages, organisations and HL7 fields by form", () => {
  it.each(MORE.map((c) => [c]))("%s", (marked) => {
    const { text, spans } = parseMarkup(marked);
    const found = detectRulesEn(text, compiled);
    // Each marked span is found, and nothing outside them.
    expect(spans.every((g) => found.some((f) => f.start < g.end && g.start < f.end))).toBe(true);
    expect(found.every((f) => spans.some((g) => f.start < g.end && g.start < f.end))).toBe(true);
  });
  it.each(NOT_FORMS.map((c) => [c]))("%s", (text) => {
    expect(renderMarkup(text, detectRulesEn(text, compiled))).toBe(text);
  });
});
