// Builds ordinary-prose sentence files for model training from Debian packages installed on this machine (nothing
// of it is committed): man pages (manpages, manpages-nl, manpages-fr, and every package's own pages), rendered by
// groff, and gettext catalogues under /usr/share/locale (msgid = English, msgstr = Dutch or French). Sections and
// sentences that may name real people (AUTHORS, COPYRIGHT, "written by", e-mail addresses, URLs, a capitalised name
// from a name list) are left out, so that every sentence can be labelled "no PII".
//
// Needs: apt-get install -y manpages manpages-nl manpages-fr groff-base
// Usage: node --import tsx training/build-prose.ts --lang nl --max-sentences 60000 --out training/data/prose/nl.txt
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { gunzipSync } from "node:zlib";
import { Prng } from "../src/synth/index.js";

type Lang = "nl" | "fr" | "en";

/** Section headings whose text is about people, code or references rather than prose. */
const SKIPPED_SECTIONS =
  /^(NAME|NAAM|NOM|SYNOPSIS|OVERZICHT|SYNTAXE|AUTHORS?|AUTEURS?|AUTEUR|COPYRIGHT|COPYING|LICEN[CS]E|REPORTING BUGS|BUGS|FOUTEN|BOGUES|SEE ALSO|ZIE OOK|VOIR AUSSI|TRANSLATION|TRANSLATORS|VERTALING|TRADUCTION|COLOPHON|HISTORY|HISTORIQUE|GESCHIEDENIS|EXAMPLES?|VOORBEELDEN?|EXEMPLES?|FILES|BESTANDEN|FICHIERS|ENVIRONMENT|OMGEVING|ENVIRONNEMENT|THANKS|DANKWOORD|REMERCIEMENTS|CONTRIBUTORS)\b/i;

/** A sentence that may name a real person or carries an address, or is code rather than prose. */
const UNSAFE = /@|https?:|www\.|\.(com|org|net|nl|be|fr)\b|©|\(c\)|copyright|written by|geschreven door|écrit par|maintained|onderhouden door|maintenu|translat|vertaal|tradu|author|auteur|thanks to|bedankt|merci à|\bmailing\b|debian\.org|<|>|\{|\}|\$|\\|==|::|\/\/|\w\(\d\)/i;

