// Mappings from other taxonomies to contract labels, as data. Where the source type is ambiguous, the choice and
// the reason sit next to it. Keys are matched case-insensitively by `mapForeignLabel`.
import type { Label } from "./taxonomy.js";

export type LabelMap = Readonly<Record<string, Label>>;

/** HIPAA Safe Harbor, 45 CFR 164.514(b)(2)(i)(A–R): the 18 identifier types. */
export const SAFE_HARBOR: LabelMap = {
  NAMES: "Name:Other",
  GEOGRAPHIC_SUBDIVISIONS: "Address_Location:Other",
  DATES: "Date", // birth dates become Age_Birthdate only when context says so; ages over 89 too
  AGES_OVER_89: "Age_Birthdate",
  TELEPHONE_NUMBERS: "Contactdetails",
  FAX_NUMBERS: "Contactdetails",
  EMAIL_ADDRESSES: "Contactdetails",
  SOCIAL_SECURITY_NUMBERS: "ID:Patient",
  MEDICAL_RECORD_NUMBERS: "ID:Patient",
  HEALTH_PLAN_BENEFICIARY_NUMBERS: "ID:Patient",
  ACCOUNT_NUMBERS: "ID:Patient",
  CERTIFICATE_LICENSE_NUMBERS: "ID:Caregiver", // licences in notes are mostly clinicians'
  VEHICLE_IDENTIFIERS: "Anonymize_Other",
  DEVICE_IDENTIFIERS: "Anonymize_Other",
  URLS: "Contactdetails",
  IP_ADDRESSES: "Anonymize_Other",
  BIOMETRIC_IDENTIFIERS: "Anonymize_Other",
  FULL_FACE_PHOTOGRAPHS: "Anonymize_Other",
  OTHER_UNIQUE_IDENTIFIERS: "Anonymize_Other",
};

/** i2b2 2014 de-identification track TYPE attributes (Stubbs & Uzuner 2015). */
export const I2B2_2014: LabelMap = {
  PATIENT: "Name:Patient",
  DOCTOR: "Name:Caregiver",
  USERNAME: "Name:Caregiver",
  PROFESSION: "Profession",
  ROOM: "Organization:Healthcare",
  DEPARTMENT: "Organization:Healthcare",
  HOSPITAL: "Organization:Healthcare",
  ORGANIZATION: "Organization:Other",
  STREET: "Address_Location:Patient",
  CITY: "Address_Location:Patient",
  STATE: "Address_Location:Patient",
  COUNTRY: "Address_Location:Other",
  ZIP: "Address_Location:Patient",
  LOCATION_OTHER: "Address_Location:Other",
  AGE: "Age_Birthdate",
  DATE: "Date",
  PHONE: "Contactdetails",
  FAX: "Contactdetails",
  EMAIL: "Contactdetails",
  URL: "Contactdetails",
  IPADDR: "Anonymize_Other",
  SSN: "ID:Patient",
  MEDICALRECORD: "ID:Patient",
  HEALTHPLAN: "ID:Patient",
  ACCOUNT: "ID:Patient",
  LICENSE: "ID:Caregiver",
  VEHICLE: "Anonymize_Other",
  DEVICE: "Anonymize_Other",
  BIOID: "Anonymize_Other",
  IDNUM: "ID:Patient",
};

/** PhysioNet deid 1.1 `.res` tag categories (the text inside `[** ... **]`, before any number). */
export const PHYSIONET_DEID: LabelMap = {
  "FIRST NAME": "Name:Other",
  "LAST NAME": "Name:Other",
  "NAME": "Name:Other",
  "KNOWN FIRSTNAME": "Name:Patient",
  "KNOWN LASTNAME": "Name:Patient",
  "DOCTOR FIRST NAME": "Name:Caregiver",
  "DOCTOR LAST NAME": "Name:Caregiver",
  "HOSPITAL": "Organization:Healthcare",
  "LOCATION": "Address_Location:Other",
  "STREET ADDRESS": "Address_Location:Patient",
  "STATE": "Address_Location:Other",
  "AGE OVER 90": "Age_Birthdate",
  "DATE": "Date",
  "YEAR": "Date",
  "HOLIDAY": "Date",
  "TELEPHONE/FAX": "Contactdetails",
  "E-MAIL ADDRESS": "Contactdetails",
  "URL": "Contactdetails",
  "SOCIAL SECURITY NUMBER": "ID:Patient",
  "MEDICAL RECORD NUMBER": "ID:Patient",
  "UNIT NUMBER": "ID:Patient",
  "PAGER NUMBER": "Contactdetails",
  "COMPANY": "Organization:Other",
  "PHI": "Anonymize_Other",
};

