// Policy (English annotation): an address written in pieces on one line is one span, whichever detector found each
// piece ("Pond Street" + "London" + "NW3 2QG", "Dundee" + "DD1 9SY"). Pieces are joined across a comma and up to two
// spaces when one of them holds a digit (a house number, a postcode) or the first ends in a street type, so a list
// of towns ("Leeds, Bradford") stays apart. The joined span takes the patient's or caregiver's label over "Other".
import type { Label, Span } from "../../contract/index.js";
import type { HealingRule } from "../index.js";
import { byPosition, mergedSpan } from "../spans.js";

/** A comma and up to two spaces; the rest of a flat number ("Flat 1" + "/2, " + "14 Peddie Street") may lead it. */
const GAP = /^(?:\/\d{1,3}[A-Za-z]?)? ?,? {1,2}$|^ {1,2}$/;
const TYPED_GAP = /^ (\p{Lu}\p{Ll}{1,11}),? {1,2}$/u;
const STREET_END = /(?:street|st|road|rd|lane|ln|avenue|ave|drive|dr|close|crescent|terrace|way|grove|place|court|ct|boulevard|blvd|gardens|mews|row|square|walk|hill|parade|house|lodge|cottages?)\.?$/i;

const isAddress = (label: string): boolean => label.startsWith("Address_Location");

function joinedLabel(a: Label, b: Label): Label {
  if (a === "Address_Location:Other") return b;
  return a;
}

export const joinAddressPieces: HealingRule = (spans, { document }) => {
  const text = document.text;
  const sorted = [...spans].sort(byPosition);
  const out: Span[] = [];
  for (const s of sorted) {
    const prev = out[out.length - 1];
    if (prev && isAddress(prev.label) && isAddress(s.label) && s.start >= prev.end && s.start - prev.end <= 16) {
      const gap = text.slice(prev.end, s.start);
      const a = text.slice(prev.start, prev.end);
      const b = text.slice(s.start, s.end);
      // A street or building word between the pieces belongs to the address ("Flat 6, Pittville" + " Court, " + ...).
      const typed = TYPED_GAP.exec(gap);
      if ((GAP.test(gap) || (typed !== null && STREET_END.test(typed[1]))) && (/\d/.test(a) || /\d/.test(b) || STREET_END.test(a))) {
        out[out.length - 1] = mergedSpan([prev, s], joinedLabel(prev.label, s.label));
        continue;
      }
    }
    out.push(s);
  }
  return out;
};
