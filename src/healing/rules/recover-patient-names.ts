// Policy: the patient's names from metadata are found wherever they are written (MedDeID phase 2); particles
// ("de", "van") count only next to a found name, and a found name never cuts into another label's span.
import { foldSameLength, escapeRegExp, type Span } from "../../contract/index.js";
import type { HealingLexicon } from "../lexicon.js";
import { findWordBounded, findWordLiteral, foldedTextOf, perDocument } from "../cache.js";
import type { HealingRule } from "../index.js";
import { healedSpan, overlapping, strictlyContains } from "../spans.js";

interface Needle {
  source: string;
  /** Set when the needle is one plain word, found without a regex. */
  literal?: string;
  connector: boolean;
}

function patientNeedles(given: string, family: string, lex: HealingLexicon): Needle[] {
  const out = new Map<string, Needle>();
  const add = (token: string) => {
    const t = foldSameLength(token.trim()).replace(/\.$/, "");
    if (!t || !/\p{L}/u.test(t)) return;
    const parts = t.split(/[\s-]+/).filter(Boolean).map(escapeRegExp);
    const single = parts.length === 1 && [...parts[0]].length === 1;
    const source = single ? `${parts[0]}\\.?` : parts.join("[\\s-]+");
    const literal = parts.length === 1 && !single && parts[0] === t ? t : undefined;
    out.set(source, { source, literal, connector: lex.connectors.has(t) });
  };
  for (const g of given.split(/\s+/)) add(g);
  if (family.trim()) {
    add(family);
    for (const part of family.split(/[\s-]+/)) add(part);
  }
  return [...out.values()];
}


function whitespaceAdjacent(text: string, a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  const gap = a.end <= b.start ? text.slice(a.end, b.start) : b.end <= a.start ? text.slice(b.end, a.start) : "";
  return gap.length > 0 && /^\s+$/.test(gap);
}

export function recoverPatientNames(lex: HealingLexicon): HealingRule {
  return (spans, { document, options }) => {
    const patient = document.metadata?.patient;
    if (options.recover_names === false || !patient) return [...spans];
    const text = document.text;
    const found = perDocument(document, `patient-names:${lex.languages.join(",")}`, () => {
      const folded = foldedTextOf(document);
      const needles = patientNeedles(patient.given_name ?? "", patient.family_name ?? "", lex);
      return needles.flatMap((n) => (n.literal ? findWordLiteral(folded, n.literal) : findWordBounded(folded, n.source)).map((m) => ({ ...m, connector: n.connector })));
    });
    const accepted = found.filter((m) => !m.connector);
    const pending = found.filter((m) => m.connector);
    const patientSpans = spans.filter((s) => s.label === "Name:Patient");
    for (let changed = true; changed; ) {
      changed = false;
      for (let i = pending.length - 1; i >= 0; i--) {
        const c = pending[i];
        if ([...accepted, ...patientSpans].some((a) => whitespaceAdjacent(text, a, c))) {
          accepted.push(c);
          pending.splice(i, 1);
          changed = true;
        }
      }
    }
    let out: Span[] = [...spans];
    const ordered = [...new Map(accepted.map((m) => [`${m.start}:${m.end}`, m])).values()].sort(
      (a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start,
    );
    for (const m of ordered) {
      if (out.some((s) => s.start === m.start && s.end === m.end)) continue;
      if (out.some((s) => strictlyContains(s, m))) continue;
      if (out.some((s) => s.label !== "Name:Patient" && overlapping(s, m))) continue;
      out = out.filter((s) => !(s.label === "Name:Patient" && strictlyContains(m, s)));
      out.push(healedSpan(m.start, m.end, "Name:Patient", "recover-patient-names"));
    }
    return out;
  };
}
