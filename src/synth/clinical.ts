// Clinical (non-identifying) content: MedDeID's Dutch detail pools plus this project's English pools and
// hard negatives (lab values, drugs and doses, eponyms, device identifiers, scores) that look like identifiers.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Prng } from "./prng.js";

export interface Finding {
  name: string;
  value: string;
  unit: string;
  interpretation: string;
}

export interface ClinicalPool {
  name: string;
  timeframes: string[];
  severity: string[];
  abbreviations: { abbreviation: string; expanded: string; context: string }[];
  numeric_findings: Finding[];
  vitals: Finding[];
  comorbidities: string[];
  procedure_snippets: { procedure: string; snippet: string; status: string }[];
  medication_orders: string[];
  clinical_phrases: string[];
}

function loadJsonl<T>(file: string): T[] {
  const path = fileURLToPath(new URL(`./pools/${file}`, import.meta.url));
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim().length > 0)
    .map((l) => JSON.parse(l) as T);
}

let dutchPools: ClinicalPool[] | undefined;

/** MedDeID's 68 Dutch medical detail pools (AGPL-3.0, see pools/NOTICE). */
export function dutchClinicalPools(): ClinicalPool[] {
  dutchPools ??= loadJsonl<ClinicalPool>("medical_detail_pools.jsonl");
  return dutchPools;
}

const f = (name: string, value: string, unit: string, interpretation: string): Finding => ({ name, value, unit, interpretation });

