// Language profiles: which words rules read and the order rules run in, as data. nl-BE and fr-BE read both
// Dutch and French because Belgian notes mix them (a Dutch letter quotes "le Dr Dupont", a French one "Dr. Peeters").
import type { WordLanguage } from "../contract/index.js";
import type { HealingProfile, HealingRule } from "./index.js";
import { lexiconFor, type HealingLexicon } from "./lexicon.js";
import { bracketBalance } from "./rules/bracket-balance.js";
import { caregiverTitleLeft } from "./rules/caregiver-title-left.js";
import { caregiverTitlePrefix } from "./rules/caregiver-title-prefix.js";
import { caregiverTitleSuffix } from "./rules/caregiver-title-suffix.js";
import { deduplicate } from "./rules/deduplicate.js";
import { degreeToBirthdate } from "./rules/degree-to-birthdate.js";
import { dropContainedTitles } from "./rules/drop-contained-titles.js";
import { dropInvalidDates } from "./rules/drop-invalid-dates.js";
import { dropNonAlphanumeric } from "./rules/drop-non-alphanumeric.js";
import { extendToFullForms } from "./rules/extend-to-full-forms.js";
import { extendWeekday } from "./rules/extend-weekday.js";
import { initialPeriod } from "./rules/initial-period.js";
import { joinAddressPieces } from "./rules/join-address-pieces.js";
import { joinSplitEntity } from "./rules/join-split-entity.js";
import { joinSurnameGiven } from "./rules/join-surname-given.js";
import { leadingPlus } from "./rules/leading-plus.js";
import { mergeAdjacentPatientNames } from "./rules/merge-adjacent-patient-names.js";
import { propagateNames } from "./rules/propagate-names.js";
import { rebalanceUndelimitedTitles } from "./rules/rebalance-undelimited-titles.js";
import { recoverCaregiverNames } from "./rules/recover-caregiver-names.js";
import { recoverKnownValues } from "./rules/recover-known-values.js";
import { recoverPatientNames } from "./rules/recover-patient-names.js";
import { relabelTitledNames } from "./rules/relabel-titled-names.js";
import { resolveOverlappingCaregiverTitles } from "./rules/resolve-overlapping-caregiver-titles.js";
import { titlePeriod } from "./rules/title-period.js";
import { titledNameFragment } from "./rules/titled-name-fragment.js";
import { trailingTitledCaregiver } from "./rules/trailing-titled-caregiver.js";
import { trimSpan, trimSpanKeepHash } from "./rules/trim-span.js";
import { trimTrailingTime } from "./rules/trim-trailing-time.js";

type RuleFactory = (lex: HealingLexicon) => HealingRule;
const fixed = (rule: HealingRule): RuleFactory => () => rule;

/** Every rule by name. */
export const RULES: Readonly<Record<string, RuleFactory>> = {
  "bracket-balance": fixed(bracketBalance),
  "caregiver-title-left": caregiverTitleLeft,
  "caregiver-title-prefix": caregiverTitlePrefix,
  "caregiver-title-suffix": caregiverTitleSuffix,
  deduplicate: fixed(deduplicate),
  "degree-to-birthdate": fixed(degreeToBirthdate),
  "drop-contained-titles": dropContainedTitles,
  "drop-invalid-dates": dropInvalidDates,
  "drop-non-alphanumeric": fixed(dropNonAlphanumeric),
  "extend-to-full-forms": extendToFullForms,
  "extend-weekday": extendWeekday,
  "initial-period": fixed(initialPeriod),
  "join-address-pieces": fixed(joinAddressPieces),
  "join-split-entity": joinSplitEntity,
  "join-surname-given": fixed(joinSurnameGiven),
  "leading-plus": fixed(leadingPlus),
  "merge-adjacent-patient-names": fixed(mergeAdjacentPatientNames),
  "propagate-names": propagateNames,
  "rebalance-undelimited-titles": rebalanceUndelimitedTitles,
  "recover-caregiver-names": recoverCaregiverNames,
  "recover-caregiver-names-untitled": (lex) => recoverCaregiverNames(lex, { titles: false }),
  "recover-known-values": fixed(recoverKnownValues),
  "recover-patient-names": recoverPatientNames,
  "relabel-titled-names": relabelTitledNames,
  "resolve-overlapping-caregiver-titles": resolveOverlappingCaregiverTitles,
  "title-period": titlePeriod,
  "titled-name-fragment": titledNameFragment,
  "trailing-titled-caregiver": trailingTitledCaregiver,
  "trim-span": fixed(trimSpan),
  "trim-span-keep-hash": fixed(trimSpanKeepHash),
  "trim-trailing-time": fixed(trimTrailingTime),
};

