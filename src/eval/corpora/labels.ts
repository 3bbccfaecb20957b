// Foreign label → contract label, for gold adapters and prediction readers. The maps themselves are data in
// src/contract/label-maps.ts; this module only decides the order in which they are consulted.
import { canonicalLabel, DeidError, mapForeignLabel, type Label, type LabelMapId } from "../../contract/index.js";
import type { WarningTally } from "../warnings.js";

/** What to do with a label no map knows: fail (gold default) or score it as Anonymize_Other, counted. */
export type UnknownLabelPolicy = "error" | "other";

export interface LabelResolverOptions {
  /** Caller's own mapping, consulted first (keys case-sensitive, then case-insensitive). */
  labelMap?: Readonly<Record<string, string>>;
  /** Contract label maps to consult after the caller's, in order. */
  maps?: readonly LabelMapId[];
  unknownLabels?: UnknownLabelPolicy;
}

/** Every map, for predictions whose producer is unknown. Order matters only where maps disagree. */
export const ALL_LABEL_MAPS: readonly LabelMapId[] = [
  "i2b2-2014",
  "asq-phi",
  "philter",
  "deid",
  "deduce",
  "presidio",
  "safe-harbor",
];

export interface ResolvedLabel {
  label: Label;
  /** The foreign label, when it differed from the contract label. */
  native?: string;
}

/**
 * Builds a resolver that maps foreign labels to contract labels. Unknown labels either throw (naming the label,
 * never the text) or become Anonymize_Other with a counted `unknown_label` warning.
 */
export function labelResolver(
  options: LabelResolverOptions,
  warnings: WarningTally,
  role: "gold" | "prediction",
): (foreign: string) => ResolvedLabel {
  const userMap = new Map<string, string>();
  for (const [k, v] of Object.entries(options.labelMap ?? {})) userMap.set(k.toLowerCase(), v);
  const maps = options.maps ?? ALL_LABEL_MAPS;
  const policy = options.unknownLabels ?? (role === "gold" ? "error" : "other");
  const cache = new Map<string, { resolved: ResolvedLabel; unknown: boolean }>();
  return (foreign) => {
    let entry = cache.get(foreign);
    if (!entry) {
      const label = resolveOnce(foreign, userMap, maps);
      if (label) {
        entry = { resolved: label === foreign ? { label } : { label, native: foreign }, unknown: false };
      } else if (policy === "error") {
        throw new DeidError(
          "E_INPUT_FORMAT",
          `${role} label "${foreign}" maps to no contract label; pass a label map or allow unknown labels`,
          { field: "label" },
        );
      } else {
        entry = { resolved: { label: "Anonymize_Other", native: foreign }, unknown: true };
      }
      cache.set(foreign, entry);
    }
    if (entry.unknown) warnings.add("unknown_label", unknownMessage(role));
    return entry.resolved;
  };
}

function unknownMessage(role: "gold" | "prediction"): string {
  return `${role} spans whose label maps to no contract label were scored as Anonymize_Other`;
}

function resolveOnce(foreign: string, userMap: Map<string, string>, maps: readonly LabelMapId[]): Label | undefined {
  const trimmed = foreign.trim();
  const user = userMap.get(trimmed.toLowerCase());
  if (user !== undefined) {
    const label = canonicalLabel(user);
    if (!label) throw new DeidError("E_CONFIG", `label map sends "${foreign}" to "${user}", which is not a contract label`);
    return label;
  }
  const direct = canonicalLabel(trimmed);
  if (direct) return direct;
  for (const id of maps) {
    const mapped = mapForeignLabel(id, trimmed);
    if (mapped) return mapped;
  }
  return undefined;
}
