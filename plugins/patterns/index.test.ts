import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { invalidSpanReason, type DetectedSpan } from "../../src/contract/index.js";
import plugin, { patternsConfigSchema } from "./index.js";
import { FAMILIES } from "./detect.js";
import { detect, parseMarked } from "./testing.js";

const context = { baseDir: ".", language: "nl-BE", projectRoot: "." };
const detectContext = { signal: new AbortController().signal, documentIndex: 0 };

/** One positive of every family, markers included; joined they make mixed nl/fr/en notes. */
const FRAGMENTS = [
  "Opname op [[12/03/2023]].",
  "Le [[1er janvier 2020]].",
  "On [[March 3rd, 2021]] he was seen.",
  "[[maandag 12/03/2023]] opgenomen.",
  "Gestart in [[mei 2023]].",
  "Stamp [[2023-03-12T14:30]] local.",
  "Tel: [[03 123 45 67]]",
  "gsm [[0477/12.34.56]]",
  "[[+32 477 12 34 56]]",
  "Call [[(555) 123-4567]].",
  "[[+44 20 7946 0958]]",
  "Mail [[jan.peeters@uzleuven.be]].",
  "Zie [[https://www.uzleuven.be/nl/afdeling]]).",
  "IBAN [[BE68 5390 0754 7034]].",
  "RRN [[85.07.30-033.28]]",
  "BSN: [[123456782]]",
  "SSN [[123-45-6789]]",
  "NPI: [[1234567893]]",
  "MRN: [[12345678]]",
  "EAD-nummer: [[2023-004512]]",
  "Server [[192.168.1.10]].",
  "Kerkstraat 12, [[2000 Antwerpen]]",
  "[[1234 AB Amsterdam]]",
  "Boston, [[MA 02115]]",
  "Een [[45-jarige]] man.",
  "Patiente âgée de [[45 ans]].",
  "A [[45-year-old]] man.",
  "Leeftijd: [[45]]",
  "CRP 5/10 mg/L, NYHA 3/4, BP 120/80, GCS 15.",
  "Hb 12.3 g/dL, 2x500 mg, versie 2.10.12.",
];
const PLAIN_FRAGMENTS = FRAGMENTS.map((f) => parseMarked(f).text);

function note(indices: number[]): string {
  return indices.map((i) => PLAIN_FRAGMENTS[i]).join(" ");
}

const noteArbitrary = fc.array(fc.integer({ min: 0, max: FRAGMENTS.length - 1 }), { minLength: 1, maxLength: 5 }).map(note);

/** Clinical-looking tokens mixed with arbitrary characters, to shake the boundaries of every pattern. */
const TOKENS = [
  "0", "03", "12", "2023", "'98", "/", "-", ".", ",", ":", " ", "  ", "\n", "+", "(", ")", "@", "#", "°", "BE68",
  "maart", "mars", "March", "mei", "jr", "ans", "jaar", "oud", "yo", "MRN", "tel", "NPI", "BSN", "www.", "http://",
  "::", "Antwerpen", "AB", "MA", "SW1A", "1AA", "é", "\u00a0", "🙂", "x", "j", "ext.", "EPD", "Nr:", "|", "since", "NHS",
  "sinds", "B-", "jarige", "y/o", "IBAN", "85.07.30", "-033.28",
];
const messyText = fc
  .array(fc.oneof(fc.constantFrom(...TOKENS), fc.string({ unit: "grapheme", maxLength: 3 })), { maxLength: 40 })
  .map((parts) => parts.join(""));

const NEUTRAL_WORDS = ["lorem", "ipsum", "dolor", "sit", "amet", "qux", "zzz", "blabla", "etcetera"];
const neutralWords = fc.array(fc.constantFrom(...NEUTRAL_WORDS), { maxLength: 6 }).map((w) => w.join(" "));

function shifted(spans: DetectedSpan[], by: number): DetectedSpan[] {
  return spans.map((s) => ({ ...s, start: s.start + by, end: s.end + by }));
}

/** The spans of an embedded note that touch the note's region [from, to). */
function within(spans: DetectedSpan[], from: number, to: number): DetectedSpan[] {
  return spans.filter((s) => s.end > from && s.start < to);
}

