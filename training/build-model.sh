#!/usr/bin/env bash
# Builds one shipped model end to end: tokenizer → training windows → training → ONNX bundle.
# Usage: training/build-model.sh <nl|en> [max-minutes]   (run from the project root; not run by CI)
set -euo pipefail
lang="$1"
minutes="${2:-32}"
case "$lang" in
  nl) profiles="nl-BE"; name="meddeid-nl-small" ;;
  en) profiles="en-US,en-GB"; name="meddeid-en-small" ;;
  *) echo "usage: $0 <nl|en> [max-minutes]" >&2; exit 2 ;;
esac
out="models/$name"
data="training/data/$lang"
mkdir -p "$out" "$data"
# Held out from training (and from the tokenizer): the referral note type; evaluation also uses another seed and
# the invented name source (training/evaluate.ts).
# Both steps are deterministic; an existing result is reused.
[ -f "$out/tokenizer.json" ] || node --import tsx training/train-tokenizer.ts --profiles "$profiles" --n 6000 --seed 900 --vocab 8000 \
  --exclude-note-types referral --out "$out/tokenizer.json"
[ -f "$data/meta.json" ] || node --import tsx training/prepare-data.ts --profiles "$profiles" --n 16000 --seed 1 --tokenizer "$out/tokenizer.json" \
  --exclude-note-types referral --name-source faker --max-length 256 --out "$data"
/usr/bin/python3 training/train.py --data "$data" --tokenizer "$out/tokenizer.json" --out "$out" --name "$name" \
  --hidden 192 --layers 3 --heads 4 --ffn 768 --dropout 0.05 --tokens-per-batch 4096 --lr 1e-3 --seed 42 \
  --max-positions 512 --position-shift 0.5 --bundle-max-length 256 --save-torch "$data/model.pt" \
  --max-minutes "$minutes" ${MAX_STEPS:+--max-steps "$MAX_STEPS"}
