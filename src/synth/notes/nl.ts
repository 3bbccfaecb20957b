// Dutch (Flemish) note templates, with French fragments for French-speaking patients and Brussels letters.
import { blank, header, list, say, sayOne, saySome, type NoteCtx, type NoteType } from "./context.js";

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

const MEDS = ["{drug}", "{drug}", "{drug} ({medorder})", "{drug}, {medorder}"];

function letterhead(c: NoteCtx): void {
  say(c, "{hosp}\n");
  if (c.prng.chance(0.7)) say(c, c.prng.chance(0.5) ? "Dienst {specialty}\n" : "Afdeling {specialty} - campus {hosp2}\n");
  if (c.prng.chance(0.6)) say(c, "{hospAddrWrap}\n");
  else say(c, "{hospAddr}\n");
  sayOne(c, ["Tel. {hospPhone} - Fax {hospFax}\n", "T {hospPhone} | F {hospFax} | {hospUrl}\n", "Tel.: {hospPhone}\n", "{hospUrl}\n"]);
  blank(c);
}

function patientBlock(c: NoteCtx): void {
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
}

function salutation(c: NoteCtx): void {
  if (french(c)) sayOne(c, ["Cher Confrère,\n\n", "Chère Consœur,\n\n", "Cher Docteur {drPlain},\n\n"]);
  else sayOne(c, ["Geachte collega,\n\n", "Beste collega,\n\n", "Geachte collega {gp},\n\n", "Waarde confrater,\n\n", "Beste {gp},\n\n"]);
}

function signature(c: NoteCtx): void {
  blank(c);
  if (french(c)) c.b.text(c.prng.pick(["Bien confraternellement,\n", "Salutations confraternelles,\n"]));
  else c.b.text(c.prng.pick(["Met collegiale groeten,\n", "Met vriendelijke groet,\n", "Collegiaal,\n", "Hoogachtend,\n"]));
  say(c, "{dr}\n");
  if (c.prng.chance(0.6)) say(c, "{specialty}\n");
  if (c.prng.chance(0.6)) say(c, c.prng.chance(0.5) ? "RIZIV {drId}\n" : "RIZIV-nr: {drId}\n");
  if (c.prng.chance(0.3)) say(c, "{drEmail}\n");
  if (c.prng.chance(0.4)) say(c, "cc: {gp}" + (c.prng.chance(0.5) ? ", {gpPractice}\n" : "\n"));
}

function discharge(c: NoteCtx): void {
  letterhead(c);
  if (c.prng.chance(0.6)) say(c, "Aan {gp}\n{gpPractice}\n{gpAddrWrap}\n\n");
  say(c, c.prng.chance(0.5) ? "{hosp}, {docDate}\n\n" : "Datum: {docDate}\n\n");
  patientBlock(c);
  salutation(c);
  sayOne(c, [
    "Uw patiënt(e) {ptTitle} {pt}, {age}, werd van {admDate} tot {disDate} opgenomen op onze dienst.",
    "{ptTitle} {pt} ({age}) verbleef op onze afdeling van {admDate} tot {disDate}.",
    "Wij zagen uw patiënt {pt}, een {age} {job}, tijdens een hospitalisatie van {admDate} t.e.m. {disDate}.",
    "Opname op {admDateTime} via spoedgevallen, ontslag op {disDate}.",
  ]);
  c.b.text("\n\n");
  header(c, "Anamnese");
  saySome(c, HISTORY, 2, 4);
  c.b.text("\n\n");
  header(c, "Voorgeschiedenis");
  list(c, c.prng.sample(["{comorb}", "{eponym}", "{pastDate}: {proc}", "{comorb} ({pastDate})", "{code}", "Heelkunde in {hosp2} ({pastDate})"], c.prng.int(2, 4)));
  blank(c);
  if (c.prng.chance(0.6)) {
    header(c, "Sociaal");
    saySome(c, SOCIAL, 1, 3);
    c.b.text("\n\n");
  }
  header(c, "Klinisch onderzoek");
  saySome(c, EXAM, 1, 3);
  c.b.text("\n\n");
  header(c, "Technische onderzoeken");
  saySome(c, TECH, 1, 3, "\n");
  c.b.text("\n\n");
  header(c, "Besluit");
  sayOne(c, CONCLUSION);
  c.b.text("\n\n");
  header(c, "Medicatie bij ontslag");
  list(c, c.prng.sample(MEDS, c.prng.int(2, 4)));
  blank(c);
  header(c, "Beleid");
  saySome(c, PLAN, 1, 3, "\n");
  c.b.text("\n");
  signature(c);
}