describe("patterns plugin", () => {
  it("declares a deterministic detector with a complete default config", () => {
    expect(plugin.meta.id).toBe("patterns");
    expect(plugin.meta.version).toBe("1.0.0");
    expect(plugin.meta.kind).toBe("deterministic");
    const defaults = patternsConfigSchema.parse({});
    expect(defaults.languages).toEqual(["nl", "fr", "en"]);
    expect(Object.keys(defaults.families).sort()).toEqual([...FAMILIES].sort());
    expect(Object.values(defaults.families).every((on) => on === true)).toBe(true);
  });

  it("rejects unknown options, unknown families and empty or unknown languages", () => {
    expect(patternsConfigSchema.safeParse({ famillies: {} }).success).toBe(false);
    expect(patternsConfigSchema.safeParse({ families: { dates: "yes" } }).success).toBe(false);
    expect(patternsConfigSchema.safeParse({ families: { faxes: true } }).success).toBe(false);
    expect(patternsConfigSchema.safeParse({ languages: [] }).success).toBe(false);
    expect(patternsConfigSchema.safeParse({ languages: ["de"] }).success).toBe(false);
  });

  it("keeps the other families on when one is switched off", () => {
    const config = patternsConfigSchema.parse({ families: { dates: false } });
    expect(config.families.dates).toBe(false);
    expect(config.families.phones).toBe(true);
  });

  it("detects through the Detector interface and returns offsets, labels and scores only", async () => {
    const detector = await plugin.create(patternsConfigSchema.parse({}), context);
    const text = "Opname op 12/03/2023, tel. 03 123 45 67.";
    const spans = await detector.detect({ document_id: "d1", text }, detectContext);
    expect(spans).toEqual([
      { start: 10, end: 20, label: "Date", score: 0.8 },
      { start: 27, end: 39, label: "Contactdetails", score: 0.9 },
    ]);
    for (const s of spans) expect(Object.keys(s).sort()).toEqual(["end", "label", "score", "start"]);
  });

  it("returns nothing for an empty text and for text without identifiers", () => {
    expect(detect("")).toEqual([]);
    expect(detect("Patiënt voelt zich goed. Geen klachten. Le patient va bien. No complaints.")).toEqual([]);
  });

  it("switches every family off", () => {
    const allOff = Object.fromEntries(FAMILIES.map((f) => [f, false]));
    expect(detect(PLAIN_FRAGMENTS.join(" "), { families: allOff })).toEqual([]);
  });

  it("finds every fragment's marked spans when the fragments are joined into one note", () => {
    let text = "";
    const expected: { start: number; end: number }[] = [];
    for (const fragment of FRAGMENTS) {
      const parsed = parseMarked(fragment);
      expected.push(...parsed.spans.map((s) => ({ start: s.start + text.length, end: s.end + text.length })));
      text += parsed.text + " ";
    }
    expect(detect(text).map(({ start, end }) => ({ start, end }))).toEqual(expected);
  });

  it("returns valid, sorted, unique spans with clean edges for any text", () => {
    const labels = new Set<string>(plugin.meta.labels);
    fc.assert(
      fc.property(messyText, (text) => {
        const spans = detect(text);
        for (let i = 0; i < spans.length; i++) {
          const s = spans[i];
          expect(invalidSpanReason(s, text)).toBeUndefined();
          expect(labels.has(s.label)).toBe(true);
          expect(s.score).toBeGreaterThan(0);
          expect(s.score).toBeLessThanOrEqual(1);
          // Only a compressed IPv6 address ("::ffff:10.0.0.1") may start with a colon.
          expect(text[s.start]).not.toMatch(s.label === "Anonymize_Other" ? /[\s.,;!?]/ : /[\s.,;:!?]/);
          expect(text[s.end - 1]).not.toMatch(/[\s.,;:!?'"]/);
          const prev = spans[i - 1];
          if (prev) {
            const order = prev.start - s.start || prev.end - s.end || (prev.label < s.label ? -1 : prev.label > s.label ? 1 : 0);
            expect(order).toBeLessThan(0);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("shifts offsets exactly when a note is embedded after and before arbitrary text (paragraph breaks)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 30 }), noteArbitrary, fc.string({ unit: "grapheme", maxLength: 30 }), (prefix, text, suffix) => {
        const head = `${prefix}\n\n`;
        const embedded = `${head}${text}\n\n${suffix}`;
        const inner = within(detect(embedded), head.length, head.length + text.length);
        expect(inner).toEqual(shifted(detect(text), head.length));
      }),
      { numRuns: 200 },
    );
  });

  it("shifts offsets exactly when a note is embedded between neutral words separated by a space", () => {
    fc.assert(
      fc.property(neutralWords, noteArbitrary, neutralWords, (prefix, text, suffix) => {
        const head = `${prefix} `;
        const embedded = `${head}${text} ${suffix}`;
        const inner = within(detect(embedded), head.length, head.length + text.length);
        expect(inner).toEqual(shifted(detect(text), head.length));
      }),
      { numRuns: 200 },
    );
  });
});
