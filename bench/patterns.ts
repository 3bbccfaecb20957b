// Throughput of the patterns detector on one core, on generated ~2 KB clinical notes mixing nl, fr and en.
// Prints MB/s and notes/s for all families together and for each family alone, against a baseline measured in the
// same run: one pass of a single digit regex over the same notes (the floor of any regex-based scan).
//   node --import tsx bench/patterns.ts [notes=5000] [rounds=5]
import { compilePatterns, detectPatterns, FAMILIES, type Family } from "../plugins/patterns/detect.js";

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = mulberry32(20260518);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
const int = (lo: number, hi: number): number => lo + Math.floor(random() * (hi - lo + 1));
const pad = (n: number): string => String(n).padStart(2, "0");

const FILLER = {
  nl: [
    "Patiënt meldt sinds enkele dagen toenemende dyspnoe bij inspanning.",
    "Klinisch onderzoek toont geen bijzonderheden, cor en longen normaal bij auscultatie.",
    "Het labo toont een lichte stijging van de ontstekingsparameters.",
    "Verdere opvolging via de huisarts wordt voorzien.",
    "Medicatie werd aangepast volgens schema.",
    "Geen koorts, geen nachtzweten, eetlust goed.",
  ],
  fr: [
    "Le patient signale une dyspnée d'effort progressive depuis quelques jours.",
    "L'examen clinique est sans particularité, auscultation cardio-pulmonaire normale.",
    "La biologie montre une légère élévation des paramètres inflammatoires.",
    "Suivi prévu chez le médecin traitant.",
  ],
  en: [
    "The patient reports progressive exertional dyspnea over the last few days.",
    "Physical examination is unremarkable, heart and lungs clear on auscultation.",
    "Labs show a mild rise in inflammatory markers.",
    "Follow-up with the general practitioner is arranged.",
  ],
};

const MONTHS = ["januari", "maart", "mei", "juli", "oktober", "janvier", "mars", "août", "March", "June", "Dec."];

function identifierSnippet(): string {
  const date = `${pad(int(1, 28))}/${pad(int(1, 12))}/${int(1940, 2024)}`;
  return pick([
    `Opname op ${date}.`,
    `Controle ${int(1, 28)} ${pick(MONTHS)} ${int(2000, 2024)}.`,
    `Gezien op ${pad(int(1, 28))}/${pad(int(1, 12))}.`,
    `Tel: 0${int(2, 9)} ${int(100, 999)} ${int(10, 99)} ${int(10, 99)}, gsm 04${int(70, 99)}/${int(10, 99)}.${int(10, 99)}.${int(10, 99)}.`,
    `Mail: dr.peeters${int(1, 99)}@ziekenhuis.be.`,
    `Dossiernummer: ${int(100000, 999999)}. MRN ${int(10000000, 99999999)}.`,
    `IBAN BE68 5390 0754 7034, rijksregisternummer 85.07.30-033.28.`,
    `Een ${int(18, 95)}-jarige patiënt. Patiente âgée de ${int(18, 95)} ans. A ${int(18, 95)}-year-old man.`,
    `Adres: Kerkstraat ${int(1, 200)}, ${int(1000, 9999)} Antwerpen.`,
    `Hb ${int(8, 16)}.${int(0, 9)} g/dL, CRP ${int(1, 200)} mg/L, BP ${int(100, 180)}/${int(60, 100)}, GCS 15, EF ${int(30, 70)}%.`,
    `Dosis ${int(1, 3)}x${pick([250, 500, 1000])} mg, ${int(1, 10)} mg/kg.`,
    `Server 192.168.${int(0, 255)}.${int(0, 255)}, zie https://intranet.example.org/path?id=${int(1, 999)}.`,
  ]);
}

function note(targetLength: number): string {
  const lang = pick(["nl", "nl", "fr", "en"] as const);
  const parts: string[] = [];
  let length = 0;
  while (length < targetLength) {
    const piece = random() < 0.35 ? identifierSnippet() : pick(FILLER[lang]);
    parts.push(piece);
    length += piece.length + 1;
  }
  return parts.join(random() < 0.2 ? "\n" : " ");
}

function measure(notes: string[], rounds: number, run: (text: string) => unknown): number {
  const times: number[] = [];
  let sink = 0;
  for (let r = 0; r < rounds; r++) {
    const t0 = process.hrtime.bigint();
    for (const text of notes) {
      const result = run(text);
      sink += Array.isArray(result) ? result.length : Number(result);
    }
    times.push(Number(process.hrtime.bigint() - t0) / 1e9);
  }
  if (sink < 0) console.log(sink);
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const noteCount = Number(process.argv[2] ?? 5000);
const rounds = Number(process.argv[3] ?? 5);
const notes = Array.from({ length: noteCount }, () => note(2000));
const megabytes = notes.reduce((sum, n) => sum + Buffer.byteLength(n, "utf8"), 0) / 1e6;

const allOn = Object.fromEntries(FAMILIES.map((f) => [f, true])) as Record<Family, boolean>;
const languages = ["nl", "fr", "en"] as const;
const all = compilePatterns({ families: allOn, languages });
const digitRegex = /\d+/g;
const baseline = measure(notes, rounds, (t) => t.match(digitRegex)?.length ?? 0);
const seconds = measure(notes, rounds, (t) => detectPatterns(t, all));

const rate = (s: number) => (megabytes / s).toFixed(1);
console.log(`patterns bench: ${noteCount} notes, ${megabytes.toFixed(2)} MB, ${rounds} rounds (median), one core`);
console.log(`baseline (one /\\d+/g pass):  ${rate(baseline)} MB/s`);
console.log(
  `all families:                ${rate(seconds)} MB/s, ${(noteCount / seconds).toFixed(0)} notes/s, ` +
    `${(seconds / baseline).toFixed(1)}x the baseline time`,
);
for (const family of FAMILIES) {
  const only = Object.fromEntries(FAMILIES.map((f) => [f, f === family])) as Record<Family, boolean>;
  const compiled = compilePatterns({ families: only, languages });
  const s = measure(notes, Math.max(1, Math.floor(rounds / 2)), (t) => detectPatterns(t, compiled));
  console.log(`  ${family.padEnd(26)} ${rate(s)} MB/s`);
}
const spans = notes.reduce((sum, t) => sum + detectPatterns(t, all).length, 0);
console.log(`spans found: ${spans} (${(spans / noteCount).toFixed(1)} per note)`);
