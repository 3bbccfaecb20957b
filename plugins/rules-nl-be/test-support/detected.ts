// The rule tests' round trip: the text of a marked string through the detector, and the spans whose label `keep`
// accepts rendered back in the same markup; a case passes when it comes back unchanged.
import { PROJECT_ROOT } from "../../../src/detectors/index.js";
import { loadRulesLexicon } from "../index.js";
import { detectSpans } from "../lib/detect.js";
import type { Lexicon } from "../lib/lexicon.js";
import { parseMarkup, renderMarkup } from "./markup.js";

let lexicon: Lexicon | undefined;

/** The plugin's lexicon, loaded once per test file (call it in `beforeAll` to keep the load out of a test's time). */
export function testLexicon(): Lexicon {
  lexicon ??= loadRulesLexicon(PROJECT_ROOT);
  return lexicon;
}

/** The detected spans of a marked string's text whose label `keep` accepts, rendered in the same markup. */
export function rendered(marked: string, keep: (label: string) => boolean = () => true): string {
  const { text } = parseMarkup(marked);
  return renderMarkup(text, detectSpans(text, testLexicon()).filter((s) => keep(s.label)));
}
