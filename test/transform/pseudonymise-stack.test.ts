import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import type { IndexedDocument } from "../../src/contract/index.js";
import { PROJECT_ROOT } from "../../src/detectors/index.js";
import { StackRunner, loadStack, parseStackObject } from "../../src/stack/index.js";
import { createTransformer } from "../../src/transform/index.js";
import { tempDir } from "../e2e/helpers.js";

const EXAMPLE = resolve(PROJECT_ROOT, "stacks/examples/pseudonymise.yaml");

describe("stacks/examples/pseudonymise.yaml", () => {
  it("is a valid stack whose transform can be built", async () => {
    const config = parseStackObject(parseYaml(readFileSync(EXAMPLE, "utf8")), EXAMPLE);
    expect(config.healing).toBe("nl-BE");
    const t = await createTransformer(config.transform as never, { baseDir: resolve(PROJECT_ROOT, "stacks/examples"), language: config.language });
    expect(t.id).toBe("pseudonymise");
  });

  it("runs through the stack with healing, pseudonymisation and the leak guard", async () => {
    const config = parseYaml(readFileSync(EXAMPLE, "utf8")) as Record<string, unknown>;
    const dir = tempDir();
    const path = join(dir, "s.json");
    const transform = { ...(config.transform as object), age_policy: resolve(PROJECT_ROOT, "policies/age-granularity/deidstack-default.json") };
    writeFileSync(path, JSON.stringify({ ...config, detectors: [{ use: "known-identifiers" }, { use: "patterns" }], transform }));
    const runner = await StackRunner.create(await loadStack(path));
    const text = "Patiënt Jan Peeters, geboren 12/03/1980, gezien op 14/01/2025. Peeters komt terug in mei 2025.";
    async function* input(): AsyncGenerator<IndexedDocument> {
      yield {
        index: 0,
        document: {
          document_id: "d1",
          patient_id: "p1",
          text,
          metadata: { lang: "nl-BE", document_creation_date: "2025-01-15", date_shift_days: 371, patient: { given_name: "Jan", family_name: "Peeters", birth_date: "1980-03-12" } },
        },
      };
    }
    const out = [];
    for await (const r of runner.run(input())) out.push(r);
    await runner.close();
    expect(out[0].deid_text).toBe("Patiënt [Name:Patient], geboren 44 jaar oud, gezien op 20/01/2026. [Name:Patient] komt terug in mei/juni 2026.");
    expect(out[0].processing).toMatchObject({ age_granularity_policy: { policy_id: "deidstack-default" }, date_replacement: { birthdate_age_spans: 1, shifted_spans: 2 } });
    expect(out[0].provenance).toMatchObject({ healing: { profile_id: "nl-BE" }, transform: { id: "pseudonymise" } });
  });
});
