// Identifiers after their cue words (insurance, policy, member, account, MRN, SSN, NPI, ...), "#12345", phone and
// fax numbers after a phone cue (any area code) or in an unmistakable shape, e-mail, URLs, domains and IP addresses.
// Every regex is anchored at a cue or a character class and bounded, so each scan is linear in the text.
import { isValidNhsNumber, type Label } from "../../../src/contract/index.js";
import { groupMatches, type Candidate } from "./candidates.js";

const SEP = String.raw`(?:\s{0,3}(?:[:#=\-–]|\bis\b|\bwas\b|\bof\b|\bnumber\b|\bnum\b|\bno\b\.?|\bnr\b\.?|\bid\b|\bon file\b|\bending(?: in)?\b|\blisted as\b|\breads\b)){0,3}\s{0,3}`;

// Cue words, longest forms first inside each alternation. Strong cues admit any value with a digit; weak cues
// (generic nouns) need at least four digits.
const PATIENT_STRONG = [
  String.raw`insurance(?:\s+(?:policy|member|plan|card|subscriber))?(?:\s+(?:id|number|no\.?|#))?`,
  String.raw`policy(?:\s+(?:holder\s+)?(?:id|number|no\.?|#))?`,
  String.raw`member(?:ship)?(?:\s+(?:id|number|no\.?|#))?`,
  String.raw`subscriber(?:\s+(?:id|number|no\.?|#))?`,
  String.raw`medicaid(?:\s+(?:id|number|no\.?|#))?`,
  String.raw`medicare(?:\s+(?:beneficiary\s+)?(?:id|number|no\.?|#))?`,
  String.raw`(?:mbi|hicn|hic)`,
  String.raw`(?:medical\s+)?record(?:\s+(?:number|no\.?|#))`,
  String.raw`mrn|mr\s?#|mr\s+(?:number|no\.?)`,
  String.raw`chart(?:\s+(?:number|no\.?|#|id))`,
  String.raw`(?:patient|pt)\s*(?:id|number|no\.?|#|identifier)`,
  String.raw`(?:encounter|visit|admission|account|acct|claim|case|episode|referral|billing)\s*(?:id|number|no\.?|#)`,
  String.raw`(?:fin|csn|har|empi|cpi|eid)`,
  String.raw`accession(?:\s+(?:number|no\.?|#))?`,
  String.raw`acc(?:n|t)?\s?(?:#|no\.?|number)|accn`,
  String.raw`(?:path(?:ology)?|lab|cytology|histology|biopsy|radiology|imaging|rad)\s*(?:#|no\.?|number|accession|case|id|ref)`,
  String.raw`specimen(?:\s+(?:id|number|no\.?|#))?`,
  String.raw`(?:nhs|chi|hospital|hosp|unit|ur|uhid)\s+(?:number|no\.?|#|id)`,
  String.raw`nhs|chi|ihi|ssn?`,
  // Outside the US and the UK: Irish PPS, Canadian SIN and provincial health cards (OHIP, RAMQ, MSP, AHCIP),
  // Australian IHI and DVA, New Zealand NHI, Indian Aadhaar and PAN, UK National Insurance.
  String.raw`pps(?:n|\s+(?:number|no\.?|#))?|sin(?=\s*(?:#|:|number|no))|social\s+insurance(?:\s+(?:number|no\.?|#))?|ohip|ramq|ahcip|msp(?=\s*(?:#|:|number|no))|health\s+card(?:\s+(?:number|no\.?|#))?|dva(?:\s+(?:number|no\.?|#|file))?|nhi|aadhaa?r|pan(?=\s*(?:#|:|number|no|card))|national\s+insurance(?:\s+(?:number|no\.?|#))?|ni\s+(?:number|no\.?)|nino`,
  String.raw`(?:portal|mychart|patient\s+portal|login|user(?:name)?|account)\s+(?:user(?:name)?|login|id|account|handle)`,
  String.raw`(?:employee|staff|badge)\s*(?:id|number|no\.?|#)`,
  // Medi-Cal's client index number, a care home's resident number: "CIN 91827364A", "Facility resident #: MM-20417".
  String.raw`cin(?=\s*(?:#|:|\d))|resident\s*(?:id|number|no\.?|#)`,
  String.raw`driver'?s?\s+licen[cs]e(?:\s+(?:number|no\.?|#))?`,
  String.raw`licen[cs]e\s+(?:plate|number|no\.?|#)`,
  String.raw`passport(?:\s+(?:number|no\.?|#))?`,
  String.raw`(?:group|plan|rx\s*bin|rx\s*pcn|rx\s*group|pcn|bin)\s*(?:id|number|no\.?|#)`,
  String.raw`(?:authorization|auth|prior\s+auth|confirmation|reference|ref|tracking|order|requisition)\s*(?:id|number|no\.?|#)`,
  String.raw`(?:identification|id)\s*(?:number|no\.?|#)`,
  String.raw`(?:blue\s*cross|bcbs|aetna|cigna|humana|united\s*healthcare|uhc|kaiser|anthem|tricare)(?:\s+(?:id|number|no\.?|#|member\s+id|policy))?`,
];
const PATIENT_WEAK = [
  String.raw`insurance|policy|member|account|acct|claim|case|plan|group|record|chart|id|ref|auth|authorization|encounter|visit|license|licence|(?<!\/)dl|plate|badge`,
];
const SSN_CUES = String.raw`ssn|ss\s?#|ss\s+(?:number|no\.?)|social\s+security(?:\s+(?:number|no\.?|#|card))?|social(?=\s*[:#])|last\s+(?:4|four)\s+(?:of\s+)?(?:the\s+)?(?:ssn|social)|ssn\s+last\s+(?:4|four)`;
const CAREGIVER_CUES = String.raw`npi(?:\s+(?:number|no\.?|#))?|dea(?:\s+(?:number|no\.?|#))?|upin|gmc(?:\s+(?:number|no\.?))?|gphc(?:\s+(?:number|no\.?|reg(?:istration)?))?|gdc(?:\s+(?:number|no\.?))?|nmc(?:\s+pin)?|hcpc(?:\s+(?:number|no\.?))?|interpreter\s+(?:id|#|no\.?)|provider\s+(?:id|number|no\.?|#)|(?:medical\s+)?licen[cs]e\s+(?:for|of)\s+dr\.?|state\s+licen[cs]e|clia(?:\s+(?:id|number|no\.?|#))?|imc(?:\s+(?:number|no\.?|reg(?:istration)?))?|(?:[a-z]{2}\s+)?lic\.|mcrn|ahpra(?:\s+(?:number|no\.?))?|cpso(?:\s+(?:number|no\.?))?`;

