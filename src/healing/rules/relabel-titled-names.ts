// Policy (Belgian DEDUCE): a name written with a medical title ("Dr. Peeters", "prof Janssens") is a caregiver.
// A title alone is no name and keeps its label.
import type { HealingLexicon } from "../lexicon.js";
import type { HealingRule } from "../index.js";
import { withLabel, mapSpans } from "../spans.js";

export function relabelTitledNames(lex: HealingLexicon): HealingRule {
  const medicalTitleThenName = new RegExp(`^${lex.medicalTitle}(?:\\.\\s*|\\s+)\\p{L}`, "iu");
  return (spans, { document }) =>
    mapSpans(spans, (s) =>
      s.label === "Name:Other" && medicalTitleThenName.test(document.text.slice(s.start, s.end)) ? withLabel(s, "Name:Caregiver") : s,
    );
}
