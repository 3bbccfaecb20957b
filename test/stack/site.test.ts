import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidLuhn as luhnPasses, mod11CheckPasses as mod11Passes, mod97CheckPasses as mod97Passes, type Document, type IndexedDocument, type Span } from "../../src/contract/index.js";
import {
  StackRunner,
  applyAllowList,
  findPatterns,
  loadStack,
  parseStackObject,
  resolveSite,
  siteSchema,
  type OutputRecord,
} from "../../src/stack/index.js";
import { PhraseMatcher, phraseWords } from "../../src/stack/site-phrases.js";
import { tempDir } from "../e2e/helpers.js";
import { lockProtocol, verifyProtocol } from "../../src/protocol/index.js";
import { createWorkspace } from "../protocol/workspace.js";
import { readFileSync } from "node:fs";
import { parse, stringify } from "yaml";

const EXAMPLE = join(import.meta.dirname, "..", "..", "stacks", "examples", "site.yaml");

function site(raw: unknown, baseDir = tempDir()) {
  return resolveSite(siteSchema.parse(raw), baseDir);
}

async function refusal(raw: unknown, baseDir?: string): Promise<string> {
  try {
    await site(raw, baseDir);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error("not refused");
}

const texts = (text: string, spans: { start: number; end: number }[]) => spans.map((s) => text.slice(s.start, s.end));

describe("site phrase lists", () => {
  it("match word by word, folded, whole words only, with short separators and no line break between words", () => {
    const m = new PhraseMatcher([
      { text: "Sint-Jan", caseSensitive: false, value: "a" },
      { text: "Bell", caseSensitive: false, value: "b" },
      { text: "Vlinder", caseSensitive: true, value: "c" },
    ]);
    const text = "SINT JAN, sint-jan en Sint\nJan; Bellen, bell. Vlinder vlinder Sint - Jan Sint -- Jan";
    const found = m.findAll(text);
    expect(found.map((f) => [text.slice(f.start, f.end), f.value])).toEqual([
      ["SINT JAN", "a"],
      ["sint-jan", "a"],
      ["bell", "b"],
      ["Vlinder", "c"],
      ["Sint - Jan", "a"],
    ]);
  });

  it("compare accents and decomposed characters alike", () => {
    const m = new PhraseMatcher([{ text: "Lasègue", caseSensitive: false, value: 1 }]);
    const text = "teken van LASEGUE en Lase\u0300gue";
    expect(texts(text, m.findAll(text))).toEqual(["LASEGUE", "Lase\u0300gue"]);
  });

  it("find every inserted phrase at its exact offsets, whatever surrounds it (property)", () => {
    const word = fc.stringMatching(/^[A-Za-zà-öø-ÿ0-9]{1,8}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 3 }), fc.array(word, { maxLength: 6 }), fc.array(word, { maxLength: 6 }), (phrase, before, after) => {
        const p = phrase.join(" ");
        const prefix = before.length ? before.join(" ") + " " : "";
        const text = `${prefix}${p}${after.length ? " " + after.join(" ") : ""}`;
        const found = new PhraseMatcher([{ text: p, caseSensitive: false, value: 0 }]).findAll(text);
        expect(found.some((f) => f.start === prefix.length && f.end === prefix.length + p.length)).toBe(true);
        for (const f of found) expect(phraseWords(text.slice(f.start, f.end))).toEqual(phraseWords(p));
      }),
      { numRuns: 300 },
    );
  });
});

describe("site configuration", () => {
  it("refuses what needs backtracking or cannot work, naming the field", async () => {
    const pattern = (regex: string, extra: object = {}) => ({ patterns: [{ name: "p", regex, label: "ID:Patient", ...extra }] });
    expect(await refusal(pattern("(a)\\1"))).toMatch(/field site\.patterns\[0\]\.regex: .*pattern p is refused/);
    expect(await refusal(pattern("(?=a)b"))).toMatch(/pattern p is refused/);
    expect(await refusal(pattern("\\d*"))).toMatch(/matches the empty string/);
    expect(await refusal(pattern("(\\d+)", { group: 2 }))).toMatch(/field site\.patterns\[0\]\.group: .*no capture group 2/);
    expect(await refusal({ patterns: [pattern("a").patterns[0], pattern("b").patterns[0]] })).toMatch(/pattern name p is used twice/);
    expect(await refusal({ allow: ["Zonnebloem"], deny: [{ text: "zonnebloem", label: "Organization:Healthcare" }] })).toMatch(/both in the allow and the deny list/);
    expect(await refusal({ allow: ["--"] })).toMatch(/field site\.allow\[0\]: .*letter or a digit/);
    expect(await refusal({ deny: [{ file: "missing.txt", label: "Date" }] })).toMatch(/field site\.deny\[0\]\.file: .*cannot read list file missing\.txt/);
    const dir = tempDir();
    writeFileSync(join(dir, "bad.txt"), Buffer.from([0x41, 0xff, 0x0a]));
    expect(await refusal({ allow: [{ file: "bad.txt" }] }, dir)).toMatch(/not valid UTF-8/);
  });

  it("validates the stack's site section with the stack schema", () => {
    expect(() => parseStackObject({ name: "s", detectors: [{ use: "patterns" }], site: { alow: [] } }, "s.yaml")).toThrow(/stack s\.yaml/);
    expect(() => parseStackObject({ name: "s", detectors: [{ use: "patterns" }], site: { deny: [{ text: "x", label: "Nope" }] } }, "s.yaml")).toThrow(/site\.deny\[0\]\.label: the string "Nope" is not allowed/);
    expect(() => parseStackObject({ name: "s", detectors: [{ use: "patterns", id: "site-deny" }], site: {} }, "s.yaml")).toThrow(/reserved for the site configuration/);
  });

  it("runs a pattern that backtracks catastrophically elsewhere in linear time", async () => {
    const s = await site({ patterns: [{ name: "evil", regex: "(a+)+b", label: "Anonymize_Other" }] });
    const text = "a".repeat(200_000) + "!";
    expect(findPatterns(s, text)).toEqual([]);
    expect(findPatterns(s, "xx aab")).toEqual([{ start: 3, end: 6, label: "Anonymize_Other", score: 0.8 }]);
  });
});

