// Does an unlisted word look like a personal name or like an English / medical word? A character trigram model of
// each side, counted from the lists rules-en already reads (names of the world against SCOWL and the medical
// vocabulary), compares the two likelihoods. It is only asked about a capitalised word that no list knows and that
// stands alone (a fragment, a table cell, a list entry): "Oyelaran", "Ravindran" are names, "Tenecteplase",
// "Jardiance" are not. Linear in the word; the counts are built once per process.
import { foldWord, loadRulesEnLexicon, stripAccents } from "./lexicon.js";

const SIZE = 28;
/** a-z → 1..26; "^" (before the word) 0, "$" (after it) 27. */
const code = (w: string, i: number): number => (i < 0 ? 0 : i >= w.length ? 27 : w.charCodeAt(i) - 96);

interface Side {
  /** Trigram counts, indexed a*28*28 + b*28 + c, and the counts of their two-letter contexts. */
  counts: Float64Array;
  contexts: Float64Array;
}


const ASCII_WORD = /^[a-z]+$/;

function side(words: Iterable<string>): Side {
  const counts = new Float64Array(SIZE * SIZE * SIZE);
  const contexts = new Float64Array(SIZE * SIZE);
  for (const raw of words) {
    const low = raw.toLowerCase();
    const w = ASCII_WORD.test(low) ? low : stripAccents(foldWord(raw));
    if (w.length < 3 || !ASCII_WORD.test(w)) continue;
    for (let i = 0; i <= w.length; i++) {
      const ctx = code(w, i - 2) * SIZE + code(w, i - 1);
      counts[ctx * SIZE + code(w, i)]++;
      contexts[ctx]++;
    }
  }
  return { counts, contexts };
}

function logP(s: Side, w: string): number {
  let sum = 0;
  for (let i = 0; i <= w.length; i++) {
    const ctx = code(w, i - 2) * SIZE + code(w, i - 1);
    sum += Math.log((s.counts[ctx * SIZE + code(w, i)] + 0.5) / (s.contexts[ctx] + 0.5 * SIZE));
  }
  return sum / (w.length + 1);
}

let model: { names: Side; words: Side } | undefined;

/** Census surnames beyond this rank are left out of the name side (they include many ordinary words). */
const SURNAME_RANKS = 30000;

function load(): { names: Side; words: Side } {
  if (model) return model;
  // The lexicon's own folded lists (already loaded once per process): no second read of the files.
  const lex = loadRulesEnLexicon();
  const names: string[] = [...lex.firstNames.keys()];
  for (const [n, rank] of lex.surnames) if (rank < SURNAME_RANKS || rank >= lex.censusSurnames) names.push(n);
  const nameSet = new Set(names);
  // Words that are also names ("Hope", "Baker") count for neither side.
  const words: string[] = [];
  for (const set of [lex.common, lex.medical, lex.medicalProper]) for (const w of set) if (!nameSet.has(w) && !lex.firstNames.has(w) && !lex.surnames.has(w)) words.push(w);
  model = { names: side(names), words: side(words) };
  return model;
}

/** Mean log-likelihood ratio per trigram, names against words (natural log; 0 = no preference). */
export function nameLikeness(word: string): number {
  const w = stripAccents(foldWord(word));
  if (!/^[a-z]{4,}$/.test(w)) return -Infinity;
  const m = load();
  return logP(m.names, w) - logP(m.words, w);
}

/**
 * Margins: a word alone on its line (a fragment) needs 0.3, a word in a table cell 0.4. On the lists themselves,
 * 2.3% of medical words of five letters or more and 4.6% of SCOWL words pass 0.3 (the lists' own words never reach
 * the model); 55% of census surnames ranked 30,000-60,000 (left out of the name side) pass it.
 */
export const NAME_LIKE_ALONE = 0.3;
export const NAME_LIKE_CELL = 0.4;
/** An unlisted capitalised word between lower-case words in running text ("Can Priyanka call her"). */
export const NAME_LIKE_RUNNING = 0.8;

/** Drug-like endings that no name model should overrule ("-mab", "-pril", "-statin"). */
const DRUG_END = /(?:mab|nib|pril|sartan|statin|olol|azole|cillin|mycin|cycline|floxacin|vir|tide|parin|xaban|gatran|gliptin|gliflozin|glutide|dronate|prazole|tidine|lukast|triptan|setron|pam|lam|zepam|done|pine|zine|ide|ine|ate|one|ol|il|in|ex|ix|ax|yl)$/;

export function looksLikeName(word: string, margin: number): boolean {
  const w = stripAccents(foldWord(word));
  if (DRUG_END.test(w)) return false;
  return nameLikeness(w) > margin;
}
