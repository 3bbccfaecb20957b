// Turns generated notes into token-labelled training windows for train.py, tokenised by the plugin's own
// tokenizer code (so training and inference see identical tokens and offsets).
//
// Usage: node --import tsx training/prepare-data.ts --profiles nl-BE --n 30000 --seed 1 --tokenizer models/x/tokenizer.json \
//          --exclude-note-types referral --max-length 512 --out training/data/nl
// Writes ids.i32, bio.i8, entity.i8 (−1 = no entity), lengths.i32 (one per window) and meta.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { MODEL_LABELS, type Document, type Span } from "../src/contract/index.js";
import { generateDocuments, NOTE_TYPES, type NameSource, type NoteType, type ProfileId } from "../src/synth/index.js";
import { tokenLabels } from "../plugins/meddeid-onnx/token-labels.js";
import { TextTokenizer } from "../plugins/meddeid-onnx/tokenizer.js";
import { planWindows } from "../plugins/meddeid-onnx/windows.js";

/** Joins consecutive notes into one text (blank line between) so training windows are full. */
function* packNotes(docs: Iterable<Document>, tokenizer: TextTokenizer, budget: number): Generator<{ text: string; spans: Span[] }> {
  let text = "";
  let spans: Span[] = [];
  let tokens = 0;
  for (const doc of docs) {
    const count = tokenizer.encode(doc.text).ids.length;
    if (tokens > 0 && tokens + count + 2 > budget) {
      yield { text, spans };
      text = "";
      spans = [];
      tokens = 0;
    }
    const offset = text.length === 0 ? 0 : text.length + 2;
    text = text.length === 0 ? doc.text : `${text}\n\n${doc.text}`;
    spans.push(...(doc.spans ?? []).map((s) => ({ ...s, start: s.start + offset, end: s.end + offset })));
    tokens += count + 2;
  }
  if (tokens > 0) yield { text, spans };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      profiles: { type: "string", default: "nl-BE" },
      n: { type: "string", default: "20000" },
      seed: { type: "string", default: "1" },
      tokenizer: { type: "string" },
      "exclude-note-types": { type: "string", default: "" },
      "name-source": { type: "string", default: "faker" },
      "max-length": { type: "string", default: "512" },
      overlap: { type: "string", default: "64" },
      out: { type: "string" },
    },
  });
  if (!values.tokenizer || !values.out) throw new Error("--tokenizer and --out are required");
  const tokenizer = await TextTokenizer.fromFile(values.tokenizer);
  const usable = Number(values["max-length"]) - 2;
  const overlap = Number(values.overlap);
  const excluded = values["exclude-note-types"].split(",").filter(Boolean);
  const noteTypes = NOTE_TYPES.filter((t) => !excluded.includes(t)) as NoteType[];
  const profiles = values.profiles.split(",") as ProfileId[];
  const n = Number(values.n);

  const ids: number[] = [];
  const bio: number[] = [];
  const entity: number[] = [];
  const lengths: number[] = [];
  let notes = 0;
  for (const profile of profiles) {
    const docs = generateDocuments({ profile, n: Math.ceil(n / profiles.length), seed: Number(values.seed), noteTypes, nameSource: values["name-source"] as NameSource });
    const counted = (function* () {
      for (const d of docs) {
        notes++;
        yield d;
      }
    })();
    for (const packed of packNotes(counted, tokenizer, usable)) {
      const tok = tokenizer.encode(packed.text);
      const labels = tokenLabels(packed.text, tok, packed.spans);
      for (const w of planWindows(tok.ids.length, usable, overlap)) {
        for (let t = w.start; t < w.end; t++) {
          ids.push(tok.ids[t]);
          bio.push(labels.bio[t]);
          entity.push(labels.entity[t]);
        }
        lengths.push(w.end - w.start);
      }
    }
  }
  mkdirSync(values.out, { recursive: true });
  writeFileSync(join(values.out, "ids.i32"), Buffer.from(Int32Array.from(ids).buffer));
  writeFileSync(join(values.out, "bio.i8"), Buffer.from(Int8Array.from(bio).buffer));
  writeFileSync(join(values.out, "entity.i8"), Buffer.from(Int8Array.from(entity).buffer));
  writeFileSync(join(values.out, "lengths.i32"), Buffer.from(Int32Array.from(lengths).buffer));
  const meta = {
    profiles,
    notes,
    seed: Number(values.seed),
    note_types: noteTypes,
    name_source: values["name-source"],
    windows: lengths.length,
    tokens: ids.length,
    max_length: usable + 2,
    overlap,
    entity_labels: MODEL_LABELS,
    bio_labels: ["O", "B", "I"],
    special: tokenizer.special,
  };
  writeFileSync(join(values.out, "meta.json"), JSON.stringify(meta, null, 2));
  process.stderr.write(`${notes} notes → ${lengths.length} windows, ${ids.length} tokens → ${values.out}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