describe("check digits", () => {
  it.each([
    ["luhn", luhnPasses, "12345674", "12345675"],
    ["luhn", luhnPasses, "4539578763621486", "4539578763621487"],
    // Belgian register number body 850730033 → 97 − (850730033 mod 97) = 28.
    ["mod97", mod97Passes, "85073003328", "85073003329"],
    // NHS number 943 476 5919.
    ["mod11", mod11Passes, "9434765919", "9434765918"],
  ])("%s accepts %s and refuses one digit off", (_name, fn, good, bad) => {
    expect(fn(good as string)).toBe(true);
    expect(fn(bad as string)).toBe(false);
  });
});

describe("site patterns", () => {
  it("report the chosen group, drop a failed check digit, and need their context words", async () => {
    const s = await site({
      patterns: [
        { name: "mrn", regex: "MRN[- ]?(?P<id>\\d{7})", label: "ID:Patient", group: "id", case_insensitive: true },
        { name: "epd", regex: "\\b\\d{8}\\b", label: "ID:Patient", checksum: "luhn", context: { words: ["epd"], window: 20 } },
        { name: "room", regex: "\\b[A-Z]\\d\\.\\d{2}\\b", label: "Anonymize_Other", context: { words: ["kamer"], window: 10, required: false }, score: 0.4 },
      ],
    });
    const text = "mrn-1234567; epd 12345674; epd 12345675; een lange zin zonder het woord: 12345674. Kamer K3.12, gang B2.01";
    const found = findPatterns(s, text);
    expect(found.map((f) => [text.slice(f.start, f.end), f.label, f.score])).toEqual([
      ["1234567", "ID:Patient", 0.8],
      ["12345674", "ID:Patient", 1],
      ["K3.12", "Anonymize_Other", 1],
      ["B2.01", "Anonymize_Other", 0.4],
    ]);
  });

  it("leave out matches inside an allowed phrase", async () => {
    const s = await site({ allow: ["ATC B01AA07"], patterns: [{ name: "code", regex: "\\b[A-Z]\\d{2}[A-Z]{2}\\d{2}\\b", label: "ID:Patient" }] });
    const text = "ATC B01AA07 en B01AA08";
    expect(texts(text, findPatterns(s, text))).toEqual(["B01AA08"]);
  });
});

describe("site allow list", () => {
  const span = (text: string, phrase: string, label: Span["label"], detectors = ["rules"]): Span => {
    const start = text.indexOf(phrase);
    return { start, end: start + phrase.length, label, detectors };
  };

  it("cuts allowed words out of spans, keeps what still identifies, and leaves protected spans whole", async () => {
    const s = await site({ allow: ["Bell", { text: "Vesalius", labels: ["Organization:Healthcare"] }] });
    const text = "Parese van Bell. Jan Bell belde. Dr. Bell. Vesalius campus, dr. Vesalius. Bell (patiënt).";
    const spans = [
      span(text, "van Bell", "Name:Other"),
      span(text, "Jan Bell", "Name:Patient"),
      span(text, "Dr. Bell", "Name:Caregiver"),
      span(text, "Vesalius campus", "Organization:Healthcare"),
      span(text, "dr. Vesalius", "Name:Caregiver"),
      { ...span(text, "Bell (", "Name:Patient", ["known-identifiers"]), end: text.lastIndexOf("Bell") + 4, start: text.lastIndexOf("Bell") },
    ];
    const { spans: out, carved } = applyAllowList(s, text, spans, new Set(["known-identifiers"]));
    expect(carved).toBe(4);
    expect(out.map((x) => [text.slice(x.start, x.end), x.label])).toEqual([
      ["Jan", "Name:Patient"],
      ["campus", "Organization:Healthcare"],
      ["dr. Vesalius", "Name:Caregiver"],
      ["Bell", "Name:Patient"],
    ]);
  });
});

