// Argument parsers and allowed values of the CLI's options, checked by commander before any command runs, so that a
// bad value is refused with the option's name and what it accepts. The lists are written out here rather than
// imported, so that declaring the commands loads no evaluation or synthesis code (start-up time); a test keeps each
// list equal to its source (test/cli/options.test.ts).
import { InvalidArgumentError } from "commander";

export const CORPUS_FORMAT_CHOICES = ["meddeid-jsonl", "brat", "asq-phi", "physionet-deid", "i2b2-2014", "inception-json", "doccano", "label-studio"] as const;
export const PREDICTION_FORMAT_CHOICES = ["deidstack-jsonl", ...CORPUS_FORMAT_CHOICES] as const;
export const SCOPE_CHOICES = ["all", "safe-harbor"] as const;
export const OUT_OF_SCOPE_CHOICES = ["false-positive", "neither"] as const;
export const UNKNOWN_LABEL_CHOICES = ["error", "other"] as const;
export const ASQ_OCCURRENCE_CHOICES = ["all", "first"] as const;
export const REPORT_FORMAT_CHOICES = ["markdown", "csv", "json"] as const;
export const CLUSTER_CHOICES = ["document", "patient"] as const;
export const PROFILE_CHOICES = ["nl-BE", "en-US", "en-GB"] as const;
export const NAME_SOURCE_CHOICES = ["faker", "invented"] as const;
export const ENCODING_CHOICES = ["utf-8", "windows-1252", "iso-8859-15", "utf-16le", "utf-16be"] as const;
export const OUTPUT_FORMAT_CHOICES = ["jsonl", "txt", "brat"] as const;
export const SCHEMA_CHOICES = ["stack", "battery", "protocol"] as const;
export const NOTE_TYPE_CHOICES = ["discharge", "consultation", "nursing", "referral", "lab", "radiology"] as const;

/** A whole number in [min, max], written in digits only (`10`, not `1e1`, `10.5` or `10x`). */
export function wholeNumber(option: string, min = 0, max = Number.MAX_SAFE_INTEGER): (value: string) => number {
  return (value) => {
    const v = value.trim();
    const n = Number(v);
    if (!/^-?\d+$/.test(v) || !Number.isSafeInteger(n)) throw new InvalidArgumentError(`${option} must be a whole number (digits only)`);
    if (n < min || n > max) throw new InvalidArgumentError(`${option} must be ${max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`}`);
    return n;
  };
}

/** A comma-separated list whose items must each be one of `allowed`. */
export function listOf(option: string, allowed?: readonly string[]): (value: string) => string[] {
  return (value) => {
    const items = value
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean);
    if (items.length === 0) throw new InvalidArgumentError(`${option} needs at least one item`);
    const bad = allowed ? items.filter((x) => !allowed.includes(x)) : [];
    if (bad.length) throw new InvalidArgumentError(`${option}: ${bad.map((b) => JSON.stringify(b)).join(", ")} not allowed; allowed: ${allowed!.join(", ")}`);
    return items;
  };
}
