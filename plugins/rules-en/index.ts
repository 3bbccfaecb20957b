// English rule detector: census name lists, GeoNames places, facility shapes, cue-based identifiers, dates and ages
// for US and UK clinical notes and search queries. Deterministic and linear in the input.
import { z } from "zod";
import { DeidError, type Label } from "../../src/contract/index.js";
import { definePlugin } from "../../src/detectors/index.js";
import { compileRulesEn, detectRulesEn } from "./lib/detect.js";

const on = () => z.boolean().default(true);

export const rulesEnConfigSchema = z.strictObject({
  families: z
    .strictObject({ names: on(), places: on(), identifiers: on(), dates: on(), ages: on(), professions: on() })
    .prefault({}),
  /** A listed first name or surname that is not a common word, alone with no cue ("Maria", "Nguyen"). */
  lone_names: on(),
  /** Which dates count: `absolute` (default) or `absolute+relative` ("yesterday", "3 days ago", "next Monday"). */
  date_scope: z.enum(["absolute", "absolute+relative"]).default("absolute"),
});

export type RulesEnConfig = z.output<typeof rulesEnConfigSchema>;

export const RULES_EN_LABELS: readonly Label[] = [
  "Address_Location:Other",
  "Address_Location:Patient",
  "Age_Birthdate",
  "Anonymize_Other",
  "Contactdetails",
  "Date",
  "ID:Caregiver",
  "ID:Patient",
  "Name:Caregiver",
  "Name:Other",
  "Name:Patient",
  "Organization:Healthcare",
  "Organization:Other",
  "Profession",
];

export default definePlugin({
  meta: {
    id: "rules-en",
    version: "1.0.0",
    description:
      "English rules: names (census lists, titles, initials, cues), US/UK places (GeoNames), facilities, street addresses, cue-based IDs, SSN, phones, MRN, e-mail/URL/IP, dates and ages",
    labels: RULES_EN_LABELS,
    configSchema: rulesEnConfigSchema,
    kind: "deterministic",
  },
  create(options: RulesEnConfig) {
    const compiled = compileRulesEn({
      families: { ...options.families },
      lone_names: options.lone_names,
      relative_dates: options.date_scope === "absolute+relative",
    });
    return {
      detect(document, ctx) {
        if (ctx.signal.aborted) {
          throw new DeidError("E_DETECTOR_TIMEOUT", "aborted before the rules ran", { detectorId: "rules-en", documentIndex: ctx.documentIndex });
        }
        return detectRulesEn(document.text, compiled);
      },
    };
  },
});
