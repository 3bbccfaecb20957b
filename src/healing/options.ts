// The options every healing profile reads (`healing_options` in a stack file). Strict: a misspelt key is a
// configuration error naming the key and the nearest allowed one, never an option silently ignored.
import { z } from "zod";

export const healingOptionsSchema = z
  .object({
    recover_names: z
      .boolean()
      .default(true)
      .describe("recover-patient-names and recover-caregiver-names add the metadata's names (known values always apply)."),
    propagate_names: z
      .boolean()
      .default(false)
      .describe("propagate-names: a name found once is marked wherever it occurs again in the note (on in recall-first)."),
  })
  .strict();

/** What a rule may be given: every key optional, the defaults above applying when one is left out. */
export type HealingOptions = z.input<typeof healingOptionsSchema>;

export const DEFAULT_HEALING_OPTIONS: z.output<typeof healingOptionsSchema> = healingOptionsSchema.parse({});
