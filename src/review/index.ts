// `deidstack review`: one self-contained HTML page for a data-protection officer or annotator to look at a seeded
// sample of de-identified notes with every span highlighted in place, and to mark spans "wrong" and stretches
// "missed" (exported as review-mark JSONL, which `deidstack score --marks` reads as extra gold).
// Unlike every other output of deidstack, the page holds note text, on purpose: it is written mode 600, never over
// an existing file, and says at its top that it holds PHI and must stay on site. It makes no network request: a
// Content-Security-Policy allows only its own inline script (by sha256) and inline styles.
import { createHash } from "node:crypto";
import { open, rm } from "node:fs/promises";
import { DeidError, LABELS, OffsetMapper, isLabel, loadJsonlDocuments, readUtf8Lines, type Document, type Label } from "../contract/index.js";
import { REVIEW_MARK_FORMAT, Xoshiro128StarStar } from "../eval/index.js";
import { PAGE_SCRIPT } from "./page-script.js";

export interface ReviewSpan {
  /** UTF-16 offsets into the original text (the page's own unit; marks are exported in code points). */
  start: number;
  end: number;
  label: Label;
  detectors: string[];
  score: number | null;
  replacement: string;
}

export interface ReviewNote {
  document_id: string;
  text: string;
  spans: ReviewSpan[];
}

/** A seeded sample of n of `count` indices without replacement (partial Fisher-Yates), in input order. */
export function sampleIndices(count: number, n: number, seed: number): number[] {
  const idx = Array.from({ length: count }, (_, i) => i);
  const rng = Xoshiro128StarStar.fromSeed(seed);
  const k = Math.min(n, count);
  for (let i = 0; i < k; i++) {
    const j = i + rng.nextBelow(count - i);
    [idx[i], idx[j]] = [idx[j], idx[i]];
  }
  return idx.slice(0, k).sort((a, b) => a - b);
}

/** Reads `deidstack run` output records: id and spans (code points), checked against the input note's text. */
async function readOutput(path: string, byId: ReadonlyMap<string, Document>): Promise<Map<string, ReviewSpan[]>> {
  const out = new Map<string, ReviewSpan[]>();
  for await (const { text, line } of readUtf8Lines(path)) {
    if (text.trim() === "") continue;
    let rec: Record<string, unknown>;
    try {
      rec = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new DeidError("E_INPUT_FORMAT", `${path}: not valid JSON`, { line });
    }
    const id = rec.document_id;
    if (typeof id !== "string") throw new DeidError("E_INPUT_FORMAT", `${path}: document_id must be a string`, { line, field: "document_id" });
    const doc = byId.get(id);
    if (!doc) throw new DeidError("E_INPUT_FORMAT", `${path}: document ${JSON.stringify(id)} is not in the input notes`, { line, field: "document_id" });
    if (out.has(id)) throw new DeidError("E_INPUT_FORMAT", `${path}: document ${JSON.stringify(id)} appears twice`, { line, field: "document_id" });
    if (!Array.isArray(rec.spans)) throw new DeidError("E_INPUT_FORMAT", `${path}: spans must be an array`, { line, field: "spans" });
    const mapper = new OffsetMapper(doc.text);
    out.set(
      id,
      rec.spans.map((s: Record<string, unknown>, k: number) => {
        const field = `spans[${k}]`;
        if (!Number.isInteger(s.begin) || !Number.isInteger(s.end) || (s.end as number) <= (s.begin as number)) throw new DeidError("E_INPUT_FORMAT", `${path}: begin and end must be integers, begin < end`, { line, field });
        if (!isLabel(s.label)) throw new DeidError("E_INPUT_FORMAT", `${path}: label is not a contract label`, { line, field: `${field}.label` });
        let start: number;
        let end: number;
        try {
          start = mapper.toUtf16(s.begin as number);
          end = mapper.toUtf16(s.end as number);
        } catch {
          throw new DeidError("E_INPUT_FORMAT", `${path}: offsets outside the note's text (is this the output of these notes?)`, { line, field });
        }
        return {
          start,
          end,
          label: s.label,
          detectors: Array.isArray(s.detectors) ? s.detectors.filter((d): d is string => typeof d === "string") : [],
          score: typeof s.score === "number" ? s.score : null,
          replacement: typeof s.replacement === "string" ? s.replacement : "",
        };
      }),
    );
  }
  return out;
}

const CSS = `body{font-family:Helvetica,Arial,sans-serif;margin:0;color:#222;line-height:1.45}
#phi-banner{position:sticky;top:0;z-index:2;background:#b42318;color:#fff;padding:.6rem 1rem;font-weight:bold}
header,main{max-width:1100px;margin:0 auto;padding:0 1rem}
fieldset{display:inline-block;vertical-align:top;border:1px solid #ddd;margin:.4rem .4rem .4rem 0;font-size:.85rem}
fieldset label{display:inline-block;margin-right:.6rem}
pre.note-text{white-space:pre-wrap;font-family:Menlo,Consolas,monospace;font-size:.9rem;background:#fafafa;border:1px solid #eee;padding:.8rem}
mark.span{background:#ffe08a;border-radius:3px;padding:0 1px;cursor:pointer}
mark.span .meta{font-size:.7rem;color:#555;margin-left:.25rem;user-select:none;-webkit-user-select:none}
mark.span.off{background:none}
mark.span.off .meta{display:none}
mark.span.wrong{background:#f4b4b4;text-decoration:line-through}
mark.span.current{outline:2px solid #1f6feb}
mark.missed{background:#b7e4c7}
#status{font-size:.85rem;color:#444;min-height:1.2rem}
textarea{width:100%;height:6rem;font-family:Menlo,Consolas,monospace;font-size:.8rem}
section.note{border-top:1px solid #ddd;margin-top:1rem}
kbd{border:1px solid #bbb;border-radius:3px;padding:0 .25rem;font-size:.8rem}`;

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** JSON that cannot close the script element it sits in. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

