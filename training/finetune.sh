#!/usr/bin/env bash
# Builds a fine-tuned model (5.x): the shipped model's weights and tokenizer, fine-tuned on a mixture of generated
# notes, ordinary prose (with and without inserted identifiers), short inputs, hard negatives, mined negatives (MINED:
# comma-separated files of prose sentences the model flagged, training/mine-negatives.ts; each also with inserted
# identifiers) and the hand-written development documents of eval-sets/<lang>/dev except two held-out parts, never
# trained on: HELD (default: the round-twelve sets t-*-r12, scored only at the start and end of a session) and
# CALIBRATE (default: the round-eleven sets t-*-r11, on which training/calibrate.ts chooses outside_threshold). Test sets
# are never read.
# Usage: training/finetune.sh <nl|en> <from-model-dir> [minutes] [out-dir]
#   (optional: MODEL_VERSION, DEV_REPEAT, NOTES (generated notes, default 3000), MINED, MINED_MAX)
# Needs what training/build-model.sh needs (Debian python3-torch, libopenblas0-pthread, manpages*, wdutch, wfrench,
# wamerican, groff-base; ../shared or SHARED=<path>). Corpora and windows stay in training/data/ (ignored by git).
set -euo pipefail
lang="$1"
from="$2"
minutes="${3:-25}"
shared="${SHARED:-../shared}"
case "$lang" in
  nl) name="meddeid-nl-small"; prose="nl fr"; dev_langs="nl fr"; threshold=0.9 ;;
  en) name="meddeid-en-small"; prose="en"; dev_langs="en"; threshold="${OUTSIDE_THRESHOLD:-0.9}" ;;
  *) echo "usage: $0 <nl|en> <from-model-dir> [minutes] [out-dir]" >&2; exit 2 ;;
esac
out="${4:-training/data/out-$lang}"
mkdir -p training/data/prose "$out"
prose_files=""
for p in $prose; do
  [ -f "training/data/prose/$p.txt" ] || node --import tsx training/build-prose.ts --lang "$p" --max-pages 400 --shared "$shared" --out "training/data/prose/$p.txt"
  prose_files="$prose_files,training/data/prose/$p.txt"
done
held="${HELD:-^t-.*-r12\$}"
calibrate="${CALIBRATE:-^t-.*-r11\$}"
dev=""
held_out=""
for l in $dev_langs; do
  for f in eval-sets/$l/dev/*.jsonl; do
    b="$(basename "$f" .jsonl)"
    # -e: a pattern may start with a dash (the default CALIBRATE does)
    if echo "$b" | grep -Eq -e "$held" || echo "$b" | grep -Eq -e "$calibrate"; then held_out="$held_out,$l/dev/$(basename "$f" .jsonl)"; else dev="$dev,$f"; fi
  done
done
data="training/data/$lang-ft"
node --import tsx training/prepare-mixed.ts --lang "$lang" --tokenizer "$from/tokenizer.json" --prose "${prose_files#,}" \
  --notes "${NOTES:-3000}" --seed 3 --shared "$shared" --prose-share "$([ "$lang" = nl ] && echo 0.06 || echo 0.09)" --short 20000 \
  --prose-negatives 6000 --dev "${dev#,}" --dev-repeat "${DEV_REPEAT:-3}" \
  --mined "${MINED:-}" --mined-max "${MINED_MAX:-40000}" --out "$data"
nice -n 10 /usr/bin/python3 training/train.py --data "$data" --tokenizer "$from/tokenizer.json" --out "$out" --name "$name" \
  --hidden 192 --layers 3 --heads 4 --ffn 768 --dropout 0.05 --tokens-per-batch 4096 --lr 3e-4 --warmup 0.05 --seed 42 \
  --max-positions 512 --position-shift 0.5 --bundle-max-length 256 --max-minutes "$minutes" \
  --init-onnx "$from/model.onnx" --init-tokenizer "$from/tokenizer.json" --outside-threshold "$threshold" --model-version "${MODEL_VERSION:-5}" \
  --held-out "${held_out#,}" --save-torch "$data/model.pt"