async function* indexed(docs: Document[]): AsyncGenerator<IndexedDocument> {
  for (const [index, document] of docs.entries()) yield { document, index };
}

async function runStack(ref: string, docs: Document[], leakGuard = true): Promise<OutputRecord[]> {
  const stack = await loadStack(ref);
  const runner = await StackRunner.create({ ...stack, config: { ...stack.config, leak_guard: leakGuard } });
  const out: OutputRecord[] = [];
  try {
    for await (const r of runner.run(indexed(docs))) out.push(r);
  } finally {
    await runner.close();
  }
  return out;
}

describe("stacks/examples/site.yaml", () => {
  const docs: Document[] = [
    { document_id: "a", text: "Parese van Bell rechts. Opname op Hagedoorn, daarna naar Vlinder." },
    { document_id: "b", text: "Staal LAB-2025-004417 verstuurd. EPD-nummer 12345674, kamer K3.12. Nummer 12345675 epd." },
    { document_id: "c", text: "Consult in Vesalius. Verwezen door Huisartsenpraktijk De Linde." },
    // A known identifier is redacted even where it is an allowed word.
    { document_id: "d", text: "Mevrouw Bell, parese van Bell.", metadata: { patient: { given_name: "Anna", family_name: "Bell" } } },
  ];

  it("changes the rules-only output as documented", async () => {
    const [base, withSite] = await Promise.all([runStack("rules-only", docs), runStack(EXAMPLE, docs)]);
    expect(base.map((r) => r.deid_text)).toEqual([
      "Parese [Name:Other] rechts. Opname op [Name:Other], daarna naar Vlinder.",
      // A code shaped like a reference (letters, then groups with five digits or more) is found without the site.
      "Staal [ID:Patient] verstuurd. EPD-nummer [ID:Patient], kamer K3.12. Nummer 12345675 epd.",
      "Consult in [Organization:Healthcare]. Verwezen door [Organization:Healthcare].",
      "Mevrouw [Name:Patient], parese [Name:Patient].",
    ]);
    expect(withSite.map((r) => r.deid_text)).toEqual([
      // allow (eponym file): "van Bell" released; deny: both wards redacted.
      "Parese van Bell rechts. Opname op [Name:Other], daarna naar [Organization:Healthcare].",
      // patterns: specimen number, Luhn-checked record number next to "EPD", room after "kamer"; 12345675 fails Luhn.
      "Staal [ID:Patient] verstuurd. EPD-nummer [ID:Patient], kamer [Anonymize_Other]. Nummer 12345675 epd.",
      // allow per label: Vesalius kept as an organisation.
      "Consult in Vesalius. Verwezen door [Organization:Healthcare].",
      // the patient's family name is a known identifier: redacted although "Bell" is allowed.
      "Mevrouw [Name:Patient], parese van [Name:Patient].",
    ]);
    expect(withSite[0].spans.map((s) => s.detectors)).toEqual([["rules-nl-be", "site-deny"], ["site-deny"]]);
    expect(withSite[0].processing).toEqual({ site_allow_cut: 1 });
  });

  it("records the site configuration's hashes, never its phrases, in the provenance", async () => {
    const [r] = await runStack(EXAMPLE, docs.slice(0, 1));
    const prov = r.provenance.site as { allow: { phrases: number; sha256: string }; deny: { phrases: number }; patterns: { names: string[] }; files: { path: string; sha256: string }[] };
    expect(prov.allow.phrases).toBe(6);
    expect(prov.deny.phrases).toBe(4);
    expect(prov.patterns.names).toEqual(["specimen", "epd-number", "room"]);
    expect(prov.files.map((f) => f.path)).toEqual(["site-lists/allow-eponyms.txt", "site-lists/deny-wards.txt"]);
    expect(prov.allow.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(r.provenance)).not.toMatch(/Hagedoorn|Wilms|LAB-/);
    expect((r.provenance.detectors as { id: string }[]).map((d) => d.id)).toEqual(["known-identifiers", "patterns", "rules-nl-be", "site-deny", "site-patterns"]);
  });
});

describe("site lists in protocol locks", () => {
  it("locks every list file a stack's site section reads, and names one that changed", async () => {
    const ws = createWorkspace();
    const stackPath = join(ws.dir, "stacks", "names-dates.yaml");
    const stack = parse(readFileSync(stackPath, "utf8"));
    mkdirSync(join(ws.dir, "stacks", "lists"));
    writeFileSync(join(ws.dir, "stacks", "lists", "allow.txt"), "Bell\n");
    stack.site = { allow: [{ file: "lists/allow.txt" }] };
    writeFileSync(stackPath, stringify(stack));
    const locked = await lockProtocol(ws.protocolPath);
    expect(locked.lock.files.map((f) => `${f.role}:${f.path}`)).toContain("stack-reference:stacks/lists/allow.txt");
    writeFileSync(join(ws.dir, "stacks", "lists", "allow.txt"), "Bell\nWells\n");
    expect((await verifyProtocol(ws.protocolPath)).differences).toEqual([expect.stringMatching(/^stack-reference file stacks\/lists\/allow\.txt changed/)]);
  });
});
