// Throughput of the patterns detector on one core, on generated ~2 KB clinical notes mixing nl, fr and en.
// Prints MB/s and notes/s for all families together and for each family alone, against a baseline measured in the
// same run: the digit-run scan every numeric family starts from (one pass over the characters, the floor of any scan).
// A second set of notes comes from the project's synthetic note generator, the notes of bench/stack-throughput.ts.
//   node --import tsx bench/patterns.ts [notes=5000] [rounds=5]
import { compilePatterns, detectPatterns, FAMILIES, type Family } from "../plugins/patterns/detect.js";
import { digitRuns } from "../plugins/patterns/text.js";
import { benchNotes } from "./_notes.js";

/**
 * Detector alone, all families, one core. The rules-only stack's target is ≥ 5 MB/s with three detectors, healing
 * and the leak guard (which re-runs this detector on the output), so this one needs at least twice that.
 */
const TARGET_MBS = 10;

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

interface Timing {
  wall: number;
  cpu: number;
}

/** Median wall-clock and CPU seconds of `rounds` passes of `run` over the notes. */
function measure(notes: readonly string[], rounds: number, run: (text: string) => unknown): Timing {
  const walls: number[] = [];
  const cpus: number[] = [];
  let sink = 0;
  for (let r = 0; r < rounds; r++) {
    const cpu0 = process.cpuUsage().user;
    const t0 = process.hrtime.bigint();
    for (const text of notes) {
      const result = run(text);
      sink += Array.isArray(result) ? result.length : Number(result);
    }
    walls.push(Number(process.hrtime.bigint() - t0) / 1e9);
    cpus.push((process.cpuUsage().user - cpu0) / 1e6);
  }
  if (sink < 0) console.log(sink);
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { wall: median(walls), cpu: median(cpus) };
}

const noteCount = Number(process.argv[2] ?? 5000);
const rounds = Number(process.argv[3] ?? 5);
const languages = ["nl", "fr", "en"] as const;
const allOn = Object.fromEntries(FAMILIES.map((f) => [f, true])) as Record<Family, boolean>;
const all = compilePatterns({ families: allOn, languages });
const rate = (megabytes: number, seconds: number) => (megabytes / seconds).toFixed(1).padStart(7);

function report(title: string, notes: string[], perFamily: boolean): void {
  const megabytes = notes.reduce((sum, n) => sum + Buffer.byteLength(n, "utf8"), 0) / 1e6;
  // Warm-up, so that both sides run optimised code.
  measure(notes.slice(0, 200), 3, (t) => detectPatterns(t, all));
  const baseline = measure(notes, rounds, (t) => digitRuns(t).length);
  const timing = measure(notes, rounds, (t) => detectPatterns(t, all));
  const spans = notes.reduce((sum, t) => sum + detectPatterns(t, all).length, 0);
  console.log(`\n${title}: ${notes.length} notes, ${megabytes.toFixed(2)} MB, ${(spans / notes.length).toFixed(1)} spans/note`);
  console.log(`  baseline (digit-run scan)     wall ${rate(megabytes, baseline.wall)} MB/s   cpu ${rate(megabytes, baseline.cpu)} MB/s`);
  console.log(
    `  patterns, all families        wall ${rate(megabytes, timing.wall)} MB/s   cpu ${rate(megabytes, timing.cpu)} MB/s   ` +
      `${(notes.length / timing.wall).toFixed(0)} notes/s   ${(timing.cpu / baseline.cpu).toFixed(1)}x the baseline (cpu)`,
  );
  const cpuRate = megabytes / timing.cpu;
  console.log(`  all families, CPU time: ${cpuRate.toFixed(2)} MB/s (target ≥ ${TARGET_MBS} MB/s: ${cpuRate >= TARGET_MBS ? "met" : "NOT met"})`);
  if (!perFamily) return;
  for (const family of FAMILIES) {
    const only = Object.fromEntries(FAMILIES.map((f) => [f, f === family])) as Record<Family, boolean>;
    const compiled = compilePatterns({ families: only, languages });
    const t = measure(notes, Math.max(1, Math.ceil(rounds / 2)), (text) => detectPatterns(text, compiled));
    console.log(`    ${family.padEnd(26)} cpu ${rate(megabytes, t.cpu)} MB/s`);
  }
}

console.log(`patterns bench: median of ${rounds} rounds, one core (wall-clock and CPU time; CPU time is steadier on a busy machine)`);
report("generated nl/fr/en notes (local generator)", Array.from({ length: noteCount }, () => note(2000)), true);
report("synthetic nl-BE notes (src/synth, as in bench/stack-throughput)", benchNotes(Math.min(noteCount, 2000)).map((d) => d.text), false);
