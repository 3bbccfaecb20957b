// OCR inside words: a scanned note writes "Tl1burg", "Hi1versum", "Bissch0p", "Amersf00rt" for Tilburg, Hilversum,
// Bisschop, Amersfoort. A word of letters with one or two look-alike digits (0 for o, 1 or | for l or i, 5 for s),
// and the letter "l" right beside such a digit (read as l or i), is read every way (at most eight readings, one
// character for one); a reading that a place list holds and no dictionary knows is a place, a reading that a name
// list holds is a name when it is written with a capital and is no ordinary word (or stands after a field label or
// mid-sentence). Drugs and clinical words garbled the same way ("sa1butamo1", "1ongarts") are in no such list.
import type { Analysis } from "./analysis.js";
import { PRIORITY, type Candidate } from "./candidate.js";
import { LIST, NAME_BITS, WHITELIST_BITS, phraseKey } from "./lexicon.js";

const OCR_WORD = /^[\p{L}01|5]+$/u;
const LOOK_ALIKE = /[01|5]/g;
const MAX_AMBIGUOUS = 3;
const GLUE = /^[-'’]$/;
const PLACE_MASK = LIST.municipality | LIST.postalLocality | LIST.province | LIST.region;

/** Every reading of a garbled word (one character for one), or none when it is not a garbled word. */
export function ocrReadings(word: string): string[] {
  if (word.length < 4 || !OCR_WORD.test(word)) return [];
  const digits = word.match(LOOK_ALIKE)?.length ?? 0;
  const letters = word.length - digits;
  if (digits === 0 || digits > 2 || letters < 3) return [];
  const choices: string[][] = [];
  let ambiguous = 0;
  for (let i = 0; i < word.length; i++) {
    const ch = word[i];
    if (ch === "0") choices.push(["o"]);
    else if (ch === "5") choices.push(["s"]);
    else if (ch === "1" || ch === "|") {
      choices.push(["l", "i"]);
      ambiguous++;
    } else if (ch === "l" && (/[1|]/.test(word[i - 1] ?? "") || /[1|]/.test(word[i + 1] ?? ""))) {
      choices.push(["l", "i"]);
      ambiguous++;
    } else choices.push([ch]);
  }
  if (ambiguous > MAX_AMBIGUOUS) return [];
  let readings = [""];
  for (const options of choices) readings = readings.flatMap((r) => options.map((o) => r + o));
  return readings;
}

/** Digits and bars that OCR reads for letters; a token needs one of them and a letter to be garbled. */
const OCR_DIGITS = /[01|5]/;
const HAS_LETTER = /\p{L}/u;

export function ocrCandidates(a: Analysis, families: { names: boolean; addresses: boolean }): Candidate[] {
  const out: Candidate[] = [];
  const { phrases, words } = a.lexicon;
  for (let tokenAt = 0; tokenAt < a.tokens.length; tokenAt++) {
    const token = a.tokens[tokenAt];
    if (token.kind !== "word" || !OCR_DIGITS.test(token.text) || !HAS_LETTER.test(token.text)) continue;
    // The whole unit must be the garbled word ("Tl1burg", not "CRP-1ongarts" or "d'Hi1versum").
    const before = a.tokens[token.index - 1];
    const after = a.tokens[token.index + 1];
    if ((before && before.end === token.start && GLUE.test(before.text)) || (after && after.start === token.end && GLUE.test(after.text))) continue;
    const capital = /^\p{Lu}/u.test(token.text);
    const afterField = before !== undefined && before.text === ":";
    // A place reading wins over a name reading ("Ze1st": Zeist, not the surname Zelst).
    let label: "Address_Location:Other" | "Name:Other" | undefined;
    for (const reading of ocrReadings(token.text)) {
      const key = phraseKey(reading);
      const bits = phrases.get(key) ?? 0;
      if (!bits || bits & WHITELIST_BITS) continue;
      const ordinary = words?.has(key) ?? true;
      if (families.addresses && bits & PLACE_MASK && !ordinary && !(bits & (LIST.dutchWord | LIST.frenchWord))) {
        label = "Address_Location:Other";
        break;
      }
      if (families.names && capital && bits & NAME_BITS && (!ordinary || afterField || !token.sentenceStart)) label = "Name:Other";
    }
    if (label) {
      out.push({ start: token.start, end: token.end, label, priority: PRIORITY.lookup, score: 0.6, rule: label === "Name:Other" ? "ocr.name" : "ocr.place" });
    }
  }
  return out;
}
