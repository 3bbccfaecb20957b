// The age granularity policy: ordered age bands, each saying which units an age in it is written with.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { z } from "zod";
import { PACKAGE_ROOT, type AgeUnit } from "../../contract/index.js";
import { addMonths, civilDate, toDay, wholeMonthsBetween } from "../../contract/index.js";

export const AGE_POLICY_SCHEMA = "deidstack.age-granularity.v1";
export const UNIT_ORDER: readonly AgeUnit[] = ["years", "months", "weeks", "days"];

const unitSchema = z.enum(["years", "months", "weeks", "days"]);

const policySchema = z
  .object({
    schema: z.literal(AGE_POLICY_SCHEMA),
    policy_id: z.string().min(1),
    policy_version: z.string().min(1),
    description: z.string().optional(),
    bands: z
      .array(
        z
          .object({
            until: z
              .object({ value: z.number().int().positive(), unit: unitSchema, inclusive: z.boolean() })
              .strict()
              .nullable(),
            units: z.array(unitSchema).min(1),
          })
          .strict(),
      )
      .min(1),
  })
  .strict()
  .superRefine((p, ctx) => {
    p.bands.forEach((b, i) => {
      const ranks = b.units.map((u) => UNIT_ORDER.indexOf(u));
      if (ranks.some((r, k) => k > 0 && r <= ranks[k - 1])) {
        ctx.addIssue({ code: "custom", message: "units must be unique and ordered coarse to fine", path: ["bands", i, "units"] });
      }
      const last = i === p.bands.length - 1;
      if (last !== (b.until === null)) {
        ctx.addIssue({ code: "custom", message: "only the last band, and it always, has until: null", path: ["bands", i, "until"] });
      }
    });
  });

export type AgeGranularityPolicy = z.output<typeof policySchema>;

export interface LoadedAgePolicy {
  policy: AgeGranularityPolicy;
  /** sha256 of the policy file's bytes, reported in provenance. */
  sha256: string;
  path: string;
}

export const DEFAULT_AGE_POLICY_PATH = resolve(PACKAGE_ROOT, "policies/age-granularity/deidstack-default.json");

/** Loads and validates a policy file; throws with the field at fault (never note text, there is none here). */
export function loadAgePolicy(path: string = DEFAULT_AGE_POLICY_PATH): LoadedAgePolicy {
  const bytes = readFileSync(path);
  let raw: unknown;
  try {
    raw = JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new Error(`age policy ${path}: not valid JSON`);
  }
  const parsed = policySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`age policy ${path}: ${issue.path.map(String).join(".") || "(root)"}: ${issue.message}`);
  }
  return { policy: parsed.data, sha256: createHash("sha256").update(bytes).digest("hex"), path };
}

/** An age broken into calendar units. */
export type AgeParts = Partial<Record<AgeUnit, number>>;

/** Whole years, months and days elapsed from birth to a later day. */
function elapsed(birthDay: number, atDay: number): { months: number; days: number } {
  const from = civilDate(birthDay);
  const to = civilDate(atDay);
  const months = wholeMonthsBetween(from, to);
  const days = atDay - toDay(addMonths(from, months));
  return { months, days };
}

/** The band an age falls in: the first whose upper bound it does not pass. */
export function bandFor(policy: AgeGranularityPolicy, birthDay: number, atDay: number): AgeGranularityPolicy["bands"][number] {
  const totalDays = atDay - birthDay;
  const { months } = elapsed(birthDay, atDay);
  for (const band of policy.bands) {
    if (!band.until) return band;
    const { value, unit, inclusive } = band.until;
    const age = unit === "days" ? totalDays : unit === "weeks" ? totalDays / 7 : unit === "months" ? months : Math.floor(months / 12);
    if (inclusive ? age <= value : age < value) return band;
  }
  return policy.bands[policy.bands.length - 1];
}

/**
 * The age from birth to a day in the given units, coarse to fine, each unit taking what the coarser ones left
 * (calendar months and years; a week is 7 days; what is finer than the finest unit is dropped).
 */
export function ageInUnits(birthDay: number, atDay: number, units: readonly AgeUnit[]): AgeParts {
  const out: AgeParts = {};
  const { months, days } = elapsed(birthDay, atDay);
  let restMonths = months;
  let restDays = units.includes("years") || units.includes("months") ? days : atDay - birthDay;
  for (const u of units) {
    if (u === "years") {
      out.years = Math.floor(restMonths / 12);
      restMonths -= out.years * 12;
    } else if (u === "months") {
      out.months = restMonths;
      restMonths = 0;
    } else if (u === "weeks") {
      // Months not written as months become days again.
      if (restMonths > 0) restDays = atDay - toDay(addMonths(civilDate(birthDay), months - restMonths));
      restMonths = 0;
      out.weeks = Math.floor(restDays / 7);
      restDays -= out.weeks * 7;
    } else {
      if (restMonths > 0) restDays = atDay - toDay(addMonths(civilDate(birthDay), months - restMonths));
      restMonths = 0;
      out.days = restDays;
      restDays = 0;
    }
  }
  return out;
}

/** The birth day of someone of the given age on a day (calendar years and months first, then days). */
export function birthDayFor(age: AgeParts, atDay: number): number {
  const monthsBack = (age.years ?? 0) * 12 + (age.months ?? 0);
  const afterMonths = toDay(addMonths(civilDate(atDay), -monthsBack));
  return afterMonths - (age.weeks ?? 0) * 7 - (age.days ?? 0);
}
