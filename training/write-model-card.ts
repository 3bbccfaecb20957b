// Writes models/<name>/MODEL_CARD.md from bundle.json (training record) and eval.json (held-out evaluation).
// Usage: node --import tsx training/write-model-card.ts models/meddeid-nl-small
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2];
if (!dir) throw new Error("usage: write-model-card.ts <model dir>");
const bundle = JSON.parse(readFileSync(join(dir, "bundle.json"), "utf8"));
const evaluation = JSON.parse(readFileSync(join(dir, "eval.json"), "utf8"));
const t = bundle.training;
const a = t.architecture;
const lang = bundle.name.includes("-nl-") ? "nl" : "en";
const profiles = lang === "nl" ? "nl-BE" : "en-US,en-GB";
const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
const mb = (f: string) => (statSync(join(dir, f)).size / 1e6).toFixed(1);

const rows = Object.entries(evaluation.by_note_type as Record<string, { core_pii_recall: number; non_pii_redaction_rate: number; documents: number }>)
  .map(([type, r]) => `| ${type}${t.data.note_types.includes(type) ? "" : " (held out of training)"} | ${r.documents} | ${pct(r.core_pii_recall)} | ${pct(r.non_pii_redaction_rate)} |`)
  .join("\n");
const labelRows = Object.entries(evaluation.core_pii_recall_by_gold_label as Record<string, number>)
  .map(([label, r]) => `| ${label} | ${pct(r)} |`)
  .join("\n");

