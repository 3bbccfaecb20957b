// Build step after copy-assets: builds the rules-nl-be lexicon and word-filter caches (`.cache/rules-nl-be/`) from
// the compiled plugin, so that the first run after a build, or after a change of the lists, does not spend 3-4 CPU-s
// building them in its first worker (docs/speed.md, session thirteen). A read-only checkout skips it as a run does.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const plugin = new URL("../dist/plugins/rules-nl-be/index.js", import.meta.url).href;
const t = process.cpuUsage();
const { loadRulesLexicon } = await import(plugin);
loadRulesLexicon(root);
const u = process.cpuUsage(t);
console.log(`warm-caches: rules-nl-be lexicon ready in .cache/rules-nl-be/ (${((u.user + u.system) / 1e6).toFixed(1)} CPU-s)`);
