// The "pseudonymise" and "surrogates" transforms: dates shifted per patient, ages at band granularity, and the
// other labels replaced by keyed surrogates (or, without a key, by placeholders).
import { isAbsolute, resolve } from "node:path";
import { z } from "zod";
import { DeidError, type Warning } from "../contract/index.js";
import {
  DocumentDates,
  documentShift,
  loadAgePolicy,
  DEFAULT_AGE_POLICY_PATH,
  type DateOutcome,
  type DateShiftPolicy,
  type DocumentShift,
  type LoadedAgePolicy,
} from "./dates/index.js";
import { placeholderFor } from "./placeholders.js";
import { documentSurrogates, FAKER_VERSION, ID_PSEUDONYM_SCHEME, idPseudonym, loadKeyFile, SURROGATE_SCHEME } from "./surrogates/index.js";
import { replaceSpans, type Transformer } from "./types.js";

export const pseudonymiseOptionsSchema = z
  .object({
    /** Secret key file (hex, base64 or raw bytes; ≥ 32 bytes), relative to the stack file. */
    key_file: z.string().min(1).optional(),
    /** What labels other than Date and Age_Birthdate become; default: surrogates with a key, else placeholders. */
    others: z.enum(["placeholders", "surrogates"]).optional(),
    /** "shift": dates move by the patient's offset; "placeholders": [Date]. Ages are generalised either way. */
    dates: z.enum(["shift", "placeholders"]).default("shift"),
    /** |shift| range in days for key-derived shifts. */
    shift_range_days: z.tuple([z.number().int().positive(), z.number().int().positive()]).default([366, 1095]),
    /** Derive shifts in whole weeks so weekdays stay (a utility choice, not a privacy guarantee). */
    keep_weekday: z.boolean().default(false),
    /** A |shift| below this many days gives a warning. */
    min_recommended_shift_days: z.number().int().nonnegative().default(366),
    /** Age granularity policy JSON, relative to the stack file; default policies/age-granularity/deidstack-default.json. */
    age_policy: z.string().min(1).optional(),
    /** Write ages of 90 years and older as "90+". */
    ages_90_plus: z.boolean().default(false),
    /** Replace document_id and patient_id (a .txt file name is the document id) by keyed pseudonyms; needs key_file. */
    pseudonymise_ids: z.boolean().default(false),
    /** How to read ambiguous numeric dates (03/04/2024): "auto" = month first for en-US only. */
    numeric_date_order: z.enum(["auto", "day-first", "month-first"]).default("auto"),
  })
  .strict();

export type PseudonymiseOptions = z.output<typeof pseudonymiseOptionsSchema>;

export interface PseudonymiseContext {
  baseDir: string;
  language: string;
}

function configError(message: string, field: string): DeidError {
  return new DeidError("E_STACK_CONFIG", message, { field: `transform.${field}` });
}

function parseOptions(raw: Record<string, unknown>, id: string): PseudonymiseOptions {
  const parsed = pseudonymiseOptionsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw configError(`invalid ${id} transform options: ${issue.message}`, issue.path.map(String).join("."));
  }
  return parsed.data;
}

function shiftPolicyOf(o: PseudonymiseOptions): DateShiftPolicy {
  const [min, max] = o.shift_range_days;
  if (min > max) throw configError("shift_range_days must be [smallest, largest]", "shift_range_days");
  if (o.keep_weekday && Math.floor(max / 7) < Math.ceil(min / 7)) {
    throw configError("shift_range_days holds no multiple of 7 but keep_weekday is on", "shift_range_days");
  }
  return { rangeDays: [min, max], keepWeekday: o.keep_weekday, minRecommendedDays: o.min_recommended_shift_days };
}

function loadPolicy(o: PseudonymiseOptions, baseDir: string): LoadedAgePolicy {
  const path = o.age_policy ? (isAbsolute(o.age_policy) ? o.age_policy : resolve(baseDir, o.age_policy)) : DEFAULT_AGE_POLICY_PATH;
  try {
    return loadAgePolicy(path);
  } catch (err) {
    throw configError(err instanceof Error ? err.message : "age policy cannot be read", "age_policy");
  }
}

const WARNING_TEXT: Record<string, (n: number) => string> = {
  date_parse_fallback: (n) => `${n} date or age span(s) could not be read and became placeholders`,
  date_shift_unavailable: (n) => `${n} date span(s) became placeholders: no metadata.date_shift_days and no key to derive a shift`,
  zero_date_shift_placeholder: (n) => `${n} date span(s) became placeholders: metadata.date_shift_days is 0`,
  date_shift_below_recommended_minimum: () => "the date shift of this document is below the recommended minimum",
  date_shift_per_document: () => "no patient_id: the date shift was derived from the document id, so one patient's documents are not shifted alike",
  birthdate_year_fallback: (n) => `${n} birth date(s) became a shifted year: no document_creation_date to compute an age at`,
  surrogate_placeholder_fallback: (n) => `${n} span(s) became placeholders: no surrogate different from the original could be made`,
};

function warningsOf(counts: Map<string, number>): Warning[] {
  return [...counts.entries()].map(([code, n]) => ({ code, message: WARNING_TEXT[code](n) }));
}

