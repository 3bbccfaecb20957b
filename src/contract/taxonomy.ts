// MedDeID "ProductionLabels-v1.1": the alphabetical order of LABELS is part of the contract.

export const LABELS = [
  "Address_Location:Caregiver",
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
] as const;

export type Label = (typeof LABELS)[number];

/** The 14 labels a model head predicts: every label except Anonymize_Other, same order. */
export const MODEL_LABELS = LABELS.filter((l) => l !== "Anonymize_Other") as Exclude<Label, "Anonymize_Other">[];

export const CATEGORIES = [
  "Name",
  "Address_Location",
  "Organization",
  "ID",
  "Age_Birthdate",
  "Contactdetails",
  "Date",
  "Profession",
  "Anonymize_Other",
] as const;
export type Category = (typeof CATEGORIES)[number];

export const SUBTYPES_BY_CATEGORY: Record<Category, readonly string[]> = {
  Name: ["Patient", "Caregiver", "Other"],
  Address_Location: ["Patient", "Caregiver", "Other"],
  Organization: ["Healthcare", "Other"],
  ID: ["Patient", "Caregiver"],
  Age_Birthdate: [],
  Contactdetails: [],
  Date: [],
  Profession: [],
  Anonymize_Other: [],
};

const LABEL_SET: ReadonlySet<string> = new Set(LABELS);

export function isLabel(value: unknown): value is Label {
  return typeof value === "string" && LABEL_SET.has(value);
}

/** "Name:Patient" → "Name". */
export function categoryOf(label: string): string {
  const i = label.indexOf(":");
  return i < 0 ? label : label.slice(0, i);
}

/**
 * Canonicalises a bare category to a contract label the way MedDeID scores Belgian DEDUCE output:
 * Name → Name:Other, Address_Location → Address_Location:Other, ID → ID:Patient,
 * Organization → Organization:Other. Returns undefined for anything that is not a label or category.
 */
export function canonicalLabel(value: string): Label | undefined {
  if (isLabel(value)) return value;
  switch (value) {
    case "Name":
      return "Name:Other";
    case "Address_Location":
      return "Address_Location:Other";
    case "ID":
      return "ID:Patient";
    case "Organization":
      return "Organization:Other";
    default:
      return undefined;
  }
}

export const SUBANNOTATION_CATEGORIES_BY_LABEL_CATEGORY: Record<string, readonly string[]> = {
  general: ["formatting", "medical_info", "additional_info"],
  Name: ["name_identifier", "given", "family", "initials", "title"],
  Profession: ["hobby", "profession", "employment_state"],
  Organization: ["organization_identifier", "company", "institution", "hospital_location"],
  Address_Location: [
    "address_identifier",
    "country",
    "region",
    "municipality",
    "postal_code",
    "street",
    "house_number",
    "bus_number",
    "postal_office",
  ],
  Contactdetails: [
    "contact_identifier",
    "internal_phone",
    "public_phone",
    "fax_number",
    "given",
    "family",
    "initials",
    "institution",
    "additional_info",
  ],
  ID: ["id_identifier", "public_id", "internal_id"],
  Date: ["datetime_identifier", "day", "week", "month", "year", "weekday", "time", "season"],
  Age_Birthdate: [
    "datetime_identifier",
    "day",
    "week",
    "month",
    "year",
    "weekday",
    "time",
    "age_type",
    "age_year",
    "age_month",
    "age_week",
    "age_day",
  ],
};

export const SUBANNOTATION_CATEGORIES: readonly string[] = [
  ...new Set(Object.values(SUBANNOTATION_CATEGORIES_BY_LABEL_CATEGORY).flat()),
].sort();

/** Sub-annotation categories that are not core PII (meddeid-eval metrics). */
export const NON_CORE_SUBANNOTATION_CATEGORIES: ReadonlySet<string> = new Set([
  "formatting",
  "additional_info",
  "medical_info",
  "time",
  "title",
]);

export function isCoreCategory(subannotationCategory: string): boolean {
  return !NON_CORE_SUBANNOTATION_CATEGORIES.has(subannotationCategory);
}

/** The seed sub-annotation category used when a span of this label is not partitioned further. */
export function seedSubannotationCategory(label: string): string {
  switch (categoryOf(label)) {
    case "Date":
    case "Age_Birthdate":
      return "datetime_identifier";
    case "Name":
      return "name_identifier";
    case "Address_Location":
      return "address_identifier";
    case "Organization":
      return "organization_identifier";
    case "Contactdetails":
      return "contact_identifier";
    case "ID":
      return "id_identifier";
    case "Profession":
      return "profession";
    default:
      return "additional_info";
  }
}