const card = `# ${bundle.name}

A small dual-head token classifier in MedDeID's bundle layout (\`bundle.json\`, \`tokenizer.json\`, \`model.onnx\`),
trained from scratch by deidstack on synthetic notes only. Use it with the \`meddeid-onnx\` detector
(\`use: meddeid-onnx\`, \`with: { model: ${lang}-small }\`). It is a small model for offline, out-of-the-box stacks,
not a replacement for MedDeID's released models (RobBERT/RoBERTa-base encoders fine-tuned on curated synthetic corpora).

## Model
- Encoder: RoBERTa-style, built by hand in \`training/train.py\` (no pre-trained weights): ${a.layers} post-LayerNorm
  blocks, hidden ${a.hidden}, ${a.heads} heads, feed-forward ${a.ffn}, GELU, learned positions (${a.max_positions} rows),
  ${(a.parameters / 1e6).toFixed(2)}M parameters. Heads: \`bio_classifier\` (O, B, I) and \`label_classifier\` (the
  contract's 14 model labels in contract order). Loss: cross-entropy of both heads, the label loss only on tokens
  inside gold entities.
- Tokenizer: byte-level BPE, ${a.vocab} tokens (specials \`<s> <pad> </s> <unk> <mask>\`, all 256 byte symbols, then the
  earliest merges), trained offline with the native \`tokenizers\` package on 6,000 generated notes (seed 900).
- ONNX: opset 17, inputs \`input_ids\`, \`attention_mask\` (int32, dynamic batch and sequence), outputs \`bio_logits\`,
  \`label_logits\` (float32). \`model.onnx\` ${mb("model.onnx")} MB, \`tokenizer.json\` ${mb("tokenizer.json")} MB.
- Inference settings (\`bundle.json\`): windows of max_length ${bundle.inference.max_length} (${bundle.inference.max_length - 2} tokens +
  CLS/SEP), overlap ${bundle.inference.overlap}, min_entity_score ${bundle.inference.min_entity_score}.

## Training data and run
- ${t.data.notes.toLocaleString("en")} generated notes (\`deidstack synth\`, profiles ${t.data.profiles.join(", ")}, seed ${t.data.seed},
  name source \`${t.data.name_source}\`, note types ${t.data.note_types.join(", ")} — **referral held out**),
  consecutive notes joined into windows of up to ${a.training_window} tokens: ${t.data.windows.toLocaleString("en")} windows,
  ${t.data.tokens.toLocaleString("en")} tokens.
- **Windows of ${a.training_window} tokens, not MedDeID's 512**: CPU time forced it (2 shared cores, one torch thread, a
  ~35-minute budget per model). Half the batches shift positions at random so all ${a.max_positions} position rows are
  trained; the bundle keeps max_length ${bundle.inference.max_length} to match the training context.
- AdamW (peak learning rate ${t.optimiser.peak_lr}, weight decay ${t.optimiser.weight_decay}, ${t.optimiser.schedule}, warmup
  ${t.optimiser.warmup}), ${t.optimiser.tokens_per_batch} tokens per batch, dropout ${a.dropout}, seed ${t.seed}:
  **${t.steps} steps, ${t.tokens_seen.toLocaleString("en")} tokens seen (${(t.tokens_seen / t.data.tokens).toFixed(2)} epochs)** in
  ${t.minutes} minutes on ${t.threads} thread (torch ${t.torch}, OpenBLAS), stopped by ${t.stopped_by}.

## Held-out evaluation
${evaluation.held_out.n_per_profile} notes per profile (${evaluation.held_out.profiles}), **seed ${evaluation.held_out.seed}** (training used
seed ${t.data.seed}), **name source \`${evaluation.held_out.name_source}\`** (syllable-built names that are in no faker list;
training used faker's names), all six note types including the held-out referral. Run through the
\`meddeid-onnx\` detector alone (no healing, no other detectors, no metadata). Rates are ratios of summed character
counts (\`src/eval\` \`countDocument\`): core-PII recall over gold sub-annotation characters of core categories;
non-PII redaction over characters outside gold spans.

| | notes | core-PII recall | non-PII redaction |
|---|---:|---:|---:|
| **all** | ${evaluation.overall.documents} | **${pct(evaluation.overall.core_pii_recall)}** | **${pct(evaluation.overall.non_pii_redaction_rate)}** |
${rows}

Core-PII recall by gold label:

| label | core-PII recall |
|---|---:|
${labelRows}

Span recall (gold spans touched by a prediction): ${pct(evaluation.overall.span_recall)}. These are generated notes from
the same generator family as the training notes; expect lower figures on real notes.

## Reproduce
\`\`\`sh
apt-get install -y python3-torch libopenblas0-pthread     # Debian torch 1.13.1, OpenBLAS (reference BLAS is ~20x slower)
npm ci                                                      # ONNXRUNTIME_NODE_INSTALL=skip; dev dependency tokenizers@0.23.2
MAX_STEPS=${t.steps} training/build-model.sh ${lang}                 # tokenizer → data → ${t.steps} steps (step-based schedule) → ONNX bundle
node --import tsx training/evaluate.ts --model models/${bundle.name} --profiles ${profiles} --n ${evaluation.held_out.n_per_profile} \\
  --seed ${evaluation.held_out.seed} --name-source ${evaluation.held_out.name_source} --write models/${bundle.name}/eval.json
node --import tsx training/write-model-card.ts models/${bundle.name}
\`\`\`
The shipped run used a time budget (\`training/build-model.sh ${lang} 32\`, learning rate following elapsed time);
\`MAX_STEPS=${t.steps}\` replays the same number of steps with a step-based schedule, so weights will be close to but
not bit-identical with the shipped ones. \`parity.json\` holds torch logits for fixed inputs; the test suite checks
that onnxruntime-node reproduces them within 1e-4.

## Licence and provenance
Weights and tokenizer: produced by deidstack (AGPL-3.0-only). Training notes: generated by \`src/synth\` from faker
locale data and MedDeID's clinical detail pools (AGPL-3.0-only, see \`src/synth/pools/NOTICE\`). No real patient data.
`;
writeFileSync(join(dir, "MODEL_CARD.md"), card);
console.log(`wrote ${join(dir, "MODEL_CARD.md")}`);