/** Philter (philter-ucsf) i2b2-style PHI types in its XML output. */
export const PHILTER: LabelMap = {
  NAME: "Name:Other",
  PATIENT: "Name:Patient",
  DOCTOR: "Name:Caregiver",
  DATE: "Date",
  AGE: "Age_Birthdate",
  ADDRESS: "Address_Location:Other",
  LOCATION: "Address_Location:Other",
  CONTACT: "Contactdetails",
  PHONE: "Contactdetails",
  FAX: "Contactdetails",
  EMAIL: "Contactdetails",
  URL: "Contactdetails",
  ID: "ID:Patient",
  ORGANIZATION: "Organization:Other",
  HOSPITAL: "Organization:Healthcare",
  PROFESSION: "Profession",
  OTHER: "Anonymize_Other",
  PHI: "Anonymize_Other",
};

/** DEDUCE 3.x Dutch tags (Menger et al.) and Belgian DEDUCE English tags (production_labels mapping). */
export const DEDUCE: LabelMap = {
  persoon: "Name:Other",
  patient: "Name:Patient",
  locatie: "Address_Location:Other",
  datum: "Date",
  leeftijd: "Age_Birthdate",
  telefoonnummer: "Contactdetails",
  emailadres: "Contactdetails",
  url: "Contactdetails",
  bsn: "ID:Patient",
  ziekenhuis: "Organization:Healthcare",
  zorginstelling: "Organization:Healthcare",
  id: "ID:Patient",
  person: "Name:Other",
  pseudo_name: "Name:Other",
  location: "Address_Location:Other",
  street: "Address_Location:Other",
  date: "Date",
  age: "Age_Birthdate",
  email: "Contactdetails",
  phone: "Contactdetails",
  hospital: "Organization:Healthcare",
  healthcare_institution: "Organization:Healthcare",
  national_register_number: "ID:Patient",
};

/** ASQ-PHI identifier types (Weatherhead et al. 2026). Hospital names are tagged GEOGRAPHIC_LOCATION there. */
export const ASQ_PHI: LabelMap = {
  NAME: "Name:Other",
  GEOGRAPHIC_LOCATION: "Address_Location:Other",
  DATE: "Date",
  MEDICAL_RECORD_NUMBER: "ID:Patient",
  HEALTH_PLAN_BENEFICIARY_NUMBER: "ID:Patient",
  PHONE_NUMBER: "Contactdetails",
  SOCIAL_SECURITY_NUMBER: "ID:Patient",
  EMAIL_ADDRESS: "Contactdetails",
  UNIQUE_IDENTIFIER: "ID:Patient",
  ACCOUNT_NUMBER: "ID:Patient",
  FAX_NUMBER: "Contactdetails",
  CERTIFICATE_LICENSE_NUMBER: "ID:Caregiver",
  IP_ADDRESS: "Anonymize_Other",
};

/** Microsoft Presidio predefined entity types. */
export const PRESIDIO: LabelMap = {
  PERSON: "Name:Other",
  LOCATION: "Address_Location:Other",
  NRP: "Anonymize_Other",
  DATE_TIME: "Date",
  PHONE_NUMBER: "Contactdetails",
  EMAIL_ADDRESS: "Contactdetails",
  URL: "Contactdetails",
  IP_ADDRESS: "Anonymize_Other",
  CREDIT_CARD: "ID:Patient",
  CRYPTO: "ID:Patient",
  IBAN_CODE: "ID:Patient",
  US_SSN: "ID:Patient",
  US_ITIN: "ID:Patient",
  US_PASSPORT: "ID:Patient",
  US_DRIVER_LICENSE: "ID:Patient",
  US_BANK_NUMBER: "ID:Patient",
  UK_NHS: "ID:Patient",
  UK_NINO: "ID:Patient",
  NL_BSN: "ID:Patient",
  MEDICAL_LICENSE: "ID:Caregiver",
  ORGANIZATION: "Organization:Other",
  AGE: "Age_Birthdate",
};

export const LABEL_MAPS = {
  "safe-harbor": SAFE_HARBOR,
  "i2b2-2014": I2B2_2014,
  deid: PHYSIONET_DEID,
  philter: PHILTER,
  deduce: DEDUCE,
  "asq-phi": ASQ_PHI,
  presidio: PRESIDIO,
} as const;

export type LabelMapId = keyof typeof LABEL_MAPS;

const lowered = new Map<string, Map<string, Label>>();

/** Maps a foreign type to a contract label (case-insensitive); undefined when the map does not know it. */
export function mapForeignLabel(mapId: LabelMapId, foreign: string): Label | undefined {
  let m = lowered.get(mapId);
  if (!m) {
    m = new Map(Object.entries(LABEL_MAPS[mapId]).map(([k, v]) => [k.toLowerCase(), v]));
    lowered.set(mapId, m);
  }
  return m.get(foreign.trim().toLowerCase());
}
