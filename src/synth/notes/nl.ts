// Dutch (Flemish) note templates, with French fragments for French-speaking patients and Brussels letters.
import { blank, say, sayOne, type NoteCtx, type NoteType } from "./context.js";
import { notesIn, type NoteWording } from "./skeleton.js";

const french = (c: NoteCtx, p = 0.6): boolean => c.w.french && c.prng.chance(p);

const HISTORY = [
  "Klachten van {severity} dyspneu {timeframe}.",
  "Patiënt meldt {severity} pijn {timeframe}, {phrase}.",
  "Gekend met {eponym}, stabiel onder {drug}.",
  "Sinds {pastDate} toenemende vermoeidheid.",
  "Eerdere opname in {hosp2} op {pastDate} wegens {comorb}.",
  "Bij thuiskomst uit {place} ontstonden de klachten {timeframe}.",
  "Geen koorts, wel {severity} hoest {timeframe}.",
  "{ptTitle} {ptFamily} vertelt dat de klachten begonnen na een val thuis.",
  "Hetero-anamnese via {rel}.",
  "Verwezen door {gp} wegens {comorb}.",
];

const EXAM = [
  "{vital}, {vital}, {vital}.",
  "Bij klinisch onderzoek: {vital}. {score}.",
  "Cor: regelmatig, geen souffle. Longen: {phrase}.",
  "{abbr} zonder bijzonderheden. {vital}.",
  "Neurologisch: {score}, {eponym} niet uitlokbaar.",
  "Abdomen soepel, {eponym} negatief.",
];

const TECH = ["Labo: {lab}, {lab}, {lab}.", "{proc}.", "{proc}. {lab}.", "Monitoring via {device}.", "ECG: sinusritme 72/min, {code}.", "{lab} (vorige waarde {pastDate})."];

const CONCLUSION = [
  "Besluit: {comorb}, {severity}.",
  "Conclusie: exacerbatie bij gekende {comorb}. {phrase}.",
  "Differentieel diagnostisch {eponym}; {phrase}.",
  "Klinisch verbeterd onder behandeling. {phrase}.",
];

const PLAN = [
  "Controle op de raadpleging van {dr2} op {futDate}.",
  "Nieuwe afspraak op {futDate} bij {drPlain}.",
  "Opvolging door de huisarts, {gp}.",
  "{medorder}. {phrase}.",
  "Bij vragen: {intPhone} (secretariaat) of {drEmail}.",
  "Thuisverpleging geregeld, contactpersoon {rel} ({relPhone}).",
  "Pacemaker ({device}, serienummer {serial}) wordt opgevolgd in {hosp2}.",
];

const SOCIAL = [
  "Woont samen met {rel} in {ptCity}.",
  "Beroep: {job}, werkzaam bij {employer}.",
  "Werkt als {job}. Hobby: {hobby}.",
  "{job}, woont alleen, {rel} komt dagelijks langs.",
  "Rijdt nog met de wagen ({plate}); rijgeschiktheid besproken.",
  "Mantelzorg door {rel}, bereikbaar op {relPhone}.",
];

const REFERENCE: Record<string, string> = { CRP: "< 5", creatinine: "0.6 - 1.2", glucose: "70 - 110", leukocyten: "4.0 - 10.0", lactaat: "0.5 - 2.2" };

const MODALITIES = ["CT thorax", "RX thorax PA en profiel", "MRI hersenen", "echografie abdomen", "CT abdomen met contrast", "MRI lumbale wervelzuil", "echo-Doppler onderste ledematen"];

