// Policy: patient name parts separated only by whitespace ("Jan" "Peeters") are one name.
import type { Span } from "../../contract/index.js";
import type { HealingRule } from "../index.js";
import { byPosition, mergedSpan } from "../spans.js";

export const mergeAdjacentPatientNames: HealingRule = (spans, { document }) => {
  const names = spans.filter((s) => s.label === "Name:Patient").sort(byPosition);
  const others = spans.filter((s) => s.label !== "Name:Patient");
  const out: Span[] = [];
  let group: Span[] = [];
  // The group's end is kept as it grows: recomputing it per span made a run of names quadratic.
  let groupEnd = -1;
  const flush = () => {
    if (group.length) out.push(group.length === 1 ? group[0] : mergedSpan(group, "Name:Patient"));
    group = [];
    groupEnd = -1;
  };
  for (const s of names) {
    const last = group[group.length - 1];
    const end = last ? groupEnd : -1;
    if (last && s.start > end && /^\s+$/.test(document.text.slice(end, s.start))) group.push(s);
    else {
      // Overlapping parts are not adjacent parts: leave them to overlap resolution.
      flush();
      group.push(s);
    }
    groupEnd = Math.max(groupEnd, s.end);
  }
  flush();
  return [...others, ...out];
};
