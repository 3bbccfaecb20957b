// Policy: a date after "°" (Belgian "born"), "geboren", "né le", "born", "DOB" is a birth date (Age_Birthdate).
import type { HealingRule } from "../index.js";
import { withLabel, mapSpans } from "../spans.js";

const BIRTH_MARK_BEFORE =
  /(?:[°º]|(?<![\p{L}])(?:geboren(?:\s+op)?|geb\.?|geboortedatum\s*:?|born(?:\s+on)?|dob\s*:?|d\.o\.b\.\s*:?|date of birth\s*:?|née?\s+le|date de naissance\s*:?))\s*$/iu;

export const degreeToBirthdate: HealingRule = (spans, { document }) =>
  mapSpans(spans, (s) =>
    s.label === "Date" && BIRTH_MARK_BEFORE.test(document.text.slice(Math.max(0, s.start - 24), s.start)) ? withLabel(s, "Age_Birthdate") : s,
  );