/** English pools written for this project (same shape as the Dutch ones). */
export const ENGLISH_POOLS: ClinicalPool[] = [
  {
    name: "acute medicine",
    timeframes: ["for 3 days", "worse since last night", "recurrent after 2 weeks", "since this morning", "over the past week", "after a phone consultation"],
    severity: ["mild", "moderate", "severe", "fluctuating", "clearly worse", "clinically limited"],
    abbreviations: [
      { abbreviation: "BP", expanded: "blood pressure", context: "vitals" },
      { abbreviation: "HR", expanded: "heart rate", context: "vitals" },
      { abbreviation: "SpO2", expanded: "oxygen saturation", context: "vitals" },
      { abbreviation: "NEWS2", expanded: "national early warning score", context: "triage" },
      { abbreviation: "IV", expanded: "intravenous", context: "plan" },
      { abbreviation: "SOB", expanded: "shortness of breath", context: "history" },
    ],
    numeric_findings: [f("CRP", "62", "mg/L", "raised"), f("lactate", "2.4", "mmol/L", "mildly raised"), f("WBC", "12.8", "x10^9/L", "leucocytosis"), f("creatinine", "118", "umol/L", "above baseline"), f("glucose", "10.3", "mmol/L", "stress hyperglycaemia"), f("troponin T", "14", "ng/L", "normal")],
    vitals: [f("BP", "148/86", "mmHg", "raised"), f("HR", "104", "bpm", "tachycardic"), f("temperature", "38.4", "°C", "febrile"), f("SpO2", "94", "%", "low-normal"), f("RR", "22", "/min", "mildly raised"), f("NEWS2", "3", "", "needs observation")],
    comorbidities: ["hypertension", "borderline renal function", "penicillin allergy", "ex-smoker since 2019", "recent course of antibiotics", "reduced mobility"],
    procedure_snippets: [
      { procedure: "ECG", snippet: "sinus rhythm, no ST elevation", status: "done" },
      { procedure: "urinalysis", snippet: "nitrite positive, leucocytes 2+", status: "planned" },
      { procedure: "chest X-ray", snippet: "no effusion, subtle basal shadowing", status: "requested" },
      { procedure: "blood cultures", snippet: "two sets taken before antibiotics", status: "done" },
      { procedure: "cannula", snippet: "peripheral access placed and flushed", status: "done" },
      { procedure: "capillary glucose", snippet: "raised, recheck arranged", status: "done" },
    ],
    medication_orders: ["1 tablet twice daily", "as needed, max 3 per day", "stop NSAID", "restart after repeat bloods", "first dose given in ED", "adjust dose to eGFR"],
    clinical_phrases: ["no red flag symptoms", "safety-netting advice given", "low threshold for review", "clinically stable", "observations to continue", "plan agreed with supervisor"],
  },
  {
    name: "chronic follow-up",
    timeframes: ["over the last 3 months", "since the last review", "for several years", "since the dose change", "over the winter", "since discharge"],
    severity: ["stable", "slowly progressive", "improving", "well controlled", "poorly controlled", "variable"],
    abbreviations: [
      { abbreviation: "HbA1c", expanded: "glycated haemoglobin", context: "diabetes" },
      { abbreviation: "eGFR", expanded: "estimated glomerular filtration rate", context: "renal" },
      { abbreviation: "LDL", expanded: "low-density lipoprotein", context: "lipids" },
      { abbreviation: "FU", expanded: "follow-up", context: "plan" },
      { abbreviation: "MDT", expanded: "multidisciplinary team", context: "plan" },
      { abbreviation: "PRN", expanded: "as needed", context: "medication" },
    ],
    numeric_findings: [f("HbA1c", "58", "mmol/mol", "above target"), f("eGFR", "52", "mL/min/1.73m2", "CKD stage 3a"), f("LDL", "2.9", "mmol/L", "above target"), f("potassium", "5.1", "mmol/L", "upper normal"), f("TSH", "4.8", "mU/L", "mildly raised"), f("haemoglobin", "118", "g/L", "mild anaemia")],
    vitals: [f("BP", "136/82", "mmHg", "acceptable"), f("weight", "84.2", "kg", "stable"), f("BMI", "29.1", "kg/m2", "overweight"), f("HR", "68", "bpm", "regular"), f("SpO2", "97", "%", "normal"), f("waist", "102", "cm", "raised")],
    comorbidities: ["type 2 diabetes", "CKD stage 3", "atrial fibrillation", "COPD GOLD 2", "osteoarthritis of both knees", "depression in remission"],
    procedure_snippets: [
      { procedure: "echocardiogram", snippet: "LVEF 55%, no significant valve disease", status: "done" },
      { procedure: "spirometry", snippet: "FEV1/FVC 0.62, FEV1 71% predicted", status: "done" },
      { procedure: "foot check", snippet: "monofilament sensation intact", status: "done" },
      { procedure: "retinal screening", snippet: "background retinopathy only", status: "booked" },
      { procedure: "Holter monitor", snippet: "paroxysmal AF, max 24 h burden 8%", status: "reviewed" },
      { procedure: "DEXA scan", snippet: "T-score -2.7 at the femoral neck", status: "requested" },
    ],
    medication_orders: ["titrate weekly", "half dose for 5 days", "continue current dose", "take with food", "review in 6 weeks", "reduce to once daily"],
    clinical_phrases: ["shared decision making", "functional goals discussed", "adherence reviewed", "lifestyle advice reinforced", "no new concerns", "patient understands the plan"],
  },
];

export interface HardNegatives {
  drugs: readonly string[];
  eponyms: readonly string[];
  scores: readonly string[];
  devices: readonly string[];
  codes: readonly string[];
}