export function reviewPageHtml(notes: readonly ReviewNote[], info: { input: string; output: string; seed: number; sampled: number; total: number }): string {
  const labels = [...new Set(notes.flatMap((n) => n.spans.map((s) => s.label)))].sort();
  const detectors = [...new Set(notes.flatMap((n) => n.spans.flatMap((s) => s.detectors)))].sort();
  const data = { format: REVIEW_MARK_FORMAT, notes, labels, detectors, allLabels: LABELS };
  const scriptHash = createHash("sha256").update(PAGE_SCRIPT).digest("base64");
  const csp = `default-src 'none'; script-src 'sha256-${scriptHash}'; style-src 'unsafe-inline'; img-src 'none'; connect-src 'none'; font-src 'none'; media-src 'none'; object-src 'none'; frame-src 'none'; form-action 'none'; base-uri 'none'`;
  const sections = notes
    .map(
      (n, i) => `<section class="note" id="note-${i}" data-document="${escapeHtml(n.document_id)}">
<h2>Note ${i + 1} of ${notes.length}: <code>${escapeHtml(n.document_id)}</code> (${n.spans.length} spans)</h2>
<pre class="note-text" id="text-${i}" data-note="${i}"></pre>
<ul class="missed-list" id="missed-${i}"></ul>
</section>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>deidstack review: ${notes.length} notes</title><style>${CSS}</style></head>
<body>
<div id="phi-banner" role="alert">This file contains PHI: the original text of ${notes.length} clinical notes. It must stay on site: do not e-mail, upload or copy it off the hospital's systems, and delete it when the review is done.</div>
<header>
<h1>Review of a de-identification run</h1>
<p>${info.sampled} of ${info.total} notes sampled with seed ${info.seed} from <code>${escapeHtml(info.input)}</code>, spans from <code>${escapeHtml(info.output)}</code>. Each span shows its label, detectors, score and replacement.</p>
<p>Keys: <kbd>j</kbd>/<kbd>↓</kbd> next span, <kbd>k</kbd>/<kbd>↑</kbd> previous, <kbd>n</kbd>/<kbd>p</kbd> next/previous note, <kbd>w</kbd> mark the current span wrong (again to undo), select text and <kbd>m</kbd> to mark it missed with the label below, <kbd>e</kbd> export the marks.</p>
<fieldset id="label-filters"><legend>Labels</legend></fieldset>
<fieldset id="detector-filters"><legend>Detectors</legend></fieldset>
<fieldset><legend>Marks</legend>
<button type="button" id="mark-wrong">Mark current span wrong (w)</button>
<label>Missed as <select id="missed-label"></select></label> <button type="button" id="mark-missed">Mark selection missed (m)</button>
<button type="button" id="export">Export marks (e)</button> <span id="mark-counts"></span></fieldset>
<p id="status" aria-live="polite"></p>
<details><summary>Marks as JSONL (what the export writes; offsets in code points, no text)</summary><textarea id="marks-jsonl" readonly></textarea></details>
</header>
<main>
${sections}
</main>
<script type="application/json" id="review-data">${scriptJson(data)}</script>
<script>${PAGE_SCRIPT}</script>
</body></html>
`;
}

export interface ReviewOptions {
  input: string;
  output: string;
  sample: number;
  seed: number;
  /** The HTML file to create (refused if it exists). */
  html: string;
}

export async function writeReview(opts: ReviewOptions): Promise<{ notes: number; spans: number; path: string }> {
  if (!Number.isInteger(opts.sample) || opts.sample < 1) throw new DeidError("E_CONFIG", "--sample must be a positive integer");
  if (!Number.isSafeInteger(opts.seed) || opts.seed < 0) throw new DeidError("E_CONFIG", "--seed must be a non-negative integer");
  const docs = await loadJsonlDocuments(opts.input);
  const byId = new Map(docs.map((d) => [d.document_id, d]));
  const spans = await readOutput(opts.output, byId);
  const reviewed = docs.filter((d) => spans.has(d.document_id));
  if (reviewed.length === 0) throw new DeidError("E_INPUT_EMPTY", "no note of the input is in the run output");
  const chosen = sampleIndices(reviewed.length, opts.sample, opts.seed).map((i) => reviewed[i]);
  const notes: ReviewNote[] = chosen.map((d) => ({ document_id: d.document_id, text: d.text, spans: spans.get(d.document_id)! }));
  const html = reviewPageHtml(notes, { input: opts.input, output: opts.output, seed: opts.seed, sampled: notes.length, total: reviewed.length });
  let handle;
  try {
    handle = await open(opts.html, "wx", 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") throw new DeidError("E_CONFIG", `${opts.html} exists already: the review page is never overwritten (it holds note text); name a new file`);
    throw new DeidError("E_CONFIG", `cannot create ${opts.html}`);
  }
  try {
    await handle.writeFile(html);
    await handle.chmod(0o600);
    await handle.close();
  } catch (err) {
    await handle.close().catch(() => undefined);
    await rm(opts.html, { force: true });
    throw err;
  }
  return { notes: notes.length, spans: notes.reduce((n, x) => n + x.spans.length, 0), path: opts.html };
}
