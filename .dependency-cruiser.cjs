// The room table of docs/architecture.md as rules: `npm run rooms` fails on any import that breaks it.
// Keep this file and the table in step; each rule names the row it enforces.
const TESTS = "(\\.test\\.ts$|/test-support/|/testing\\.ts$)";
const PLUGIN_SCRIPTS = "^plugins/[^/]+/(scripts|tools)/";

/** A rule that lets files under `from` import only project files matching `allowed` (npm packages are free). */
function room(name, from, allowed, comment, extra = {}) {
  return {
    name,
    comment,
    severity: "error",
    from: { path: from, ...extra },
    to: { pathNot: [`^(${allowed.join("|")})`, "(^|/)node_modules/"], dependencyTypesNot: ["core"] },
  };
}

module.exports = {
  forbidden: [
    room("contract-imports-nothing", "^src/contract/", ["src/contract/"], "src/contract imports nothing of the project"),
    room("detectors", "^src/detectors/", ["src/contract/", "src/detectors/"], "src/detectors: contract only"),
    room("healing", "^src/healing/", ["src/contract/", "src/healing/"], "src/healing: contract only"),
    room("transform", "^src/transform/", ["src/contract/", "src/transform/"], "src/transform: contract only"),
    room("eval", "^src/eval/", ["src/contract/", "src/eval/"], "src/eval: contract only"),
    room("synth", "^src/synth/", ["src/contract/", "src/synth/"], "src/synth: contract only"),
    room("review", "^src/review/", ["src/(contract|eval|review)/"], "src/review: contract, eval"),
    room(
      "stack",
      "^src/stack/",
      ["src/(contract|detectors|healing|transform|stack)/"],
      "src/stack: contract, detectors, healing, transform",
    ),
    room("batch", "^src/batch/", ["src/(contract|detectors|stack|batch)/"], "src/batch: contract, detectors, stack"),
    room("queue", "^src/queue/", ["src/(contract|stack|batch|queue)/"], "src/queue: contract, stack, batch"),
    room(
      "battery",
      "^src/battery/",
      ["src/(contract|detectors|healing|transform|stack|eval|battery)/"],
      "src/battery: contract, detectors, healing, transform, stack, eval",
    ),
    room(
      "protocol",
      "^src/protocol/",
      ["src/(contract|detectors|healing|transform|stack|eval|battery|protocol)/"],
      "src/protocol: the battery's rooms and the battery",
    ),
    room("cli", "^src/cli/", ["src/"], "src/cli: every src room"),
    room("package-entry", "^src/index\\.ts$", ["src/"], "the package's public API: every src room"),
    room(
      "plugin",
      "^plugins/([^/]+)/",
      ["plugins/$1/", "src/(contract|detectors)/"],
      "plugins/<id>: its own folder, contract, detectors",
      { pathNot: [TESTS, PLUGIN_SCRIPTS] },
    ),
    room(
      "plugin-scripts",
      PLUGIN_SCRIPTS,
      ["plugins/", "src/(contract|detectors|stack|eval)/", "eval-sets/tools/"],
      "a plugin's scripts/ or tools/ (its author's development tools) may also use stack, eval and the eval-sets tools",
    ),
    room(
      "plugin-tests",
      "^plugins/([^/]+)/",
      ["plugins/", "src/(contract|detectors|stack|synth)/", "test/(support|fixtures)/"],
      "plugin tests may also run the plugin in a stack or beside other plugins, on generated notes, with test helpers",
      { path: `^plugins/([^/]+)/.*${TESTS}` },
    ),
    room(
      "baseline",
      "^baselines/([^/]+)/",
      ["baselines/($1|shared)/", "src/(contract|detectors)/"],
      "baselines/<id>: its own folder, baselines/shared, contract, detectors",
      { pathNot: TESTS },
    ),
    room(
      "baseline-tests",
      "^baselines/([^/]+)/",
      ["baselines/($1|shared)/", "src/(contract|detectors)/", "test/(support|fixtures)/"],
      "baseline tests may also use the shared test helpers and fake tools",
      { path: `^baselines/([^/]+)/.*${TESTS}` },
    ),
    room("baselines-shared", "^baselines/shared/", ["baselines/shared/", "src/contract/"], "baselines/shared: contract only"),
    room(
      "training",
      "^training/",
      ["training/", "src/(contract|eval|synth|stack)/", "plugins/meddeid-onnx/", "eval-sets/tools/"],
      "training: contract, eval, synth, stack, the meddeid-onnx plugin it trains, the eval-sets tools it scores with",
    ),
    room(
      "eval-sets-tools",
      "^eval-sets/tools/",
      ["eval-sets/tools/", "src/(contract|eval|stack)/"],
      "eval-sets/tools: contract, eval, stack (they build, freeze and score the hand-written sets)",
    ),
    room("scripts", "^scripts/", ["scripts/"], "scripts: build helpers, nothing of the project"),
    room("bin", "^bin/", ["src/cli/main\\.ts$"], "bin starts the CLI and nothing else"),
    {
      name: "room-index-only",
      comment:
        "plugins, baselines, training and eval-sets/tools use a src room through its index.ts (or a sub-folder's); " +
        "src rooms may import each other's files directly, so that the CLI loads only what a command needs",
      severity: "error",
      from: { path: "^(plugins|baselines|training|eval-sets/tools)/", pathNot: TESTS },
      to: {
        path: "^src/",
        pathNot: ["^src/[^/]+/index\\.ts$", "^src/[^/]+/[^/]+/index\\.ts$"],
      },
    },
    {
      name: "contract-index-only",
      comment: "everyone outside src/contract imports it through src/contract/index.ts",
      severity: "error",
      from: { pathNot: "^(src/contract|test|bench)/" },
      to: { path: "^src/contract/", pathNot: "^src/contract/index\\.ts$" },
    },
    {
      name: "nothing-imports-tools",
      comment: "bench, test, training and plugin scripts are tools: production code never imports them",
      severity: "error",
      from: { path: "^(src|plugins|baselines)/", pathNot: [TESTS, PLUGIN_SCRIPTS] },
      to: { path: ["^(bench|test|training)/", PLUGIN_SCRIPTS] },
    },
    {
      name: "not-to-unresolvable",
      comment: "an import that resolves to nothing",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|dist)/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
