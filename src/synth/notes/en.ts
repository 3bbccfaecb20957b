// English note templates; US and UK conventions differ in headings, identifiers and spelling.
import { blank, say, sayOne, type NoteCtx, type NoteType } from "./context.js";
import { notesIn, type NoteWording } from "./skeleton.js";

const HISTORY = [
  "Presented with {severity} shortness of breath {timeframe}.",
  "Reports {severity} pain {timeframe}; {phrase}.",
  "Known {eponym}, stable on {drug}.",
  "Increasing fatigue since {pastDate}.",
  "Previous admission to {hosp2} on {pastDate} with {comorb}.",
  "Symptoms started {timeframe} after returning from {place}.",
  "No fever but {severity} cough {timeframe}.",
  "{ptTitle} {ptFamily} states the symptoms began after a fall at home.",
  "Collateral history from {rel}.",
  "Referred by {gp} with {comorb}.",
];

const EXAM = [
  "{vital}, {vital}, {vital}.",
  "On examination: {vital}. {score}.",
  "Heart sounds normal, no murmur. Chest: {phrase}.",
  "{abbr} unremarkable. {vital}.",
  "Neuro: {score}, {eponym} not elicited.",
  "Abdomen soft, {eponym} negative.",
];

const TECH = ["Bloods: {lab}, {lab}, {lab}.", "{proc}.", "{proc}. {lab}.", "Monitored on {device}.", "ECG: sinus rhythm 72/min, {code}.", "{lab} (previous value {pastDate})."];

const CONCLUSION = [
  "Impression: {comorb}, {severity}.",
  "Assessment: exacerbation of known {comorb}. {phrase}.",
  "Differential includes {eponym}; {phrase}.",
  "Clinically improved with treatment. {phrase}.",
];

const PLAN = [
  "Follow-up in {dr2}'s clinic on {futDate}.",
  "Review on {futDate} with {drPlain}.",
  "Ongoing care with {gp}.",
  "{medorder}. {phrase}.",
  "Queries: ext. {intPhone} or {drEmail}.",
  "District nurse arranged; contact {rel} ({relPhone}).",
  "Pacemaker ({device}, serial no. {serial}) followed up at {hosp2}.",
];

const SOCIAL = [
  "Lives with {rel} in {ptCity}.",
  "Occupation: {job} at {employer}.",
  "Works as a {job}. Hobbies: {hobby}.",
  "{job}, lives alone, {rel} visits daily.",
  "Still drives (registration {plate}); DVLA advice given.",
  "Main carer is {rel}, contactable on {relPhone}.",
];

const MODALITIES = ["CT chest", "Chest X-ray PA", "MRI brain", "Ultrasound abdomen", "CT abdomen/pelvis with contrast", "MRI lumbar spine", "Venous Doppler lower limbs"];