export const HARD_NEGATIVES: Record<"nl" | "en", HardNegatives> = {
  nl: {
    drugs: ["paracetamol 1 g 4x/d", "bisoprolol 2,5 mg 1-0-0", "apixaban 5 mg 2x/d", "furosemide 40 mg iv", "amoxicilline-clavulaanzuur 875/125 mg 3x/d", "metformine 850 mg 2x/d", "pantoprazol 40 mg 1x/d", "atorvastatine 40 mg 0-0-1", "tramadol 50 mg max 4x/d", "clopidogrel 75 mg", "insuline glargine 18 E 's avonds", "levothyroxine 75 µg nuchter", "dafalgan 1 g", "Augmentin 1 g iv 3x/d", "Marcoumar volgens INR", "Sintrom 4 mg", "Contramal 50 mg", "Motilium 10 mg", "Perdolan 500 mg"],
    eponyms: ["ziekte van Parkinson", "ziekte van Crohn", "dementie van het Alzheimer-type", "lymfoom van Hodgkin", "syndroom van Cushing", "ziekte van Graves", "thyreoïditis van Hashimoto", "Barrett-slokdarm", "syndroom van Sjögren", "fenomeen van Raynaud", "parese van Bell", "Guillain-Barré", "contractuur van Dupuytren", "cyste van Baker", "teken van Babinski", "proef van Lasègue", "teken van Murphy", "ziekte van Ménière", "fractuur van Colles", "ziekte van Osgood-Schlatter"],
    scores: ["GCS 15", "GCS E4M6V5", "NYHA II", "CHA2DS2-VASc 3", "HAS-BLED 2", "Wells-score 4", "MMSE 24/30", "VAS 7/10", "Katz-score 12", "APGAR 9/10", "Child-Pugh B", "ASA 3", "Karnofsky 70%", "ECOG 1", "CURB-65 2", "Braden 14", "TNM pT2N0M0", "Fontaine IIb", "BI-RADS 2", "Gleason 3+4"],
    devices: ["12-afleidingen-ECG", "Holter 24u", "CPAP-toestel", "PICC-lijn", "DJ-stent", "Port-a-Cath", "ICD-lead V2", "NIBP-meting", "Venflon 20G", "CH 16 blaassonde", "Hartmonitor kanaal 3", "Infuuspomp B", "VAC-therapie 125 mmHg", "Insulinepomp met CGM"],
    codes: ["ICD-10 I48.0", "C5-C6", "L4-L5", "T12", "segment S6", "graad 2", "stadium IIIA", "fase 3", "kamer 3", "bed 2"],
  },
  en: {
    drugs: ["paracetamol 1 g QDS", "bisoprolol 2.5 mg OD", "apixaban 5 mg BD", "furosemide 40 mg IV", "co-amoxiclav 625 mg TDS", "metformin 500 mg BD", "omeprazole 20 mg OD", "atorvastatin 40 mg nocte", "tramadol 50 mg PRN", "clopidogrel 75 mg", "insulin glargine 18 units at night", "levothyroxine 75 mcg", "Tylenol 650 mg q6h", "Lasix 40 mg PO", "Eliquis 5 mg BID", "Zofran 4 mg IV PRN", "Coumadin per INR", "Norco 5/325 q4h PRN"],
    eponyms: ["Parkinson's disease", "Crohn's disease", "Alzheimer's dementia", "Hodgkin lymphoma", "Cushing's syndrome", "Graves' disease", "Hashimoto's thyroiditis", "Barrett's oesophagus", "Sjögren's syndrome", "Raynaud's phenomenon", "Bell's palsy", "Guillain-Barré syndrome", "Dupuytren's contracture", "Baker's cyst", "Babinski sign", "Murphy's sign", "Colles fracture", "Ménière's disease", "Osgood-Schlatter disease", "Wilson's disease"],
    scores: ["GCS 15", "GCS E4M6V5", "NYHA class II", "CHA2DS2-VASc 3", "HAS-BLED 2", "Wells score 4", "MoCA 24/30", "pain 7/10", "NEWS2 5", "APGAR 9/10", "Child-Pugh B", "ASA 3", "Karnofsky 70%", "ECOG 1", "CURB-65 2", "Waterlow 14", "TNM pT2N0M0", "Rockall 3", "BI-RADS 2", "Gleason 3+4"],
    devices: ["12-lead ECG", "24 h Holter", "CPAP machine", "PICC line", "JJ stent", "Port-a-Cath", "ICD lead V2", "NIBP cuff", "20G cannula", "16 Ch catheter", "telemetry channel 3", "infusion pump B", "VAC dressing at 125 mmHg", "insulin pump with CGM"],
    codes: ["ICD-10 I48.0", "C5-C6", "L4-L5", "T12", "segment 6", "grade 2", "stage IIIA", "phase 3", "bay 3", "bed 2"],
  },
};

export function pickPool(prng: Prng, english: boolean): ClinicalPool {
  return prng.pick(english ? ENGLISH_POOLS : dutchClinicalPools());
}