// A value: starts with a letter or digit, up to 24 characters of letters, digits and inner - / . _, optional further
// digit groups after single spaces ("W 1234 5678").
const VALUE = String.raw`(#?[A-Za-z0-9](?:[A-Za-z0-9]|[-\/._](?=[A-Za-z0-9])){1,24}(?: (?=\d)[0-9](?:[0-9A-Za-z]|-(?=[0-9A-Za-z])){1,11}){0,3})`;

const NEXT_CUE = String.raw`(?:mbi|hicn|hic|mrn|nhs|chi|ssn|fin|csn|id|no|num|number|acct)\s`;

const UNIT_AFTER = /^\s{0,2}(?:mg|mcg|µg|ug|g|kg|ml|mL|l|L|cc|units?|iu|IU|mmhg|mmHg|%|bpm|mm|cm|in|days?|weeks?|months?|years?|yrs?|hours?|hrs?|min|minutes?|times|x\b|tabs?|pills?|doses?)\b/;

const NOT_PERSONAL_PREFIX = /^(?:NCT|IRB|ISRCTN|EUDRACT|ICD|CPT|NDC|LOT|LOINC|SNOMED|PMID|DOI|ISBN|ISSN|ATC|HCPCS|DRG|REC|IRAS)-?\d/i;

function digitCount(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) n++;
  }
  return n;
}

interface CueRule {
  re: RegExp;
  label: Label;
  minDigits: number;
  rule: string;
}

