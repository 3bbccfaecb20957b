// English note templates; US and UK conventions differ in headings, identifiers and spelling.
import { blank, header, list, say, sayOne, saySome, type NoteCtx, type NoteType } from "./context.js";

const us = (c: NoteCtx): boolean => c.w.region === "US";

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

const MEDS = ["{drug}", "{drug}", "{drug} ({medorder})", "{drug}, {medorder}"];

function letterhead(c: NoteCtx): void {
  say(c, "{hosp}\n");
  if (c.prng.chance(0.7)) say(c, us(c) ? "Department of {specialty}\n" : "{specialty} Department\n");
  say(c, c.prng.chance(0.6) ? "{hospAddrWrap}\n" : "{hospAddr}\n");
  sayOne(c, ["Tel: {hospPhone}  Fax: {hospFax}\n", "T {hospPhone} | F {hospFax} | {hospUrl}\n", "Phone {hospPhone}\n", "{hospUrl}\n"]);
  blank(c);
}

function idLine(c: NoteCtx): string {
  return us(c) ? (c.prng.chance(0.5) ? "MRN: {mrn}" : "MRN {mrn}  SSN {nid}") : c.prng.chance(0.5) ? "NHS No: {nid}" : "Hospital No: {mrn}  NHS No: {nid}";
}

function patientBlock(c: NoteCtx): void {
  const style = c.prng.int(0, 3);
  if (style === 0) {
    say(c, `Re: {ptTitle} {pt}, DOB {dob}, ${idLine(c)}\n`);
  } else if (style === 1) {
    say(c, "Patient: {ptFull}\nDate of birth: {dob}\n");
    say(c, `${idLine(c)}\n`);
    if (c.prng.chance(0.6)) say(c, "Address: {ptAddr}\n");
    if (c.prng.chance(0.4)) say(c, "Phone: {ptMobile}\n");
  } else if (style === 2) {
    say(c, `Name | {ptFull}\nDOB | {dob}\n${us(c) ? "MRN | {mrn}" : "NHS | {nid}"}\n`);
  } else {
    say(c, "RE: {ptFull}, {age}, of {ptAddr}\n");
  }
  blank(c);
}

function salutation(c: NoteCtx): void {
  sayOne(c, ["Dear Colleague,\n\n", "Dear {gp},\n\n", "Dear Doctor,\n\n", "To whom it may concern,\n\n"]);
}

function signature(c: NoteCtx): void {
  blank(c);
  c.b.text(c.prng.pick(["Yours sincerely,\n", "Kind regards,\n", "Best regards,\n", "Sincerely,\n"]));
  say(c, "{dr}\n");
  if (c.prng.chance(0.6)) say(c, us(c) ? "Attending, {specialty}\n" : "Consultant in {specialty}\n");
  if (c.prng.chance(0.6)) say(c, us(c) ? "NPI {drId}\n" : "GMC {drId}\n");
  if (c.prng.chance(0.3)) say(c, "{drEmail}\n");
  if (c.prng.chance(0.4)) say(c, "cc: {gp}" + (c.prng.chance(0.5) ? ", {gpPractice}\n" : "\n"));
}