/** Builds the transform. `mode` "surrogates" requires a key and replaces every label; "pseudonymise" makes it optional. */
export function createPseudonymiseTransformer(raw: Record<string, unknown>, ctx: PseudonymiseContext, mode: "pseudonymise" | "surrogates"): Transformer {
  const options = parseOptions(raw, mode);
  if (mode === "surrogates" && !options.key_file) throw configError("the surrogates transform needs key_file (a secret of at least 32 bytes)", "key_file");
  if (mode === "surrogates" && options.others === "placeholders") throw configError("others: placeholders contradicts the surrogates transform; use pseudonymise", "others");
  const key = options.key_file ? loadKeyFile(isAbsolute(options.key_file) ? options.key_file : resolve(ctx.baseDir, options.key_file)) : undefined;
  const others = options.others ?? (key ? "surrogates" : "placeholders");
  if (others === "surrogates" && !key) throw configError("others: surrogates needs key_file", "others");
  if (options.pseudonymise_ids && !key) throw configError("pseudonymise_ids needs key_file", "pseudonymise_ids");
  const shiftPolicy = shiftPolicyOf(options);
  const agePolicy = loadPolicy(options, ctx.baseDir);
  const dateOptions = { agePolicy, ninetyPlus: options.ages_90_plus, numericDateOrder: options.numeric_date_order };

  return {
    id: mode,
    version: "1.0.0",
    apply(document, spans) {
      const shift: DocumentShift = options.dates === "shift" ? documentShift(document, key, shiftPolicy) : { days: undefined, source: "configured-off" };
      const dates = new DocumentDates(document, ctx.language, shift, dateOptions);
      const surrogates = others === "surrogates" ? documentSurrogates(key!, document, ctx.language) : undefined;
      surrogates?.registerOriginals(
        spans.filter((s) => s.label !== "Date" && s.label !== "Age_Birthdate").map((s) => document.text.slice(s.start, s.end)),
      );
      const outcomes = new Map<DateOutcome, number>();
      const warnings = new Map<string, number>();
      const warn = (code: string) => warnings.set(code, (warnings.get(code) ?? 0) + 1);
      let dateSpans = 0;
      let surrogateSpans = 0;
      const { deidText, spans: out } = replaceSpans(document.text, spans, (span) => {
        const original = document.text.slice(span.start, span.end);
        if (span.label === "Date" || span.label === "Age_Birthdate") {
          dateSpans++;
          const r = span.label === "Date" ? dates.date(original) : dates.age(original);
          outcomes.set(r.outcome, (outcomes.get(r.outcome) ?? 0) + 1);
          if (r.outcome === "placeholder_unparsed") warn("date_parse_fallback");
          if (r.outcome === "placeholder_no_shift" && shift.source !== "configured-off") {
            warn(shift.source === "metadata:zero" ? "zero_date_shift_placeholder" : "date_shift_unavailable");
          }
          if (r.outcome === "year_fallback") warn("birthdate_year_fallback");
          return r.text ?? placeholderFor(span.label);
        }
        if (!surrogates) return placeholderFor(span.label);
        const replacement = surrogates.replace(span.label, original);
        if (replacement === undefined) {
          warn("surrogate_placeholder_fallback");
          return placeholderFor(span.label);
        }
        surrogateSpans++;
        return replacement;
      });
      const shifted = (outcomes.get("shifted") ?? 0) + (outcomes.get("year_fallback") ?? 0);
      if (shifted > 0 && shift.days !== undefined && Math.abs(shift.days) < shiftPolicy.minRecommendedDays) warn("date_shift_below_recommended_minimum");
      if (dateSpans > 0 && shift.source === "key:document") warn("date_shift_per_document");
      const count = (o: DateOutcome) => outcomes.get(o) ?? 0;
      const processing: Record<string, unknown> = {
        // The shift itself is never written: with it, a reader could undo the pseudonymisation.
        date_replacement: {
          mode: shift.days === undefined ? "placeholder" : "shift",
          shift_source: shift.source,
          minimum_recommended_abs_shift_days: shiftPolicy.minRecommendedDays,
          detected_spans: dateSpans,
          shifted_spans: count("shifted"),
          unchanged_spans: count("unchanged"),
          age_kept_spans: count("age_kept"),
          age_generalized_spans: count("age_generalized"),
          birthdate_age_spans: count("birthdate_age"),
          year_fallback_spans: count("year_fallback"),
          placeholder_spans: count("placeholder_unparsed") + count("placeholder_no_shift"),
        },
        age_granularity_policy: {
          policy_id: agePolicy.policy.policy_id,
          policy_version: agePolicy.policy.policy_version,
          sha256: agePolicy.sha256,
          ages_90_plus: options.ages_90_plus,
        },
      };
      if (surrogates) {
        processing.surrogates = {
          scheme: SURROGATE_SCHEME,
          faker_version: FAKER_VERSION,
          replaced_spans: surrogateSpans,
          placeholder_fallback_spans: warnings.get("surrogate_placeholder_fallback") ?? 0,
          // Choices that skipped a candidate equal to a metadata value or taken by another value of the document.
          collisions_avoided: surrogates.collisions,
        };
      }
      if (!options.pseudonymise_ids) return { deidText, spans: out, warnings: warningsOf(warnings), processing };
      processing.id_pseudonyms = { scheme: ID_PSEUDONYM_SCHEME };
      const ids: { document_id: string; patient_id?: string } = { document_id: idPseudonym(key!, "document", document.document_id) };
      if (document.patient_id !== undefined) ids.patient_id = idPseudonym(key!, "patient", document.patient_id);
      return { deidText, spans: out, warnings: warningsOf(warnings), processing, ids };
    },
  };
}