function cueRule(cues: string, label: Label, minDigits: number, rule: string): CueRule {
  // "Medicare MBI 1EG4-TE5-MK73": a second cue after the first is no value; it finds the value itself.
  return { re: new RegExp(String.raw`(?<![\p{L}\d])(?:${cues})(?![\p{L}])${SEP}(?!${NEXT_CUE})${VALUE}`, "giud"), label, minDigits, rule };
}

export interface IdentifierRules {
  cueRules: CueRule[];
  hashId: RegExp;
  shortContact: RegExp;
  bareId: RegExp;
  handle: RegExp;
  gluedExtension: RegExp;
  ssnShape: RegExp;
  ukPlate: RegExp;
  nino: RegExp;
  phoneCue: RegExp;
  phoneShapes: RegExp[];
  email: RegExp;
  url: RegExp;
  domain: RegExp;
  ipv4: RegExp;
}

const SPACED_TEN_DIGITS = /(?<![\d\p{L}.,\/:+\-#$£€=<>])(?<![\d.,\/:+\-=<>] )(\d{3}) (\d{3}) (\d{4})(?![\d\p{L}%]| ?[.,\/:\-]\d| ?\d| ?(?:mg|ml|mcg|g|kg|units?|iu|mmol|cells|copies)(?![\p{L}]))/gud;

export function compileIdentifierRules(): IdentifierRules {
  return {
    cueRules: [
      cueRule(SSN_CUES, "ID:Patient", 4, "ssn-cue"),
      cueRule(CAREGIVER_CUES, "ID:Caregiver", 4, "caregiver-id-cue"),
      cueRule(PATIENT_STRONG.join("|"), "ID:Patient", 2, "id-cue"),
      cueRule(PATIENT_WEAK.join("|"), "ID:Patient", 4, "id-weak-cue"),
      cueRule(String.raw`key\s?safe(?:\s+code)?|key\s+code|door\s+code|gate\s+code|access\s+code|entry\s+code|lock\s?box(?:\s+code)?|alarm\s+code`, "Anonymize_Other", 3, "access-code"),
      cueRule(String.raw`vin|collar\s+(?:number|no\.?|#)|shoulder\s+(?:number|no\.?)|serial(?:\s+(?:number|no\.?|#))?|s\/n|sn(?=\s{1,2}[A-Z]{0,4}\d)|device\s+(?:id|serial)|sort\s+code|licen[cs]e\s+plate|plate|registration(?:\s+(?:number|no\.?))?|mac\s+address`, "Anonymize_Other", 3, "device-cue"),
    ],
    // "#12345", "# 12345": at least four digits, or a letter-digit mix of five characters.
    hashId: /(?<![\p{L}\d&])#\s?(?=[A-Za-z0-9-]{4,20}(?![A-Za-z0-9]))([A-Za-z]{0,4}-?\d[A-Za-z0-9-]{3,19})/giud,
    // Identifiers by shape alone: capitals + digits ("LC-209114", "K00938127") or eight or more digits.
    bareId: /(?<![\p{L}\d\-\/.#])(?:[A-Z]{1,4}-?\d{5,12}|\d{8,14}|[A-Z]{1,5}\d{0,4}(?:-\d{2,10}){1,3})(?![\p{L}\d]|[.,\/\-]\d)/gud,
    handle: /(?<![\w@.])@([A-Za-z0-9_](?:[A-Za-z0-9_.]{1,28}[A-Za-z0-9_])?)(?![\w@]|\.[A-Za-z])/gd,
    gluedExtension: /(?<=[\p{L}.,)]\s{1,2})x(\d{4,5})(?![\p{L}\d])/gud,
    // Pager, bleep and extension numbers are short.
    shortContact: /(?<![\p{L}])(?:pager|pgr|bleep|beeper|ext|extension|x)\.?\s{0,2}(?:(?:me|him|her|us|them)\s{1,2}(?:on|at)\s{1,2})?(?:[:#]|no\.?|number)?\s{0,2}(\d{3,6}|\d-\d{4})(?![\d\/.,]\d|\d|\s?(?:mg|ml|units|days|times|%))/giud,
    // A UK National Insurance number with its suffix letter, compact or in pairs: "QQ123456C", "JT 44 81 22 B".
    nino: /(?<![\p{L}\d])[A-CEGHJ-TW-Z][A-CEGHJ-NP-TW-Z](?:\d{6}|\s\d{2}\s\d{2}\s\d{2}\s?)\s?[A-D](?![\p{L}\d])/gud,
    // A UK number plate, current format: "MX68 KTE".
    ukPlate: /(?<![\p{L}\d])[A-HJ-PR-Y][A-HJ-PR-Y](?:0[1-9]|[1-7]\d)\s[A-HJ-PR-Z]{3}(?![\p{L}\d])/gud,
    ssnShape: /(?<![\d\-\/.])(\d{3}-\d{2}-\d{4}|\d{3} \d{2} \d{4})(?![\d\-\/.]|\s\d)/gd,
    phoneCue: new RegExp(
      String.raw`(?<![\p{L}])(?:phone|ph|tel|telephone|tele|cell(?:\s?phone)?|mobile|mob|fax|facsimile|pager|pgr|beeper|landline|contact(?:\s+(?:number|no\.?|#|info|details))?|call(?:ed)?(?:\s+(?:back\s+)?(?:at|on))?|text(?:ed)?(?:\s+(?:at|on))?|reach(?:ed)?\s+(?:at|on)|home|work|office|daytime|evening|number|no\.?|#|whatsapp|hotline|helpline|switchboard|bleep|direct\s+line|(?<![\/&])[chwmfo](?=\s{0,2}[:)]))(?![\p{L}])(?:\s{0,3}(?:[:#=\-–.\/]|\(\w{1,8}\)|\bis\b|\bnumber\b|\bno\b\.?|\bat\b|\bon\b|\b[hwmcfo]\b)){0,3}\s{0,3}((?:\+|00)?\(?\d{1,5}\)?(?:[ .\-\/]{1,2}\(?\d{1,6}\)?){0,5}(?:\s{0,2}(?:x|ext\.?|extension)\s{0,2}\d{1,6})?)`,
      "giud",
    ),
    phoneShapes: [
      /(?<![\d\-\/.])(?:\+?1[\s.\-]?)?\(\d{3}\)\s?\d{3}[\s.\-]\d{4}(?![\d\-\/.]\d)(?:\s{0,2}(?:x|ext\.?)\s{0,2}\d{1,6})?/gd,
      /(?<![\d\-\/.])(?:\+?1[\s.\-])?\d{3}([.\-])\d{3}\1\d{4}(?![\d\/]|[\-.]\d)(?:\s{0,2}(?:x|ext\.?)\s{0,2}\d{1,6})?/gd,
      /(?<![\d\-\/.])\+\d{1,3}[\s.\-]?\(?\d{1,4}\)?(?:[\s.\-]?\d{2,4}){2,4}(?![\d\-\/.]\d)/gd,
      /(?<![\d\-\/.])0\d{2,4}[\s\-]\d{3,4}[\s\-]?\d{3,4}(?![\d\-\/.]\d)/gd,
    ],
    email: /(?<![\w.+\-])[A-Za-z0-9](?:[A-Za-z0-9._%+\-]{0,63})@[A-Za-z0-9](?:[A-Za-z0-9\-]{0,62})(?:\.[A-Za-z0-9\-]{1,63}){1,6}/gd,
    url: /(?<![\w])(?:https?:\/\/|ftp:\/\/|www\.)[^\s<>"'()\[\]{}]{2,2000}/gid,
    domain: /(?<![\w@.\-\/])(?:[a-z0-9](?:[a-z0-9\-]{0,62}[a-z0-9])?\.){1,4}(?:com|org|net|edu|gov|mil|io|us|uk|co\.uk|org\.uk|nhs\.uk|ac\.uk|info|biz|health|care|clinic|hospital|md|me|ca|au)(?![\w\-])(?:\/[^\s<>"'()\[\]{}]{0,500})?/gid,
    ipv4: /(?<![\d.])(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?![\d]|\.\d)/gd,
  };
}

function trimTrailing(text: string, start: number, end: number): number {
  while (end > start && /[.,;:)\]!?'"\-\/]/.test(text[end - 1])) end--;
  return end;
}

const MBI_A = "[AC-HJKMNP-RT-Y]";
const MBI_AN = "[AC-HJKMNP-RT-Y0-9]";
const MBI = new RegExp(String.raw`(?<![A-Za-z0-9\-])[1-9]${MBI_A}${MBI_AN}\d(-?)${MBI_A}${MBI_AN}\d\1${MBI_A}{2}\d{2}(?![A-Za-z0-9\-])`, "gd");

export function findIdentifiers(text: string, rules: IdentifierRules): Candidate[] {
  const out: Candidate[] = [];
  for (const cr of rules.cueRules) {
    for (const [s0, e0] of groupMatches(cr.re, text, 1)) {
      const s = s0;
      const e = trimTrailing(text, s0, e0);
      const value = text.slice(s, e);
      const digits = digitCount(value);
      if (digits < 1 || digits < Math.min(cr.minDigits, value.replace(/[^A-Za-z0-9]/g, "").length)) continue;
      if (digits < cr.minDigits && !/[A-Za-z]/.test(value)) continue;
      if (value.replace(/^#/, "").length < 3) continue;
      if (UNIT_AFTER.test(text.slice(e, e + 12))) continue;
      // A value that is a date or a plain small number is not an identifier.
      if (/^\d{1,2}[\/.\-]\d{1,2}[\/.\-]\d{2,4}$/.test(value)) continue;
      if (cr.minDigits >= 4 && /^(?:19|20)\d\d$/.test(value)) continue;
      out.push({ start: s, end: e, label: cr.label, score: 0.9, rule: cr.rule });
    }
  }
  // A Medicare Beneficiary Identifier by its own shape (CMS: digit, letter, letter or digit, digit, ...; never S L O I
  // B Z), with or without its dashes: "1EG4-TE5-MK73".
  for (const [s, e] of groupMatches(MBI, text, 0)) out.push({ start: s, end: e, label: "ID:Patient", score: 0.85, rule: "mbi-shape" });
  for (const [s, e0] of groupMatches(rules.hashId, text, 0)) {
    const e = trimTrailing(text, s, e0);
    if (digitCount(text.slice(s, e)) < 3) continue;
    if (UNIT_AFTER.test(text.slice(e, e + 12))) continue;
    out.push({ start: s, end: e, label: "ID:Patient", score: 0.8, rule: "hash-id" });
  }
  for (const [s, e, m] of groupMatches(rules.shortContact, text, 1)) {
    // "x" alone only right after a phone number ("555-1234 x204").
    if (/^x/i.test(m[0]) && !/\d[\s)]{0,2}$/.test(text.slice(Math.max(0, m.index - 3), m.index))) continue;
    out.push({ start: s, end: e, label: "Contactdetails", score: 0.8, rule: "pager-extension" });
  }
  for (const [s, e] of groupMatches(rules.bareId, text, 0)) {
    if (UNIT_AFTER.test(text.slice(e, e + 12))) continue;
    const v = text.slice(s, e);
    // Hyphenated forms need six digits ("S24-11873", "SP-24-004417", not "COVID-19", "ICD-10"); registry, trial and
    // code numbers identify no one (NCT01234567, IRB-2023-0456, ISBN).
    if (v.includes("-") && digitCount(v) < 6) continue;
    if (NOT_PERSONAL_PREFIX.test(v)) continue;
    // Round numbers are quantities; eight digits that read as yyyymmdd are a date (the date rules find it).
    if (/^\d0+$/.test(v) || /^(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])$/.test(v)) continue;
    out.push({ start: s, end: e, label: "ID:Patient", score: 0.6, rule: "id-shape" });
  }
  // A social-media handle with a digit or an underscore, or after a social cue ("@jenny_r88", "instagram @kay.l").
  if (text.includes("@")) {
    for (const [s, e, m] of groupMatches(rules.handle, text, 0)) {
      const cued = /(?:instagram|insta|twitter|tiktok|snapchat|facebook|handle|ig|x)\s*:?\s*$/i.test(text.slice(Math.max(0, s - 14), s));
      if (!cued && !/[\d_]/.test(m[1])) continue;
      out.push({ start: s, end: e, label: "Contactdetails", score: 0.8, rule: "handle" });
    }
  }
  // "Jasmine Ortiz, LCSW  x5532": an extension glued to its x after a word.
  for (const [s, e] of groupMatches(rules.gluedExtension, text, 1)) out.push({ start: s, end: e, label: "Contactdetails", score: 0.7, rule: "glued-extension" });
  for (const [s, e] of groupMatches(rules.ukPlate, text, 0)) out.push({ start: s, end: e, label: "Anonymize_Other", score: 0.75, rule: "uk-plate" });
  for (const [s, e] of groupMatches(rules.nino, text, 0)) out.push({ start: s, end: e, label: "ID:Patient", score: 0.8, rule: "nino-shape" });
  for (const [s, e] of groupMatches(rules.ssnShape, text, 1)) {
    out.push({ start: s, end: e, label: "ID:Patient", score: 0.8, rule: "ssn-shape" });
  }
  for (const [s, e0] of groupMatches(rules.phoneCue, text, 1)) {
    const e = trimTrailing(text, s, e0);
    const value = text.slice(s, e);
    const d = digitCount(value.replace(/(?:x|ext\.?|extension)\s*\d+$/i, ""));
    if (d < 7 || d > 15) continue;
    if (/^\d{1,2}[\/.\-]\d{1,2}[\/.\-]\d{2,4}$/.test(value) || /^\d{4}-\d{2}-\d{2}$/.test(value)) continue;
    if (UNIT_AFTER.test(text.slice(e, e + 12))) continue;
    out.push({ start: s, end: e, label: "Contactdetails", score: 0.9, rule: "phone-cue" });
  }
  // Ten digits as three, three and four with single spaces and no cue ("ellery quint 712 555 8627", "pt called
  // back from 402 555 3958", "638 204 7246"): a UK health-service number when its check digit holds, else a US
  // phone number (area code 2-9); never before a unit or inside a longer run of numbers.
  for (const [s, e, m] of groupMatches(SPACED_TEN_DIGITS, text, 0)) {
    const digits = m[1] + m[2] + m[3];
    // Round numbers are amounts or steps ("250 500 1000").
    if (/0$/.test(m[1]) && /0$/.test(m[2]) && /00$/.test(m[3])) continue;
    if (isValidNhsNumber(digits)) out.push({ start: s, end: e, label: "ID:Patient", score: 0.8, rule: "nhs-shape" });
    else if (/^[2-9]/.test(digits) && !/^\d{3} \d{3} \d{4}$/.test(text.slice(Math.max(0, s - 13), s).trim())) out.push({ start: s, end: e, label: "Contactdetails", score: 0.7, rule: "phone-spaced" });
  }
  for (const re of rules.phoneShapes) {
    for (const [s, e] of groupMatches(re, text, 0)) {
      const d = digitCount(text.slice(s, e));
      if (d < 10 || d > 15) continue;
      out.push({ start: s, end: e, label: "Contactdetails", score: 0.8, rule: "phone-shape" });
    }
  }
  if (text.includes("@")) {
    for (const [s, e] of groupMatches(rules.email, text, 0)) out.push({ start: s, end: trimTrailing(text, s, e), label: "Contactdetails", score: 0.95, rule: "email" });
  }
  for (const [s, e] of groupMatches(rules.url, text, 0)) out.push({ start: s, end: trimTrailing(text, s, e), label: "Contactdetails", score: 0.95, rule: "url" });
  for (const [s, e] of groupMatches(rules.domain, text, 0)) out.push({ start: s, end: trimTrailing(text, s, e), label: "Contactdetails", score: 0.8, rule: "domain" });
  for (const [s, e] of groupMatches(rules.ipv4, text, 0)) out.push({ start: s, end: e, label: "Anonymize_Other", score: 0.9, rule: "ipv4" });
  return out;
}