const DUTCH: NoteWording = {
  history: HISTORY,
  exam: EXAM,
  tech: TECH,
  conclusion: CONCLUSION,
  plan: PLAN,
  social: SOCIAL,
  letterhead: {
    department: (c) => (c.prng.chance(0.5) ? "Dienst {specialty}\n" : "Afdeling {specialty} - campus {hosp2}\n"),
    contact: ["Tel. {hospPhone} - Fax {hospFax}\n", "T {hospPhone} | F {hospFax} | {hospUrl}\n", "Tel.: {hospPhone}\n", "{hospUrl}\n"],
  },
  patientBlock: (c) => {
    const style = c.prng.int(0, 3);
    if (style === 0) {
      say(c, "Betreft: {ptTitle} {pt} (°{dob})");
      if (c.prng.chance(0.6)) say(c, " - EPD {mrn}");
      c.b.text("\n");
    } else if (style === 1) {
      say(c, "Patiënt: {ptFull}\nGeboortedatum: {dob}\n");
      if (c.prng.chance(0.5)) say(c, "Rijksregisternr.: {nid}\n");
      if (c.prng.chance(0.6)) say(c, "Adres: {ptAddr}\n");
      if (c.prng.chance(0.4)) say(c, "Tel: {ptMobile}\n");
      say(c, "Dossiernr: {mrn}\n");
    } else if (style === 2) {
      say(c, "Naam | {ptFull}\nGeb.datum | {dob}\nPatiëntnr | {mrn}\n");
      if (c.prng.chance(0.5)) say(c, "INSZ | {nid}\n");
    } else {
      say(c, french(c, 1) ? "Concerne: {ptTitle} {ptFull}, né(e) le {dob}, domicilié(e) {ptAddr}\n" : "Inzake {ptFull}, {age}, wonende te {ptAddr}\n");
    }
    blank(c);
  },
  salutation: (c) => {
    if (french(c)) sayOne(c, ["Cher Confrère,\n\n", "Chère Consœur,\n\n", "Cher Docteur {drPlain},\n\n"]);
    else sayOne(c, ["Geachte collega,\n\n", "Beste collega,\n\n", "Geachte collega {gp},\n\n", "Waarde confrater,\n\n", "Beste {gp},\n\n"]);
  },
  signature: {
    closings: (c) => (french(c) ? ["Bien confraternellement,\n", "Salutations confraternelles,\n"] : ["Met collegiale groeten,\n", "Met vriendelijke groet,\n", "Collegiaal,\n", "Hoogachtend,\n"]),
    role: () => "{specialty}\n",
    licence: (c) => (c.prng.chance(0.5) ? "RIZIV {drId}\n" : "RIZIV-nr: {drId}\n"),
  },
  discharge: {
    addressee: "Aan {gp}\n{gpPractice}\n{gpAddrWrap}\n\n",
    dated: ["{hosp}, {docDate}\n\n", "Datum: {docDate}\n\n"],
    salutationSometimes: false,
    intro: [
      "Uw patiënt(e) {ptTitle} {pt}, {age}, werd van {admDate} tot {disDate} opgenomen op onze dienst.",
      "{ptTitle} {pt} ({age}) verbleef op onze afdeling van {admDate} tot {disDate}.",
      "Wij zagen uw patiënt {pt}, een {age} {job}, tijdens een hospitalisatie van {admDate} t.e.m. {disDate}.",
      "Opname op {admDateTime} via spoedgevallen, ontslag op {disDate}.",
    ],
    pastHistory: ["{comorb}", "{eponym}", "{pastDate}: {proc}", "{comorb} ({pastDate})", "{code}", "Heelkunde in {hosp2} ({pastDate})"],
    headings: {
      history: "Anamnese",
      pastHistory: "Voorgeschiedenis",
      social: "Sociaal",
      exam: "Klinisch onderzoek",
      tech: "Technische onderzoeken",
      diagnosis: "Besluit",
      meds: "Medicatie bij ontslag",
      plan: "Beleid",
    },
  },
  consultation: {
    title: (c) => {
      if (french(c)) say(c, "Rapport de consultation du {frDate} - {dr}\n\n");
      else sayOne(c, ["Raadpleging {docDate} - {dr}\n\n", "CONSULTATIEVERSLAG {specialty} ({docDate})\n\n", "Consult dd. {docDate}\nArts: {dr}\n\n"]);
    },
    headings: { reason: "Reden van komst", social: "Sociale anamnese", exam: "Onderzoek", assessment: "Besluit", plan: "Beleid" },
  },
  nursing: {
    titles: ["Verpleegkundige nota - {admDateTime}\n", "VERPLEEGKUNDIG DOSSIER kamer {nurseWard}\nDatum: {docDate}\n", "Overdracht {docDate} (nachtdienst)\n", "Nota {nurse}, {docDate}\n"],
    patient: ["Pt: {pt} ({age}), EPD {mrn}\n\n", "Patiënt {pt}, kamer {nurseWard}\n\n"],
    items: [
      "{vital}, {vital}",
      "ADL: hulp bij wassen, {phrase}",
      "pijnscore {score}",
      "bezoek van {rel}",
      "{rel} telefonisch verwittigd ({relPhone})",
      "{medorder}",
      "{drug} toegediend om 14u",
      "wondzorg: {proc}",
      "arts van wacht ({dr2}) verwittigd",
      "dieet: {phrase}",
      "{device} gecontroleerd",
      "mobilisatie met kine, {severity}",
      "overleg met {nurse}",
      "ontslag gepland {futDate}, vervoer door {rel}",
    ],
    signed: ["Opgemaakt door {nurse}\n", "Paraaf: {nurse} / verantwoordelijke arts {drPlain}\n"],
  },
  referral: {
    phone: ["Tel. {gpPhone}\n\n", "tel {gpPhone} - RIZIV {gpId}\n\n"],
    addressee: ["Aan: {dr}, dienst {specialty}, {hosp}\n", "Aan {dr}\n{hosp}\n{hospAddrWrap}\n"],
    dated: "Datum: {docDate}\n\n",
    patient: ["Betreft: {pt}, °{dob}, {ptAddr}, GSM {ptMobile}\n\n", "Patiënt: {ptFull} ({age})\nAdres: {ptAddrWrap}\nTel.: {ptPhone}\n\n", "Concerne: {ptFull}, né(e) le {dob}\n\n"],
    intro: [
      "Graag verwijs ik {ptTitle} {pt} ({age}) naar uw raadpleging wegens {comorb}.",
      "Hierbij stuur ik u {pt}, {age}, door voor verder nazicht van {comorb}.",
      "Je vous adresse {ptTitle} {pt} pour avis concernant {comorb}.",
    ],
    medsHeading: "Huidige medicatie",
    closings: ["Alvast bedankt.\n", "Dank voor uw advies.\n", "Merci d'avance.\n"],
    gpId: "RIZIV {gpId}\n",
  },
  lab: {
    titles: ["LABORATORIUM {hosp}\n", "Klinisch labo - {hosp}\n", "Laboverslag\n{hosp}\n"],
    patient: "Patiënt: {ptFull}   Geb.: {dob}   Nr: {mrn}\n",
    requester: "Aanvrager: {dr2}\n",
    collected: "Staalname: {admDateTime}\n\n",
    columns: ["Test", "Resultaat", "Eenheid", "Referentie"],
    lastColumn: (_c, row) => REFERENCE[row.name] ?? "-",
    comments: ["Commentaar: {phrase}.\n", "Interpretatie: {lab} ({severity}).\n", "Opmerking: staal hemolytisch, {phrase}.\n", "Vergelijk met {pastDate}: {lab}.\n"],
    validated: ["Gevalideerd door {dr}, klinisch bioloog\n", "Biologisch gevalideerd: {dr} ({docDate})\n"],
  },
  radiology: {
    titles: ["Medische beeldvorming - {hosp}\n", "DIENST RADIOLOGIE\n{hosp}\n", "Radiologieverslag\n"],
    examLabel: "Onderzoek",
    modalities: MODALITIES,
    examDate: "Datum onderzoek: {docDate}\n",
    requester: ["Aanvrager: {dr2}\n", "Verwijzer: {gp}\n"],
    patient: ["Patiënt: {pt} ({age}) - {mrn}\n\n", "{ptFull}, °{dob}\n\n"],
    headings: { indication: "Indicatie", findings: "Bevindingen", conclusion: "Besluit" },
    indications: ["{comorb}. {timeframe}.", "Controle na {proc}.", "Uitsluiten {eponym}.", "{severity} pijn {timeframe}."],
    findings: [
      "{proc}.",
      "Vergelijking met het vorige onderzoek van {pastDate} ({hosp2}).",
      "Geen aanwijzingen voor pleuravocht.",
      "Letsel in {code}, 12 x 8 mm.",
      "Status na plaatsing van {device}.",
      "Geen focale afwijkingen.",
      "Pacemaker in situ, serienr. {serial}.",
    ],
    signed: ["Radioloog: {dr}\n", "{dr}, radioloog - tel. {intPhone}\n"],
  },
};

export const DUTCH_NOTES: Record<NoteType, (c: NoteCtx) => void> = notesIn(() => DUTCH);
