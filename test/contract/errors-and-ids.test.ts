import { writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CompactIdSet, DeidError, describeThrown, readRunInput, type RunInputItem } from "../../src/contract/index.js";
import { tempDir } from "../e2e/helpers.js";

describe("describeThrown", () => {
  it("prints built-in class names and Node/system codes only", () => {
    const fs = Object.assign(new Error("x"), { code: "ENOENT" });
    expect(describeThrown(fs)).toBe("Error (ENOENT)");
    expect(describeThrown(Object.assign(new TypeError("x"), { code: "ERR_INVALID_ARG_TYPE" }))).toBe("TypeError (ERR_INVALID_ARG_TYPE)");
    const leaky = Object.assign(new Error("Janssens"), { code: "JANSSENS" });
    leaky.name = "PatientJanssens";
    expect(describeThrown(leaky)).toBe("Error (custom class)");
    expect(describeThrown(new DeidError("E_TRANSFORM", "Janssens"))).toBe("DeidError E_TRANSFORM");
    expect(describeThrown("Janssens")).toBe("string");
  });
});

describe("CompactIdSet", () => {
  it("reports every id added before and (almost) no other", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ maxLength: 12 }), { minLength: 1, maxLength: 3000 }), (ids) => {
        const set = new CompactIdSet();
        let hits = 0;
        for (const id of ids) if (set.add(id)) hits++;
        expect(hits).toBe(0); // 64 bits of hash: no collision among a few thousand
        for (const id of ids) expect(set.add(id)).toBe(true);
        expect(set.size).toBe(ids.length);
      }),
      { numRuns: 30 },
    );
  });
});

describe("readRunInput", () => {
  it("finds a duplicate id after 50,000 others; an oversize document comes back unprocessed with its line", async () => {
    const dir = tempDir();
    const p = join(dir, "in.jsonl");
    const lines = Array.from({ length: 50_000 }, (_, i) => JSON.stringify({ document_id: `n${i}`, text: "t" }));
    lines.splice(100, 0, "", JSON.stringify({ document_id: "big", text: "x".repeat(3000) }));
    lines.push(JSON.stringify({ document_id: "n777", text: "t" }));
    writeFileSync(p, lines.join("\n"));
    const seen: RunInputItem[] = [];
    const err = await (async () => {
      for await (const item of readRunInput(p, { maxDocumentBytes: 100 })) if (item.kind === "oversize") seen.push(item);
    })().catch((e: unknown) => e);
    expect(seen).toEqual([{ kind: "oversize", index: 100, line: 102, document_id: "big", bytes: 3000 }]);
    expect((err as DeidError).message).toMatch(/line 50003, field document_id: duplicate document_id/);
  });
});
