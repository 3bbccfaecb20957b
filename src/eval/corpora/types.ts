// Shared types of the corpus adapters.
import type { Document } from "../../contract/index.js";
import type { EvalWarning, WarningTally } from "../warnings.js";
import type { UnknownLabelPolicy } from "./labels.js";
import type { OffsetUnit } from "./validate.js";

export const CORPUS_FORMATS = [
  "meddeid-jsonl",
  "brat",
  "asq-phi",
  "physionet-deid",
  "i2b2-2014",
  "inception-json",
  "doccano",
  "label-studio",
] as const;
export type CorpusFormat = (typeof CORPUS_FORMATS)[number];

export interface AsqPhiOptions {
  /** `all`: every occurrence of a tagged value is gold (default); `first`: each tag claims the next untaken one. */
  occurrences?: "all" | "first";
  /** Match U+2019/U+2018/U+02BC/U+2032 and `'` as the same character (default true). */
  apostropheInsensitive?: boolean;
}

export interface BratOptions {
  /**
   * How `.ann` offsets count a CRLF line break: `auto` (default) tries the file as is, then with CRLF counted as one
   * character, and keeps the one under which every entity's text matches.
   */
  newlines?: "auto" | "as-is" | "lf";
}

export interface PhysionetOptions {
  /** Annotation file next to the `.text` file; default: `<base>-phi.phrase`, then `<base>.phi`, then `<base>.deid`. */
  annotations?: string;
  /** `latin1` (default: deid counts bytes of latin-1 text) or `utf8-bytes` (offsets are UTF-8 byte offsets). */
  encoding?: "latin1" | "utf8-bytes";
}

export interface InceptionOptions {
  /** Annotation types read as spans (default: NamedEntity and any type whose name ends in PHI/Phi/Deid). */
  types?: readonly string[];
  /** Feature holding the label (default `value`, then `label`, `kind`, `type`). */
  labelFeature?: string;
}

export interface LabelStudioOptions {
  /** Read `annotations` (default) or `predictions` of each task. */
  source?: "annotations" | "predictions";
  /** Key of the text in `data` (default `text`, else the only string value). */
  textKey?: string;
}

export interface CorpusOptions {
  format?: CorpusFormat;
  /** Foreign label → contract label, consulted before the contract's maps. */
  labelMap?: Readonly<Record<string, string>>;
  /** A gold label no map knows: `error` (default) or `other` (scored as Anonymize_Other, counted). */
  unknownLabels?: UnknownLabelPolicy;
  /** Offset unit for doccano, Label Studio and INCEpTION files: `auto` (default) or a fixed unit. */
  offsets?: "auto" | OffsetUnit;
  asqPhi?: AsqPhiOptions;
  brat?: BratOptions;
  physionet?: PhysionetOptions;
  inception?: InceptionOptions;
  labelStudio?: LabelStudioOptions;
}

export interface LoadedCorpus {
  format: CorpusFormat;
  documents: Document[];
  warnings: EvalWarning[];
}

/** One adapter: reads a path into gold Documents, tallying what it tolerated. */
export type CorpusAdapter = (path: string, options: CorpusOptions, warnings: WarningTally) => Promise<Document[]>;
