// The "patterns" detector: deterministic regex patterns with checksums for dates, phone numbers, e-mail, URLs,
// IBAN, national identifiers, record numbers, IP addresses, postal codes and ages in Dutch, French and English.
//
// Scores: 1.0 when a checksum passes (IBAN, national register number, BSN, NPI or NHS number with its context word),
// 0.9 when a context word admitted the match ("tel.", "MRN:", "aged", "op 12/03", a street before a postal code),
// 0.8 for the pattern alone. Families that overlap are all returned; the union layer resolves overlaps.
import { z } from "zod";
import { definePlugin } from "../../src/detectors/index.js";
import { compilePatterns, detectPatterns, type PatternOptions } from "./detect.js";
import { LANGUAGES } from "./lexicon.js";

const on = () => z.boolean().default(true);

export const patternsConfigSchema = z.strictObject({
  /** Switch pattern families on or off. */
  families: z
    .strictObject({
      dates: on(),
      phones: on(),
      emails: on(),
      urls: on(),
      iban: on(),
      nationalRegisterNumbers: on(),
      bsn: on(),
      ssn: on(),
      npi: on(),
      recordNumbers: on(),
      ipAddresses: on(),
      postalCodes: on(),
      ages: on(),
    })
    .prefault({}),
  /** Languages whose month names, weekdays, age expressions and context words are recognised. */
  languages: z.array(z.enum(LANGUAGES)).min(1).default(["nl", "fr", "en"]),
  /**
   * How "01/12/2021" is read: `day-first` only (Dutch and French notes: "01-13-2018" is no date), `either` (month
   * first too when English is on), or `auto`: day first for a document whose `metadata.lang` is Dutch or French,
   * else either.
   */
  date_order: z.enum(["auto", "day-first", "either"]).default("auto"),
});

export type PatternsConfig = z.output<typeof patternsConfigSchema>;

export default definePlugin({
  meta: {
    id: "patterns",
    version: "1.0.0",
    description:
      "Regex patterns with checksums: dates, phone/fax, e-mail, URL, IBAN, Belgian national register number, BSN, SSN, NPI, NHS, record numbers, IP addresses, postal codes and ages (nl, fr, en).",
    labels: ["Address_Location:Other", "Age_Birthdate", "Anonymize_Other", "Contactdetails", "Date", "ID:Caregiver", "ID:Patient"],
    configSchema: patternsConfigSchema,
    kind: "deterministic",
  },
  create(options: PatternsConfig) {
    const compiled = compilePatterns(options satisfies PatternOptions);
    const dayFirstFor = (lang: string | undefined): boolean =>
      options.date_order === "day-first" || (options.date_order === "auto" && lang !== undefined && /^(?:nl|fr)\b/i.test(lang));
    return {
      detect(document) {
        return detectPatterns(document.text, compiled, { dayFirst: dayFirstFor(document.metadata?.lang ?? undefined) });
      },
      detectForLeakGuard(document) {
        return detectPatterns(document.text, compiled, { dayFirst: dayFirstFor(document.metadata?.lang ?? undefined), identifiersAndContactsOnly: true });
      },
    };
  },
});