function english(us: boolean): NoteWording {
  const idLine = (c: NoteCtx): string =>
    us ? (c.prng.chance(0.5) ? "MRN: {mrn}" : "MRN {mrn}  SSN {nid}") : c.prng.chance(0.5) ? "NHS No: {nid}" : "Hospital No: {mrn}  NHS No: {nid}";
  return {
    history: HISTORY,
    exam: EXAM,
    tech: TECH,
    conclusion: CONCLUSION,
    plan: PLAN,
    social: SOCIAL,
    letterhead: {
      department: () => (us ? "Department of {specialty}\n" : "{specialty} Department\n"),
      contact: ["Tel: {hospPhone}  Fax: {hospFax}\n", "T {hospPhone} | F {hospFax} | {hospUrl}\n", "Phone {hospPhone}\n", "{hospUrl}\n"],
    },
    patientBlock: (c) => {
      const style = c.prng.int(0, 3);
      if (style === 0) {
        say(c, `Re: {ptTitle} {pt}, DOB {dob}, ${idLine(c)}\n`);
      } else if (style === 1) {
        say(c, "Patient: {ptFull}\nDate of birth: {dob}\n");
        say(c, `${idLine(c)}\n`);
        if (c.prng.chance(0.6)) say(c, "Address: {ptAddr}\n");
        if (c.prng.chance(0.4)) say(c, "Phone: {ptMobile}\n");
      } else if (style === 2) {
        say(c, `Name | {ptFull}\nDOB | {dob}\n${us ? "MRN | {mrn}" : "NHS | {nid}"}\n`);
      } else {
        say(c, "RE: {ptFull}, {age}, of {ptAddr}\n");
      }
      blank(c);
    },
    salutation: (c) => sayOne(c, ["Dear Colleague,\n\n", "Dear {gp},\n\n", "Dear Doctor,\n\n", "To whom it may concern,\n\n"]),
    signature: {
      closings: () => ["Yours sincerely,\n", "Kind regards,\n", "Best regards,\n", "Sincerely,\n"],
      role: () => (us ? "Attending, {specialty}\n" : "Consultant in {specialty}\n"),
      licence: () => (us ? "NPI {drId}\n" : "GMC {drId}\n"),
    },
    discharge: {
      addressee: "To: {gp}\n{gpPractice}\n{gpAddrWrap}\n\n",
      dated: ["Date: {docDate}\n\n", "Dictated {docDate}\n\n"],
      salutationSometimes: true,
      intro: [
        "Your patient {ptTitle} {pt}, {age}, was admitted under our care from {admDate} to {disDate}.",
        "{ptTitle} {pt} ({age}) was an inpatient on our ward between {admDate} and {disDate}.",
        "We saw {pt}, a {age} {job}, during an admission from {admDate} to {disDate}.",
        "Admitted {admDateTime} via the emergency department, discharged {disDate}.",
      ],
      pastHistory: ["{comorb}", "{eponym}", "{pastDate}: {proc}", "{comorb} ({pastDate})", "{code}", "Surgery at {hosp2} ({pastDate})"],
      headings: {
        history: us ? "History of present illness" : "Presenting complaint",
        pastHistory: "Past medical history",
        social: "Social history",
        exam: "Examination",
        tech: "Investigations",
        diagnosis: "Diagnosis",
        meds: us ? "Discharge medications" : "Medication on discharge",
        plan: "Plan",
      },
    },
    consultation: {
      title: (c) => sayOne(c, ["Clinic visit {docDate} - {dr}\n\n", "OUTPATIENT CONSULTATION {specialty} ({docDate})\n\n", "Seen on {docDate}\nClinician: {dr}\n\n"]),
      headings: { reason: "Reason for visit", social: "Social history", exam: "Examination", assessment: "Assessment", plan: "Plan" },
    },
    nursing: {
      titles: ["Nursing note - {admDateTime}\n", "NURSING RECORD bay {nurseWard}\nDate: {docDate}\n", "Handover {docDate} (night shift)\n", "Entry by {nurse}, {docDate}\n"],
      patient: ["Pt: {pt} ({age}), MRN {mrn}\n\n", "Patient {pt}, bed {nurseWard}\n\n"],
      items: [
        "{vital}, {vital}",
        "ADLs: assisted with washing, {phrase}",
        "pain score {score}",
        "visited by {rel}",
        "{rel} updated by phone ({relPhone})",
        "{medorder}",
        "{drug} given at 14:00",
        "wound care: {proc}",
        "on-call doctor ({dr2}) informed",
        "diet: {phrase}",
        "{device} checked",
        "mobilised with physio, {severity}",
        "discussed with {nurse}",
        "discharge planned {futDate}, transport by {rel}",
      ],
      signed: ["Signed: {nurse}\n", "Signed {nurse} / responsible physician {drPlain}\n"],
    },
    referral: {
      phone: ["Tel {gpPhone}\n\n", `Tel {gpPhone} - ${us ? "NPI" : "GMC"} {gpId}\n\n`],
      addressee: ["To: {dr}, {specialty}, {hosp}\n", "To {dr}\n{hosp}\n{hospAddrWrap}\n"],
      dated: "Date: {docDate}\n\n",
      patient: ["Re: {pt}, DOB {dob}, {ptAddr}, mobile {ptMobile}\n\n", "Patient: {ptFull} ({age})\nAddress: {ptAddrWrap}\nPhone: {ptPhone}\n\n"],
      intro: [
        "Thank you for seeing {ptTitle} {pt} ({age}) regarding {comorb}.",
        "I would be grateful for your opinion on {pt}, {age}, who has {comorb}.",
        "I am referring {pt} for further assessment of {comorb}.",
      ],
      medsHeading: "Current medication",
      closings: ["Many thanks.\n", "Thank you for your help.\n", "Kind regards,\n"],
    },
    lab: {
      titles: ["LABORATORY MEDICINE {hosp}\n", "Clinical Chemistry - {hosp}\n", us ? "Lab Results\n{hosp}\n" : "Pathology Report\n{hosp}\n"],
      patient: `Patient: {ptFull}   DOB: {dob}   ${us ? "MRN: {mrn}" : "NHS: {nid}"}\n`,
      requester: "Requested by: {dr2}\n",
      collected: "Collected: {admDateTime}\n\n",
      columns: ["Test", "Result", "Units", "Flag"],
      lastColumn: (c) => c.prng.pick(["", "H", "L", "N"]),
      comments: ["Comment: {phrase}.\n", "Interpretation: {lab} ({severity}).\n", "Note: sample haemolysed, {phrase}.\n", "Compare with {pastDate}: {lab}.\n"],
      validated: ["Authorised by {dr}, clinical scientist\n", "Validated: {dr} ({docDate})\n"],
    },
    radiology: {
      titles: ["Diagnostic Imaging - {hosp}\n", "DEPARTMENT OF RADIOLOGY\n{hosp}\n", "Radiology Report\n"],
      examLabel: "Exam",
      modalities: MODALITIES,
      examDate: "Exam date: {docDate}\n",
      requester: ["Requested by: {dr2}\n", "Referrer: {gp}\n"],
      patient: ["Patient: {pt} ({age}) - {mrn}\n\n", "{ptFull}, DOB {dob}\n\n"],
      headings: { indication: us ? "Indication" : "Clinical details", findings: "Findings", conclusion: us ? "Impression" : "Conclusion" },
      indications: ["{comorb}. {timeframe}.", "Follow-up after {proc}.", "Exclude {eponym}.", "{severity} pain {timeframe}."],
      findings: [
        "{proc}.",
        "Comparison is made with the prior study of {pastDate} ({hosp2}).",
        "No pleural effusion.",
        "Lesion at {code}, 12 x 8 mm.",
        "Post placement of {device}.",
        "No focal abnormality.",
        "Pacemaker in situ, serial {serial}.",
      ],
      signed: ["Reported by {dr}\n", "{dr}, radiologist - ext. {intPhone}\n"],
    },
  };
}

const US = english(true);
const UK = english(false);

export const ENGLISH_NOTES: Record<NoteType, (c: NoteCtx) => void> = notesIn((c) => (c.w.region === "US" ? US : UK));
