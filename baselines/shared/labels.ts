// Foreign labels → contract labels for tool outputs: a named map from src/contract/label-maps.ts, an inline map,
// or "contract" (the tool already speaks the contract's labels).
import { z } from "zod";
import { DeidError, LABEL_MAPS, canonicalLabel, mapForeignLabel, type Label, type LabelMapId } from "../../src/contract/index.js";

export const labelMapOptionSchema = z.union([
  z.literal("contract"),
  z.enum(Object.keys(LABEL_MAPS) as [LabelMapId, ...LabelMapId[]]),
  z.record(z.string(), z.string().refine((l) => canonicalLabel(l) !== undefined, "must map to a contract label (or a category such as Name)")),
]);
export type LabelMapOption = z.output<typeof labelMapOptionSchema>;

export const unknownLabelPolicySchema = z.enum(["error", "other"]);
export type UnknownLabelPolicy = z.output<typeof unknownLabelPolicySchema>;

/** A label the tool printed, safe to name in an error (tool output could carry anything, including note text). */
export function describeForeignLabel(label: string): string {
  return /^[\p{L}\p{N}_:/ .\-]{1,40}$/u.test(label) && !/\s{2}/.test(label) ? `"${label}"` : "(a label not shown: it does not look like a tag)";
}

export type LabelMapper = (foreign: string) => Label;

/**
 * Builds the mapper once per detector. With `unknown: "error"` a label the map does not know fails the document
 * (a wrong or missing map must not pass silently); with `"other"` it becomes Anonymize_Other, so the span is
 * still replaced.
 */
export function createLabelMapper(option: LabelMapOption, unknown: UnknownLabelPolicy, toolId: string): LabelMapper {
  const inline =
    typeof option === "object" ? new Map(Object.entries(option).map(([k, v]) => [k.trim().toLowerCase(), canonicalLabel(v)!])) : undefined;
  const lookup = (foreign: string): Label | undefined => {
    if (inline) return inline.get(foreign.trim().toLowerCase()) ?? canonicalLabel(foreign.trim());
    if (option === "contract") return canonicalLabel(foreign.trim());
    return mapForeignLabel(option as LabelMapId, foreign) ?? canonicalLabel(foreign.trim());
  };
  return (foreign) => {
    const label = lookup(foreign);
    if (label) return label;
    if (unknown === "other") return "Anonymize_Other";
    const mapName = typeof option === "object" ? "the inline label_map" : `label map "${option}"`;
    throw new DeidError("E_DETECTOR_INVALID_SPAN", `tool returned label ${describeForeignLabel(foreign)} that ${mapName} does not know; extend with.label_map or set with.unknown_labels: other`, {
      detectorId: toolId,
    });
  };
}
