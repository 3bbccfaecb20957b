// Label Studio JSON exports: `[{id, data: {text}, annotations: [{result: [{type: "labels", value: {start, end,
// text, labels: ["TAG"]}}], was_cancelled}], predictions: […]}]`. Its editor runs in the browser, so offsets count
// UTF-16 code units; when spans carry their text, `auto` checks which unit fits.
import { DeidError, OffsetMapper, type Document, type Span } from "../../contract/index.js";
import { isRecord, readJson } from "./files.js";
import { labelResolver } from "./labels.js";
import type { CorpusAdapter, LabelStudioOptions } from "./types.js";
import type { WarningTally } from "../warnings.js";
import { goldError, inferOffsetUnit, toUtf16Span, type GoldLocation, type OffsetUnit } from "./validate.js";

interface LsSpan {
  begin: number;
  end: number;
  tag: string;
  covered?: string;
}

function taskText(task: Record<string, unknown>, options: LabelStudioOptions, loc: GoldLocation): string {
  const data = task.data;
  if (!isRecord(data)) throw goldError(loc, "task has no data object");
  if (options.textKey !== undefined) {
    const t = data[options.textKey];
    if (typeof t !== "string") throw goldError(loc, `data.${options.textKey} is not a string`);
    return t;
  }
  if (typeof data.text === "string") return data.text;
  const strings = Object.values(data).filter((v): v is string => typeof v === "string");
  if (strings.length !== 1) throw goldError(loc, "cannot tell which data field holds the text; set labelStudio.textKey");
  return strings[0];
}

/** The result list of the chosen annotation (first one not cancelled), with counted notes on what was skipped. */
function chosenResults(task: Record<string, unknown>, source: "annotations" | "predictions", warnings: WarningTally): unknown[] | undefined {
  const list = Array.isArray(task[source]) ? (task[source] as unknown[]).filter(isRecord) : [];
  const usable = list.filter((a) => a.was_cancelled !== true);
  if (usable.length > 1) warnings.add("ls_multiple_annotations", "tasks with several annotations: the first one not cancelled was scored");
  return usable.length ? (Array.isArray(usable[0].result) ? usable[0].result : []) : undefined;
}

function resultSpans(results: readonly unknown[], warnings: WarningTally): LsSpan[] {
  const out: LsSpan[] = [];
  for (const r of results) {
    const value = isRecord(r) ? r.value : undefined;
    if (!isRecord(value) || typeof value.start !== "number" || typeof value.end !== "number") {
      warnings.add("ls_other_results", "Label Studio results that are not text spans (relations, choices, …) were ignored");
      continue;
    }
    const labels = (value.labels ?? value.hypertextlabels) as unknown;
    const tags = Array.isArray(labels) ? labels.filter((l): l is string => typeof l === "string") : [];
    if (tags.length === 0) throw new DeidError("E_INPUT_FORMAT", "Label Studio span without a label");
    if (tags.length > 1) warnings.add("ls_multiple_labels", "spans with several labels were scored with their first label");
    out.push({ begin: value.start, end: value.end, tag: tags[0], covered: typeof value.text === "string" ? value.text : undefined });
  }
  return out;
}

export const readLabelStudio: CorpusAdapter = async (path, options, warnings) => {
  const tasks = await readJson(path);
  if (!Array.isArray(tasks)) throw new DeidError("E_INPUT_FORMAT", "a Label Studio export is a JSON array of tasks");
  if (tasks.length === 0) throw new DeidError("E_INPUT_EMPTY", `${path} contains no tasks`);
  const ls = options.labelStudio ?? {};
  const resolve = labelResolver({ labelMap: options.labelMap, unknownLabels: options.unknownLabels }, warnings, "gold");
  const parsed = tasks.map((task, index) => {
    if (!isRecord(task)) throw new DeidError("E_INPUT_FORMAT", "task is not an object", { documentIndex: index });
    const data = isRecord(task.data) ? task.data : {};
    const rawId = data.document_id ?? task.id ?? index + 1;
    if (typeof rawId !== "string" && typeof rawId !== "number") {
      throw new DeidError("E_INPUT_FORMAT", "task id (data.document_id or id) is not a string or a number", {
        documentIndex: index,
        field: "data.document_id",
      });
    }
    const id = String(rawId);
    const loc: GoldLocation = { documentIndex: index, documentId: id, source: "label-studio" };
    const text = taskText(task, ls, loc);
    const results = chosenResults(task, ls.source ?? "annotations", warnings);
    if (results === undefined) warnings.add("ls_unannotated_task", "tasks without a usable annotation were scored as containing no PHI");
    return { id, loc, text, annotated: results !== undefined, spans: resultSpans(results ?? [], warnings) };
  });
  const unit: OffsetUnit =
    options.offsets && options.offsets !== "auto"
      ? options.offsets
      : inferOffsetUnit(parsed.flatMap((p) => p.spans.map((s) => ({ text: p.text, ...s }))), "utf16");
  return parsed.map((p): Document => {
    const mapper = new OffsetMapper(p.text);
    const spans = p.spans.map((s, k): Span => {
      const u = toUtf16Span(p.text, mapper, unit, s.begin, s.end, p.loc, `result[${k}]`);
      const { label, native } = resolve(s.tag);
      const span: Span = { start: u.start, end: u.end, label };
      if (native !== undefined) span.extra = { native_label: native };
      return span;
    });
    return { document_id: p.id, text: p.text, spans, annotated: p.annotated };
  });
};
