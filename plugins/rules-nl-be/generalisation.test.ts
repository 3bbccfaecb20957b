// Rules that must hold beyond the notes they were written on: bare fragments and single words, one-liners,
// telegraphic notes, letters, tables, e-mails, OCR noise and mixed nl/fr (test-support/generalisation-cases.ts),
// through the two deterministic detectors of rules-only together (patterns reading dates day first, rules-nl-be).
// Span recall and precision are label-agnostic overlap counts, as `deidstack score` counts them. These are
// development cases: the figures guard against regressions, they are no estimate of accuracy on unseen text.
import { beforeAll, describe, expect, it } from "vitest";
import type { DetectedSpan } from "../../src/contract/index.js";
import { PROJECT_ROOT } from "../../src/detectors/index.js";
import { compilePatterns, detectPatterns, type CompiledPatterns } from "../patterns/detect.js";
import { patternsConfigSchema } from "../patterns/index.js";
import { loadRulesLexicon } from "./index.js";
import { detectSpans } from "./lib/detect.js";
import type { Lexicon } from "./lib/lexicon.js";
import { GENERALISATION_CASES } from "./test-support/generalisation-cases.js";
import { parseMarkup, renderMarkup } from "./test-support/markup.js";

let lexicon: Lexicon;
let patterns: CompiledPatterns;
beforeAll(() => {
  lexicon = loadRulesLexicon(PROJECT_ROOT);
  patterns = compilePatterns(patternsConfigSchema.parse({}));
});

function detectBoth(text: string): DetectedSpan[] {
  return [...detectSpans(text, lexicon), ...detectPatterns(text, patterns, { dayFirst: true })];
}

/** Spans that share a character become one, as the stack's merge-to-extent does before scoring. */
function mergeOverlapping(spans: DetectedSpan[]): { start: number; end: number }[] {
  const sorted = [...spans].sort((x, y) => x.start - y.start || y.end - x.end);
  const out: { start: number; end: number }[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start < last.end) last.end = Math.max(last.end, s.end);
    else out.push({ start: s.start, end: s.end });
  }
  return out;
}

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }): boolean => a.start < b.end && b.start < a.end;

describe("rules that generalise (patterns + rules-nl-be)", () => {
  it("keeps span recall ≥ 0.93 and span precision ≥ 0.97 over the development cases, per register and in all", () => {
    let gold = 0;
    let goldHit = 0;
    let predicted = 0;
    let predictedHit = 0;
    const perRegister = new Map<string, [number, number, number, number]>();
    for (const c of GENERALISATION_CASES) {
      const { text, spans } = parseMarkup(c.marked);
      const found = mergeOverlapping(detectBoth(text));
      const g = spans.length;
      const gh = spans.filter((s) => found.some((p) => overlaps(s, p))).length;
      const ph = found.filter((p) => spans.some((s) => overlaps(s, p))).length;
      gold += g;
      goldHit += gh;
      predicted += found.length;
      predictedHit += ph;
      const r = perRegister.get(c.register) ?? [0, 0, 0, 0];
      perRegister.set(c.register, [r[0] + g, r[1] + gh, r[2] + found.length, r[3] + ph]);
    }
    for (const [register, [g, gh, p, ph]] of perRegister) {
      console.log(`${register.padEnd(14)} recall ${gh}/${g}  precision ${ph}/${p}`);
    }
    console.log(`all            recall ${(goldHit / gold).toFixed(3)}  precision ${(predictedHit / predicted).toFixed(3)}`);
    expect(goldHit / gold).toBeGreaterThanOrEqual(0.93);
    expect(predictedHit / predicted).toBeGreaterThanOrEqual(0.97);
  });

  const negatives = GENERALISATION_CASES.filter((c) => !c.marked.includes("]("));
  it.each(negatives.map((c) => [c.register, c.marked]))("finds nothing in the %s negative %s", (_register, text) => {
    expect(renderMarkup(text, detectBoth(text))).toBe(text);
  });

  // The registers of round eleven are held to every span: each gold span overlapped, no span outside them.
  const strict = GENERALISATION_CASES.filter((c) => c.register.includes("(round eleven)") && c.marked.includes("]("));
  it.each(strict.map((c) => [c.register, c.marked]))("finds every span and nothing else in the %s case %s", (_register, marked) => {
    const { text, spans } = parseMarkup(marked);
    const found = mergeOverlapping(detectBoth(text));
    expect(spans.filter((g) => !found.some((p) => overlaps(g, p)))).toEqual([]);
    expect(found.filter((p) => !spans.some((g) => overlaps(g, p)))).toEqual([]);
  });

  const singles = GENERALISATION_CASES.filter((c) => c.register === "single word" && c.marked.includes("]("));
  it.each(singles.map((c) => [c.marked]))("finds the single word %s whole", (marked) => {
    const { text } = parseMarkup(marked);
    const found = mergeOverlapping(detectBoth(text));
    expect(found).toEqual([{ start: 0, end: text.length }]);
  });
});