function consultation(c: NoteCtx): void {
  if (c.prng.chance(0.5)) letterhead(c);
  if (french(c)) say(c, "Rapport de consultation du {frDate} - {dr}\n\n");
  else sayOne(c, ["Raadpleging {docDate} - {dr}\n\n", "CONSULTATIEVERSLAG {specialty} ({docDate})\n\n", "Consult dd. {docDate}\nArts: {dr}\n\n"]);
  patientBlock(c);
  const soap = c.prng.chance(0.4);
  header(c, soap ? "S" : "Reden van komst");
  saySome(c, HISTORY, 1, 3);
  c.b.text("\n\n");
  if (c.prng.chance(0.5)) {
    header(c, "Sociale anamnese");
    saySome(c, SOCIAL, 1, 3);
    c.b.text("\n\n");
  }
  header(c, soap ? "O" : "Onderzoek");
  saySome(c, EXAM, 1, 2);
  c.b.text(" ");
  saySome(c, TECH, 0, 2);
  c.b.text("\n\n");
  header(c, soap ? "A" : "Besluit");
  sayOne(c, CONCLUSION);
  c.b.text("\n\n");
  header(c, soap ? "P" : "Beleid");
  saySome(c, PLAN, 1, 2, "\n");
  c.b.text("\n");
  if (c.prng.chance(0.6)) signature(c);
}

function nursing(c: NoteCtx): void {
  sayOne(c, [
    "Verpleegkundige nota - {admDateTime}\n",
    "VERPLEEGKUNDIG DOSSIER kamer {nurseWard}\nDatum: {docDate}\n",
    "Overdracht {docDate} (nachtdienst)\n",
    "Nota {nurse}, {docDate}\n",
  ]);
  say(c, c.prng.chance(0.5) ? "Pt: {pt} ({age}), EPD {mrn}\n\n" : "Patiënt {pt}, kamer {nurseWard}\n\n");
  const items = [
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
  ];
  list(c, c.prng.sample(items, c.prng.int(3, 7)));
  blank(c);
  if (c.prng.chance(0.5)) say(c, c.prng.chance(0.5) ? "Opgemaakt door {nurse}\n" : "Paraaf: {nurse} / verantwoordelijke arts {drPlain}\n");
}

function referral(c: NoteCtx): void {
  say(c, "{gpPractice}\n");
  say(c, c.prng.chance(0.6) ? "{gpAddrWrap}\n" : "{gpAddr}\n");
  say(c, c.prng.chance(0.5) ? "Tel. {gpPhone}\n\n" : "tel {gpPhone} - RIZIV {gpId}\n\n");
  say(c, c.prng.chance(0.5) ? "Aan: {dr}, dienst {specialty}, {hosp}\n" : "Aan {dr}\n{hosp}\n{hospAddrWrap}\n");
  say(c, "Datum: {docDate}\n\n");
  sayOne(c, [
    "Betreft: {pt}, °{dob}, {ptAddr}, GSM {ptMobile}\n\n",
    "Patiënt: {ptFull} ({age})\nAdres: {ptAddrWrap}\nTel.: {ptPhone}\n\n",
    "Concerne: {ptFull}, né(e) le {dob}\n\n",
  ]);
  salutation(c);
  sayOne(c, [
    "Graag verwijs ik {ptTitle} {pt} ({age}) naar uw raadpleging wegens {comorb}.",
    "Hierbij stuur ik u {pt}, {age}, door voor verder nazicht van {comorb}.",
    "Je vous adresse {ptTitle} {pt} pour avis concernant {comorb}.",
  ]);
  c.b.text(" ");
  saySome(c, HISTORY, 1, 3);
  c.b.text("\n\n");
  header(c, "Huidige medicatie");
  list(c, c.prng.sample(MEDS, c.prng.int(1, 4)));
  blank(c);
  if (c.prng.chance(0.5)) {
    saySome(c, SOCIAL, 1, 2);
    c.b.text("\n\n");
  }
  c.b.text(c.prng.pick(["Alvast bedankt.\n", "Dank voor uw advies.\n", "Merci d'avance.\n"]));
  blank(c);
  say(c, "{gp}\n");
  if (c.prng.chance(0.5)) say(c, "RIZIV {gpId}\n");
}

