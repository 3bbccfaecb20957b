// DEDUCE 3.x through our driver (baselines/deduce/driver.py) in one long-lived Python process: documents go in as
// JSON lines, DEDUCE's Dutch tags come back and are mapped with the contract's DEDUCE label map.
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { LABELS, type Document } from "../../src/contract/index.js";
import { definePlugin, type PluginContext } from "../../src/detectors/index.js";
import { JsonlToolSession } from "../shared/jsonl-session.js";
import { createLabelMapper, labelMapOptionSchema, unknownLabelPolicySchema } from "../shared/labels.js";
import { installHintOf, loadManifest, probeToolVersion } from "../shared/manifest.js";
import { commandOptionSchema, resolveFrom } from "../shared/options.js";
import { convertToolSpans } from "../shared/span-records.js";
import { fillCommandTemplate, normaliseCommand } from "../shared/tool-process.js";

export const manifest = loadManifest(import.meta.url);
const TOOL_ID = "deduce";
const INSTALL_HINT = installHintOf(manifest);
export const DRIVER_PATH = fileURLToPath(new URL("./driver.py", import.meta.url));
/** Our driver's exit status when `import deduce` fails. */
const EXIT_NOT_INSTALLED = 3;

const configSchema = z
  .object({
    /** The Python that has the deduce package. */
    python: z.string().default("python3"),
    /** argv template: {python} and {driver} are filled in. */
    command: commandOptionSchema.default(manifest.command),
    cwd: z.string().optional(),
    env: z.record(z.string(), z.string()).default({}),
    /** Pass metadata.patient's names to DEDUCE's patient annotator. */
    send_patient: z.boolean().default(true),
    label_map: labelMapOptionSchema.default("deduce"),
    unknown_labels: unknownLabelPolicySchema.default("error"),
    /** Time for the first answer: DEDUCE builds its lookup cache on first use (minutes). */
    startup_timeout_ms: z.number().int().positive().default(900_000),
    /** Time for each later answer. */
    timeout_ms: z.number().int().positive().default(manifest.defaults.timeout_ms),
  })
  .strict();

export type DeduceOptions = z.output<typeof configSchema>;

function commandOf(o: DeduceOptions): string[] {
  return fillCommandTemplate(normaliseCommand(o.command), { python: o.python, driver: DRIVER_PATH }, TOOL_ID);
}

/** The driver's input line: id, text and, when allowed, the patient's names in DEDUCE's Person shape. */
export function deduceInputLine(document: Document, sendPatient: boolean): string {
  const rec: Record<string, unknown> = { document_id: document.document_id, text: document.text };
  const patient = document.metadata?.patient;
  if (sendPatient && patient && (patient.given_name || patient.family_name)) {
    rec.patient = {
      first_names: (patient.given_name ?? "").split(/\s+/).filter(Boolean),
      surname: patient.family_name ?? null,
    };
  }
  return JSON.stringify(rec) + "\n";
}

export default definePlugin({
  meta: { id: TOOL_ID, version: manifest.wrapper_version, description: manifest.description, labels: LABELS, configSchema, kind: "external" },
  async create(o, ctx) {
    const cwd = resolveFrom(ctx.baseDir, o.cwd) ?? ctx.baseDir;
    // Fails early, with the install hint, when deduce cannot be imported.
    await probeVersion(o, ctx);
    const session = new JsonlToolSession({
      toolId: TOOL_ID,
      installHint: INSTALL_HINT,
      command: commandOf(o),
      cwd,
      env: o.env,
      startupTimeoutMs: o.startup_timeout_ms,
      timeoutMs: o.timeout_ms,
      notInstalledExitCodes: [EXIT_NOT_INSTALLED],
    });
    const conv = { toolId: TOOL_ID, offsets: "codepoints" as const, mapLabel: createLabelMapper(o.label_map, o.unknown_labels, TOOL_ID) };
    return {
      async detect(document, { signal }) {
        const rec = await session.request(document.document_id, deduceInputLine(document, o.send_patient), signal);
        return convertToolSpans(document, rec.spans, conv);
      },
      close: () => session.close(),
    };
  },
});

/** What `driver.py --version` prints: the installed deduce package's version. */
export function probeVersion(o: DeduceOptions, ctx: PluginContext): Promise<string> {
  const cwd = resolveFrom(ctx.baseDir, o.cwd) ?? ctx.baseDir;
  const versionCommand = [...commandOf(o), "--version"];
  return probeToolVersion({ command: versionCommand }, { toolId: TOOL_ID, installHint: INSTALL_HINT, cwd, values: {}, timeoutMs: o.startup_timeout_ms, notInstalledExitCodes: [EXIT_NOT_INSTALLED] });
}