function discharge(c: NoteCtx): void {
  letterhead(c);
  if (c.prng.chance(0.6)) say(c, "To: {gp}\n{gpPractice}\n{gpAddrWrap}\n\n");
  say(c, c.prng.chance(0.5) ? "Date: {docDate}\n\n" : "Dictated {docDate}\n\n");
  patientBlock(c);
  if (c.prng.chance(0.6)) salutation(c);
  sayOne(c, [
    "Your patient {ptTitle} {pt}, {age}, was admitted under our care from {admDate} to {disDate}.",
    "{ptTitle} {pt} ({age}) was an inpatient on our ward between {admDate} and {disDate}.",
    "We saw {pt}, a {age} {job}, during an admission from {admDate} to {disDate}.",
    "Admitted {admDateTime} via the emergency department, discharged {disDate}.",
  ]);
  c.b.text("\n\n");
  header(c, us(c) ? "History of present illness" : "Presenting complaint");
  saySome(c, HISTORY, 2, 4);
  c.b.text("\n\n");
  header(c, "Past medical history");
  list(c, c.prng.sample(["{comorb}", "{eponym}", "{pastDate}: {proc}", "{comorb} ({pastDate})", "{code}", "Surgery at {hosp2} ({pastDate})"], c.prng.int(2, 4)));
  blank(c);
  if (c.prng.chance(0.6)) {
    header(c, "Social history");
    saySome(c, SOCIAL, 1, 3);
    c.b.text("\n\n");
  }
  header(c, "Examination");
  saySome(c, EXAM, 1, 3);
  c.b.text("\n\n");
  header(c, "Investigations");
  saySome(c, TECH, 1, 3, "\n");
  c.b.text("\n\n");
  header(c, "Diagnosis");
  sayOne(c, CONCLUSION);
  c.b.text("\n\n");
  header(c, us(c) ? "Discharge medications" : "Medication on discharge");
  list(c, c.prng.sample(MEDS, c.prng.int(2, 4)));
  blank(c);
  header(c, "Plan");
  saySome(c, PLAN, 1, 3, "\n");
  c.b.text("\n");
  signature(c);
}

function consultation(c: NoteCtx): void {
  if (c.prng.chance(0.5)) letterhead(c);
  sayOne(c, ["Clinic visit {docDate} - {dr}\n\n", "OUTPATIENT CONSULTATION {specialty} ({docDate})\n\n", "Seen on {docDate}\nClinician: {dr}\n\n"]);
  patientBlock(c);
  const soap = c.prng.chance(0.4);
  header(c, soap ? "S" : "Reason for visit");
  saySome(c, HISTORY, 1, 3);
  c.b.text("\n\n");
  if (c.prng.chance(0.5)) {
    header(c, "Social history");
    saySome(c, SOCIAL, 1, 3);
    c.b.text("\n\n");
  }
  header(c, soap ? "O" : "Examination");
  saySome(c, EXAM, 1, 2);
  c.b.text(" ");
  saySome(c, TECH, 0, 2);
  c.b.text("\n\n");
  header(c, soap ? "A" : "Assessment");
  sayOne(c, CONCLUSION);
  c.b.text("\n\n");
  header(c, soap ? "P" : "Plan");
  saySome(c, PLAN, 1, 2, "\n");
  c.b.text("\n");
  if (c.prng.chance(0.6)) signature(c);
}

function nursing(c: NoteCtx): void {
  sayOne(c, ["Nursing note - {admDateTime}\n", "NURSING RECORD bay {nurseWard}\nDate: {docDate}\n", "Handover {docDate} (night shift)\n", "Entry by {nurse}, {docDate}\n"]);
  say(c, c.prng.chance(0.5) ? "Pt: {pt} ({age}), MRN {mrn}\n\n" : "Patient {pt}, bed {nurseWard}\n\n");
  const items = [
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
  ];
  list(c, c.prng.sample(items, c.prng.int(3, 7)));
  blank(c);
  if (c.prng.chance(0.5)) say(c, c.prng.chance(0.5) ? "Signed: {nurse}\n" : "Signed {nurse} / responsible physician {drPlain}\n");
}

function referral(c: NoteCtx): void {
  say(c, "{gpPractice}\n");
  say(c, c.prng.chance(0.6) ? "{gpAddrWrap}\n" : "{gpAddr}\n");
  say(c, c.prng.chance(0.5) ? "Tel {gpPhone}\n\n" : `Tel {gpPhone} - ${us(c) ? "NPI" : "GMC"} {gpId}\n\n`);
  say(c, c.prng.chance(0.5) ? "To: {dr}, {specialty}, {hosp}\n" : "To {dr}\n{hosp}\n{hospAddrWrap}\n");
  say(c, "Date: {docDate}\n\n");
  sayOne(c, ["Re: {pt}, DOB {dob}, {ptAddr}, mobile {ptMobile}\n\n", "Patient: {ptFull} ({age})\nAddress: {ptAddrWrap}\nPhone: {ptPhone}\n\n"]);
  salutation(c);
  sayOne(c, [
    "Thank you for seeing {ptTitle} {pt} ({age}) regarding {comorb}.",
    "I would be grateful for your opinion on {pt}, {age}, who has {comorb}.",
    "I am referring {pt} for further assessment of {comorb}.",
  ]);
  c.b.text(" ");
  saySome(c, HISTORY, 1, 3);
  c.b.text("\n\n");
  header(c, "Current medication");
  list(c, c.prng.sample(MEDS, c.prng.int(1, 4)));
  blank(c);
  if (c.prng.chance(0.5)) {
    saySome(c, SOCIAL, 1, 2);
    c.b.text("\n\n");
  }
  c.b.text(c.prng.pick(["Many thanks.\n", "Thank you for your help.\n", "Kind regards,\n"]));
  blank(c);
  say(c, "{gp}\n");
}