const REFERENCE: Record<string, string> = { CRP: "< 5", creatinine: "0.6 - 1.2", glucose: "70 - 110", leukocyten: "4.0 - 10.0", lactaat: "0.5 - 2.2" };

function lab(c: NoteCtx): void {
  sayOne(c, ["LABORATORIUM {hosp}\n", "Klinisch labo - {hosp}\n", "Laboverslag\n{hosp}\n"]);
  if (c.prng.chance(0.5)) say(c, "{hospAddr} - tel {hospPhone}\n");
  blank(c);
  say(c, "Patiënt: {ptFull}   Geb.: {dob}   Nr: {mrn}\n");
  say(c, "Aanvrager: {dr2}\n");
  say(c, "Staalname: {admDateTime}\n\n");
  const sep = c.prng.pick([" | ", "\t", "   "]);
  c.b.text(["Test", "Resultaat", "Eenheid", "Referentie"].join(sep) + "\n");
  const rows = c.prng.sample([...c.pool.numeric_findings, ...c.pool.vitals.filter((v) => /\d/.test(v.value))], c.prng.int(3, 7));
  for (const r of rows) {
    c.b.text([r.name, r.value, r.unit || "-", REFERENCE[r.name] ?? "-"].join(sep) + "\n");
  }
  blank(c);
  sayOne(c, ["Commentaar: {phrase}.\n", "Interpretatie: {lab} ({severity}).\n", "Opmerking: staal hemolytisch, {phrase}.\n", "Vergelijk met {pastDate}: {lab}.\n"]);
  if (c.prng.chance(0.7)) say(c, c.prng.chance(0.5) ? "Gevalideerd door {dr}, klinisch bioloog\n" : "Biologisch gevalideerd: {dr} ({docDate})\n");
}

const MODALITIES = ["CT thorax", "RX thorax PA en profiel", "MRI hersenen", "echografie abdomen", "CT abdomen met contrast", "MRI lumbale wervelzuil", "echo-Doppler onderste ledematen"];

function radiology(c: NoteCtx): void {
  sayOne(c, ["Medische beeldvorming - {hosp}\n", "DIENST RADIOLOGIE\n{hosp}\n", "Radiologieverslag\n"]);
  c.b.text(`Onderzoek: ${c.prng.pick(MODALITIES)}\n`);
  say(c, "Datum onderzoek: {docDate}\n");
  say(c, c.prng.chance(0.5) ? "Aanvrager: {dr2}\n" : "Verwijzer: {gp}\n");
  say(c, c.prng.chance(0.5) ? "Patiënt: {pt} ({age}) - {mrn}\n\n" : "{ptFull}, °{dob}\n\n");
  header(c, "Indicatie");
  sayOne(c, ["{comorb}. {timeframe}.", "Controle na {proc}.", "Uitsluiten {eponym}.", "{severity} pijn {timeframe}."]);
  c.b.text("\n\n");
  header(c, "Bevindingen");
  saySome(c, ["{proc}.", "Vergelijking met het vorige onderzoek van {pastDate} ({hosp2}).", "Geen aanwijzingen voor pleuravocht.", "Letsel in {code}, 12 x 8 mm.", "Status na plaatsing van {device}.", "Geen focale afwijkingen.", "Pacemaker in situ, serienr. {serial}."], 2, 4);
  c.b.text("\n\n");
  header(c, "Besluit");
  sayOne(c, CONCLUSION);
  c.b.text("\n\n");
  say(c, c.prng.chance(0.5) ? "Radioloog: {dr}\n" : "{dr}, radioloog - tel. {intPhone}\n");
}

export const DUTCH_NOTES: Record<NoteType, (c: NoteCtx) => void> = { discharge, consultation, nursing, referral, lab, radiology };