/**
 * MedDeID's nl-BE order (phases 0–6), with two changes: titled names are relabelled as caregivers right after
 * they take their title (so the caregiver rules after it see them in the first pass, keeping healing idempotent),
 * and split entities are joined before the form extension and again after name propagation.
 */
export const DEFAULT_ORDER: readonly string[] = [
  // phase 0: per-span normalisation
  "trim-span",
  "title-period",
  "initial-period",
  "caregiver-title-left",
  "titled-name-fragment",
  "relabel-titled-names",
  "trailing-titled-caregiver",
  "leading-plus",
  "bracket-balance",
  // phase 1
  "drop-non-alphanumeric",
  // phase 2: metadata
  "recover-patient-names",
  "recover-caregiver-names",
  "recover-known-values",
  // phase 3: names and titles
  "merge-adjacent-patient-names",
  "caregiver-title-prefix",
  "caregiver-title-suffix",
  "drop-contained-titles",
  "rebalance-undelimited-titles",
  "resolve-overlapping-caregiver-titles",
  "join-split-entity",
  // phase 4: full written forms
  "extend-to-full-forms",
  "trim-trailing-time",
  "deduplicate",
  "drop-invalid-dates",
  // phase 5, 6
  "extend-weekday",
  "degree-to-birthdate",
  // beyond MedDeID
  "propagate-names",
  "join-split-entity",
  "deduplicate",
];

/**
 * English: the same order without the rules that grow a caregiver's span over its title ("Dr.", "Prof.", ", Dr."):
 * English annotation keeps titles and degree suffixes outside the name ("Dr [[Smith]]", "[[Jane Doe]], MD"). Its
 * trim keeps the `#` of an identifier written `#A44812`, and caregivers named in metadata are recovered without titles.
 */
const EN_REPLACED: Readonly<Record<string, string>> = { "trim-span": "trim-span-keep-hash", "recover-caregiver-names": "recover-caregiver-names-untitled" };

export const EN_ORDER: readonly string[] = DEFAULT_ORDER.flatMap((name) => (name === "deduplicate" ? ["join-address-pieces", "join-surname-given", name] : [EN_REPLACED[name] ?? name])).filter(
  (name) =>
    ![
      "title-period",
      "caregiver-title-left",
      "titled-name-fragment",
      "trailing-titled-caregiver",
      "caregiver-title-prefix",
      "caregiver-title-suffix",
      "rebalance-undelimited-titles",
      "resolve-overlapping-caregiver-titles",
    ].includes(name),
);

/** Rule order of each built-in profile (DEFAULT_ORDER unless listed). */
export const PROFILE_ORDERS: Readonly<Record<string, readonly string[]>> = { en: EN_ORDER };

/** A profile's version changes with its order or rules (en 1.2.0: trim-span-keep-hash; 1.3.0: recover-caregiver-names-untitled;
 * 1.4.0: join-address-pieces and join-surname-given before each deduplicate; 1.5.0: join-surname-given takes a middle
 * initial after the given name). */
const PROFILE_VERSIONS: Readonly<Record<string, string>> = { en: "1.5.0" };

export const PROFILE_LANGUAGES: Readonly<Record<string, readonly WordLanguage[]>> = {
  "nl-BE": ["nl", "fr"],
  "fr-BE": ["fr", "nl"],
  en: ["en"],
};

export function buildProfile(id: string, version: string, languages: readonly WordLanguage[], order: readonly string[] = DEFAULT_ORDER): HealingProfile {
  const lex = lexiconFor(languages);
  return {
    id,
    version,
    maxPasses: 4,
    rules: order.map((name) => {
      const make = RULES[name];
      if (!make) throw new Error(`unknown healing rule ${name}`);
      return { name, apply: make(lex) };
    }),
  };
}

/** The built-in profile `id` (one of PROFILE_LANGUAGES), built now; undefined for another id. */
export function builtInProfile(id: string): HealingProfile | undefined {
  if (!Object.hasOwn(PROFILE_LANGUAGES, id)) return undefined;
  return buildProfile(id, PROFILE_VERSIONS[id] ?? "1.0.0", PROFILE_LANGUAGES[id], PROFILE_ORDERS[id] ?? DEFAULT_ORDER);
}
