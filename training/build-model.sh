#!/usr/bin/env bash
# Builds one shipped model end to end: ordinary-prose corpora → tokenizer → mixed training windows → training →
# ONNX bundle. Usage: training/build-model.sh <nl|en> [max-minutes] [out-dir]   (run from the project root; not run by CI)
#
# Needs (Debian): python3-torch libopenblas0-pthread groff-base manpages manpages-nl manpages-fr wdutch wfrench
# wamerican, and ../shared (or SHARED=<path>) for the DEDUCE and Belgian lookup lists. Nothing built here is committed
# except the bundle: corpora and windows stay in training/data/ (ignored by git).
#
# WARM_START=<model dir> starts from that model's weights (same architecture; embeddings move token by token to the
# new vocabulary). The shipped 2.x models started from the 1.x models (git: `git show ebea80b:models/meddeid-nl-small/model.onnx`, `097991a` for meddeid-en-small,
# and tokenizer.json); without it training starts from random weights and needs more time.
set -euo pipefail
lang="$1"
minutes="${2:-75}"
case "$lang" in
  nl) profiles="nl-BE"; name="meddeid-nl-small"; prose="nl fr"; dict=/usr/share/dict/dutch ;;
  en) profiles="en-US,en-GB"; name="meddeid-en-small"; prose="en"; dict=/usr/share/dict/american-english ;;
  *) echo "usage: $0 <nl|en> [max-minutes] [out-dir]" >&2; exit 2 ;;
esac
out="${3:-models/$name}"
shared="${SHARED:-../shared}"
data="training/data/$lang-mixed"
mkdir -p "$out" training/data/prose training/data/tok
for p in $prose; do
  [ -f "training/data/prose/$p.txt" ] || node --import tsx training/build-prose.ts --lang "$p" --max-pages 1200 --shared "$shared" --out "training/data/prose/$p.txt"
done
# Dutch prose is scarce, so the tokenizer reads it twice; dictionary words get a leading space, so their pieces are
# learned as they occur inside a sentence.
case "$lang" in
  nl) extra="training/data/prose/nl.txt,training/data/prose/nl.txt,training/data/prose/fr.txt" ;;
  en) extra="training/data/prose/en.txt" ;;
esac
sed 's/^/ /' "$dict" > "training/data/tok/dict-$lang.txt"
extra="$extra,training/data/tok/dict-$lang.txt"
tok="training/data/tok/$lang-final.json"
# Held out from training (and from the tokenizer): the referral note type; evaluation also uses another seed and
# the invented name source (training/evaluate.ts). Both steps are deterministic; an existing result is reused.
[ -f "$tok" ] || node --import tsx training/train-tokenizer.ts --profiles "$profiles" --n 1000 --seed 900 --vocab 8000 \
  --exclude-note-types referral --extra "$extra" --out "$tok"
prose_files=""
for p in $prose; do prose_files="$prose_files,training/data/prose/$p.txt"; done
[ -f "$data/meta.json" ] || node --import tsx training/prepare-mixed.ts --lang "$lang" --tokenizer "$tok" --prose "${prose_files#,}" \
  --notes 7000 --seed 1 --shared "$shared" --out "$data"
warm=()
[ -n "${WARM_START:-}" ] && warm=(--init-onnx "$WARM_START/model.onnx" --init-tokenizer "$WARM_START/tokenizer.json")
nice -n 5 /usr/bin/python3 training/train.py --data "$data" --tokenizer "$tok" --out "$out" --name "$name" \
  --hidden 192 --layers 3 --heads 4 --ffn 768 --dropout 0.05 --tokens-per-batch 4096 --lr 7e-4 --warmup 0.04 --seed 42 \
  --max-positions 512 --position-shift 0.5 --bundle-max-length 256 --save-torch "$data/model.pt" \
  --max-minutes "$minutes" ${MAX_STEPS:+--max-steps "$MAX_STEPS"} "${warm[@]}"
