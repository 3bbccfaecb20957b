// The shipped small models on hand-written fictional sentences (fixtures/golden.*.txt, evaluation-set markup),
// marked with what each model found when the files were last written: a change in the model, the tokenizer, the
// windows or the decoding shows as a diff. The marks are a snapshot, not gold: they keep the models' mistakes. After an intended change: UPDATE=1 npx vitest run plugins/meddeid-onnx/golden.test.ts
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe } from "vitest";
import { PROJECT_ROOT } from "../../src/detectors/index.js";
import { DetectorTester } from "../../test/support/detector-tester.js";
import plugin from "./index.js";

const models: [model: string, language: string, file: string][] = [
  ["nl-small", "nl-BE", "golden.nl-BE.txt"],
  ["en-small", "en-US", "golden.en.txt"],
];

for (const [model, language, file] of models) {
  describe.skipIf(!existsSync(join(PROJECT_ROOT, "models", `meddeid-${model}`, "model.onnx")))(`meddeid-onnx ${model}`, () => {
    new DetectorTester(plugin, { language, options: { model } }).golden(file, join(PROJECT_ROOT, "plugins/meddeid-onnx/fixtures", file));
  });
}