function lab(c: NoteCtx): void {
  sayOne(c, ["LABORATORY MEDICINE {hosp}\n", "Clinical Chemistry - {hosp}\n", us(c) ? "Lab Results\n{hosp}\n" : "Pathology Report\n{hosp}\n"]);
  if (c.prng.chance(0.5)) say(c, "{hospAddr} - tel {hospPhone}\n");
  blank(c);
  say(c, `Patient: {ptFull}   DOB: {dob}   ${us(c) ? "MRN: {mrn}" : "NHS: {nid}"}\n`);
  say(c, "Requested by: {dr2}\n");
  say(c, "Collected: {admDateTime}\n\n");
  const sep = c.prng.pick([" | ", "\t", "   "]);
  c.b.text(["Test", "Result", "Units", "Flag"].join(sep) + "\n");
  const rows = c.prng.sample([...c.pool.numeric_findings, ...c.pool.vitals.filter((v) => /\d/.test(v.value))], c.prng.int(3, 7));
  for (const r of rows) c.b.text([r.name, r.value, r.unit || "-", c.prng.pick(["", "H", "L", "N"])].join(sep) + "\n");
  blank(c);
  sayOne(c, ["Comment: {phrase}.\n", "Interpretation: {lab} ({severity}).\n", "Note: sample haemolysed, {phrase}.\n", "Compare with {pastDate}: {lab}.\n"]);
  if (c.prng.chance(0.7)) say(c, c.prng.chance(0.5) ? "Authorised by {dr}, clinical scientist\n" : "Validated: {dr} ({docDate})\n");
}

const MODALITIES = ["CT chest", "Chest X-ray PA", "MRI brain", "Ultrasound abdomen", "CT abdomen/pelvis with contrast", "MRI lumbar spine", "Venous Doppler lower limbs"];

function radiology(c: NoteCtx): void {
  sayOne(c, ["Diagnostic Imaging - {hosp}\n", "DEPARTMENT OF RADIOLOGY\n{hosp}\n", "Radiology Report\n"]);
  c.b.text(`Exam: ${c.prng.pick(MODALITIES)}\n`);
  say(c, "Exam date: {docDate}\n");
  say(c, c.prng.chance(0.5) ? "Requested by: {dr2}\n" : "Referrer: {gp}\n");
  say(c, c.prng.chance(0.5) ? "Patient: {pt} ({age}) - {mrn}\n\n" : "{ptFull}, DOB {dob}\n\n");
  header(c, us(c) ? "Indication" : "Clinical details");
  sayOne(c, ["{comorb}. {timeframe}.", "Follow-up after {proc}.", "Exclude {eponym}.", "{severity} pain {timeframe}."]);
  c.b.text("\n\n");
  header(c, "Findings");
  saySome(c, ["{proc}.", "Comparison is made with the prior study of {pastDate} ({hosp2}).", "No pleural effusion.", "Lesion at {code}, 12 x 8 mm.", "Post placement of {device}.", "No focal abnormality.", "Pacemaker in situ, serial {serial}."], 2, 4);
  c.b.text("\n\n");
  header(c, us(c) ? "Impression" : "Conclusion");
  sayOne(c, CONCLUSION);
  c.b.text("\n\n");
  say(c, c.prng.chance(0.5) ? "Reported by {dr}\n" : "{dr}, radiologist - ext. {intPhone}\n");
}

export const ENGLISH_NOTES: Record<NoteType, (c: NoteCtx) => void> = { discharge, consultation, nursing, referral, lab, radiology };