function shuffled<T>(items: readonly T[], prng: Prng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = prng.int(0, i);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function sentencesOf(paragraph: string): string[] {
  const text = paragraph.replace(/\s+/g, " ").trim();
  if (!text) return [];
  return text.split(/(?<=[.!?;])\s+(?=[\p{Lu}"'(])/u).map((s) => s.trim());
}

/** Prose: mostly letters, several words, not a command line or a list of options. */
function isProse(s: string): boolean {
  if (s.length < 12 || s.length > 400) return false;
  const words = s.split(" ");
  if (words.length < 3) return false;
  const letters = (s.match(/\p{L}/gu) ?? []).length;
  if (letters / s.length < 0.7) return false;
  if (/^[-+*#]/.test(s) || /\s-{1,2}[a-z]/.test(s)) return false;
  return !UNSAFE.test(s);
}

/** Capitalised words inside a sentence that are person names of a list (not common words): the sentence is dropped. */
function namesFilter(shared: string): (s: string) => boolean {
  const names = new Set<string>();
  for (const p of [
    "data/lookup/deduce-nl/names/lst_first_name/items.txt",
    "data/lookup/deduce-nl/names/lst_surname/items.txt",
    "data/lookup/nl-BE/first_names.txt",
    "data/lookup/nl-BE/family_names.txt",
  ]) {
    const f = join(shared, p);
    if (existsSync(f)) for (const l of readFileSync(f, "utf8").split("\n")) if (l.trim()) names.add(l.trim());
  }
  const common = new Set<string>();
  for (const dict of ["/usr/share/dict/dutch", "/usr/share/dict/french", "/usr/share/dict/american-english"]) {
    if (existsSync(dict)) for (const l of readFileSync(dict, "utf8").split("\n")) common.add(l.toLowerCase());
  }
  return (s) => {
    const words = s.split(/[^\p{L}'-]+/u).filter(Boolean);
    for (let i = 1; i < words.length; i++) {
      const w = words[i];
      if (w[0] !== w[0].toLowerCase() && names.has(w) && !common.has(w.toLowerCase())) return false;
    }
    return true;
  };
}

function listFiles(dir: string, suffix: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    const st = statSync(p);
    if (st.isDirectory()) out.push(...listFiles(p, suffix));
    else if (e.endsWith(suffix)) out.push(p);
  }
  return out;
}

/** Renders one man page to paragraphs of text with groff (no line wrapping, no hyphenation). */
function manPageParagraphs(file: string): string[] {
  let roff: Buffer;
  try {
    roff = gunzipSync(readFileSync(file));
  } catch {
    return [];
  }
  if (roff.subarray(0, 4).toString() === ".so ") return [];
  let text: string;
  try {
    text = execFileSync("groff", ["-Tutf8", "-man", "-P-cbou", "-rLL=2000n", "-rHY=0", "-rcR=1"], { input: roff, encoding: "utf8", stdio: ["pipe", "pipe", "ignore"], timeout: 10_000 });
  } catch {
    return [];
  }
  const out: string[] = [];
  let skipping = false;
  for (const line of text.split("\n")) {
    if (/^\S/.test(line)) {
      // a section heading at column 0
      skipping = SKIPPED_SECTIONS.test(line.trim());
      continue;
    }
    if (!skipping && line.trim()) out.push(line.trim());
  }
  return out;
}

/** msgid/msgstr pairs of a gettext .mo file. */
function moStrings(file: string): { id: string; str: string }[] {
  const b = readFileSync(file);
  if (b.length < 28) return [];
  const magic = b.readUInt32LE(0);
  const le = magic === 0x950412de;
  if (!le && b.readUInt32BE(0) !== 0x950412de) return [];
  const u32 = (o: number) => (le ? b.readUInt32LE(o) : b.readUInt32BE(o));
  const n = u32(8);
  const ids = u32(12);
  const strs = u32(16);
  const out: { id: string; str: string }[] = [];
  for (let i = 0; i < n; i++) {
    const il = u32(ids + i * 8);
    const io = u32(ids + i * 8 + 4);
    const sl = u32(strs + i * 8);
    const so = u32(strs + i * 8 + 4);
    if (io + il > b.length || so + sl > b.length) break;
    const id = b.toString("utf8", io, io + il).split("\0")[0];
    const str = b.toString("utf8", so, so + sl).split("\0")[0];
    if (id) out.push({ id, str });
  }
  return out;
}

function cleanCatalogueString(s: string): string {
  return s
    .replace(/%(\d+\$)?[-+ #0]*\d*(\.\d+)?[hlLqjzt]*[sdiuxXfFeEgGcp%]/g, "")
    .replace(/\{[^}]*\}/g, "")
    .replace(/[_&](?=\p{L})/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      lang: { type: "string" },
      "max-sentences": { type: "string", default: "60000" },
      "max-pages": { type: "string", default: "1500" },
      seed: { type: "string", default: "5" },
      shared: { type: "string", default: "../shared" },
      out: { type: "string" },
    },
  });
  const lang = values.lang as Lang;
  if (!["nl", "fr", "en"].includes(lang) || !values.out) throw new Error("--lang nl|fr|en and --out are required");
  const prng = new Prng(Number(values.seed));
  const keepName = namesFilter(values.shared);
  const seen = new Set<string>();
  const sentences: string[] = [];
  const add = (s: string) => {
    if (isProse(s) && keepName(s) && !seen.has(s)) {
      seen.add(s);
      sentences.push(s);
    }
  };
  const counts = { man_pages: 0, catalogues: 0 };
  // Man pages: the language's own folder (English: the top level); English pages are many, so a sample.
  const manRoot = lang === "en" ? "/usr/share/man" : `/usr/share/man/${lang}`;
  let pages = listFiles(manRoot, ".gz").filter((f) => (lang === "en" ? /\/man\/man\d/.test(f) : true));
  pages.sort();
  const maxPages = Number(values["max-pages"]);
  if (pages.length > maxPages) pages = shuffled(pages, prng).slice(0, maxPages);
  for (const page of pages) {
    const paragraphs = manPageParagraphs(page);
    if (paragraphs.length) counts.man_pages++;
    for (const p of paragraphs) for (const s of sentencesOf(p)) add(s);
  }
  // gettext catalogues: translations for Dutch and French, the English originals of every catalogue for English.
  const catalogues = lang === "en" ? listFiles("/usr/share/locale/fr/LC_MESSAGES", ".mo") : listFiles(`/usr/share/locale/${lang}/LC_MESSAGES`, ".mo");
  for (const mo of catalogues.sort()) {
    counts.catalogues++;
    for (const { id, str } of moStrings(mo)) {
      const s = cleanCatalogueString(lang === "en" ? id : str);
      if (s) for (const x of sentencesOf(s)) add(x);
    }
  }
  const max = Number(values["max-sentences"]);
  const chosen = sentences.length > max ? shuffled(sentences, prng).slice(0, max) : sentences;
  mkdirSync(dirname(values.out), { recursive: true });
  writeFileSync(values.out, chosen.join("\n") + "\n");
  writeFileSync(values.out.replace(/\.txt$/, ".meta.json"), JSON.stringify({ lang, ...counts, sentences_found: sentences.length, sentences: chosen.length }, null, 2));
  process.stderr.write(`${lang}: ${counts.man_pages} man pages, ${counts.catalogues} catalogues → ${sentences.length} sentences, ${chosen.length} kept → ${values.out}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
