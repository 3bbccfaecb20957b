#!/usr/bin/python3
"""Trains a small dual-head RoBERTa-style token classifier (MedDeID layout) with Debian's torch, on windows
written by training/prepare-data.ts, and exports it to ONNX (opset 17) with bundle.json and a parity fixture.

No `transformers` library: the encoder is built here (learned absolute positions, post-LayerNorm blocks, GELU).

  /usr/bin/python3 training/train.py --data training/data/nl --tokenizer models/meddeid-nl-small/tokenizer.json \
      --out models/meddeid-nl-small --hidden 256 --layers 3 --heads 4 --ffn 1024 --max-minutes 33 --seed 42
"""
import os

# One BLAS thread unless asked otherwise: the machines are shared, and a second thread rarely helps here.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import json
import math
import random
import shutil
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


class SelfAttention(nn.Module):
    def __init__(self, hidden, heads, dropout):
        super().__init__()
        self.heads = heads
        self.head_dim = hidden // heads
        self.qkv = nn.Linear(hidden, 3 * hidden)
        self.out = nn.Linear(hidden, hidden)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, mask_bias):
        b, t, h = x.shape
        qkv = self.qkv(x).view(b, t, 3, self.heads, self.head_dim).permute(2, 0, 3, 1, 4)
        q, k, v = qkv[0], qkv[1], qkv[2]
        scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(self.head_dim) + mask_bias
        attn = self.dropout(torch.softmax(scores, dim=-1))
        ctx = torch.matmul(attn, v).transpose(1, 2).reshape(b, t, h)
        return self.out(ctx)


class Block(nn.Module):
    def __init__(self, hidden, heads, ffn, dropout):
        super().__init__()
        self.attn = SelfAttention(hidden, heads, dropout)
        self.ln1 = nn.LayerNorm(hidden, eps=1e-5)
        self.ff1 = nn.Linear(hidden, ffn)
        self.ff2 = nn.Linear(ffn, hidden)
        self.ln2 = nn.LayerNorm(hidden, eps=1e-5)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, mask_bias):
        x = self.ln1(x + self.dropout(self.attn(x, mask_bias)))
        return self.ln2(x + self.dropout(self.ff2(F.gelu(self.ff1(x)))))


class DualHeadTokenClassifier(nn.Module):
    """Shared encoder + dropout + bio_classifier (O, B, I) and label_classifier (14 entity labels)."""

    def __init__(self, vocab, hidden, layers, heads, ffn, max_positions, n_labels, pad_id, dropout=0.1):
        super().__init__()
        self.word_embeddings = nn.Embedding(vocab, hidden, padding_idx=pad_id)
        # max_positions 0 builds a position-free model (test fixtures whose outputs must not depend on windowing).
        self.position_embeddings = nn.Embedding(max_positions, hidden) if max_positions > 0 else None
        self.embeddings_ln = nn.LayerNorm(hidden, eps=1e-5)
        self.dropout = nn.Dropout(dropout)
        self.blocks = nn.ModuleList([Block(hidden, heads, ffn, dropout) for _ in range(layers)])
        self.bio_classifier = nn.Linear(hidden, 3)
        self.label_classifier = nn.Linear(hidden, n_labels)
        self.apply(self._init)

    @staticmethod
    def _init(m):
        if isinstance(m, (nn.Linear, nn.Embedding)):
            nn.init.normal_(m.weight, std=0.02)
        if isinstance(m, nn.Linear) and m.bias is not None:
            nn.init.zeros_(m.bias)

    def forward(self, input_ids, attention_mask, position_offset=0):
        ids = input_ids.long()
        x = self.word_embeddings(ids)
        if self.position_embeddings is not None:
            # Training shifts positions at random so rows beyond the training window length are learned too.
            positions = torch.arange(ids.shape[1], device=ids.device).unsqueeze(0)
            x = x + self.position_embeddings(positions + position_offset if position_offset else positions)
        x = self.dropout(self.embeddings_ln(x))
        mask_bias = (1.0 - attention_mask.to(x.dtype))[:, None, None, :] * -10000.0
        for block in self.blocks:
            x = block(x, mask_bias)
        x = self.dropout(x)
        return self.bio_classifier(x), self.label_classifier(x)


def load_windows(data_dir):
    ids = np.fromfile(os.path.join(data_dir, "ids.i32"), dtype=np.int32)
    bio = np.fromfile(os.path.join(data_dir, "bio.i8"), dtype=np.int8)
    ent = np.fromfile(os.path.join(data_dir, "entity.i8"), dtype=np.int8)
    lengths = np.fromfile(os.path.join(data_dir, "lengths.i32"), dtype=np.int32)
    offsets = np.concatenate([[0], np.cumsum(lengths)])
    with open(os.path.join(data_dir, "meta.json")) as f:
        meta = json.load(f)
    windows = [(ids[offsets[i]:offsets[i + 1]], bio[offsets[i]:offsets[i + 1]], ent[offsets[i]:offsets[i + 1]]) for i in range(len(lengths))]
    return windows, meta


def make_batch(windows, special):
    """Adds CLS/SEP, pads; special positions and padding are ignored by both losses (−100)."""
    longest = max(len(w[0]) for w in windows) + 2
    b = len(windows)
    input_ids = np.full((b, longest), special["pad"], dtype=np.int32)
    mask = np.zeros((b, longest), dtype=np.int32)
    bio = np.full((b, longest), -100, dtype=np.int64)
    ent = np.full((b, longest), -100, dtype=np.int64)
    for i, (ids, bi, en) in enumerate(windows):
        n = len(ids)
        input_ids[i, 0] = special["cls"]
        input_ids[i, 1:n + 1] = ids
        input_ids[i, n + 1] = special["sep"]
        mask[i, : n + 2] = 1
        bio[i, 1:n + 1] = bi
        e = en.astype(np.int64)
        e[e < 0] = -100
        ent[i, 1:n + 1] = e
    return torch.from_numpy(input_ids), torch.from_numpy(mask), torch.from_numpy(bio), torch.from_numpy(ent)


def batches(windows, tokens_per_batch, rng):
    """Buckets windows by length so padding stays small; batch size follows the token budget."""
    order = sorted(range(len(windows)), key=lambda i: len(windows[i][0]) + rng.random())
    out, cur, cur_max = [], [], 0
    for i in order:
        n = len(windows[i][0]) + 2
        if cur and max(cur_max, n) * (len(cur) + 1) > tokens_per_batch:
            out.append(cur)
            cur, cur_max = [], 0
        cur.append(i)
        cur_max = max(cur_max, n)
    if cur:
        out.append(cur)
    rng.shuffle(out)
    return out


def warm_start(model, onnx_path, old_tokenizer, new_tokenizer):
    """Copies every weight of an exported model (its initializers keep the state_dict names) whose shape matches;
    word embeddings row by row for the tokens both vocabularies share. Returns counts for the bundle."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
    from _torch_eager import initializers  # noqa: E402

    state = initializers(onnx_path)
    own = model.state_dict()
    copied = 0
    for k, v in own.items():
        if k == "word_embeddings.weight" or k not in state or state[k].shape != v.shape:
            continue
        own[k] = state[k]
        copied += 1
    old_vocab = json.load(open(old_tokenizer))["model"]["vocab"]
    new_vocab = json.load(open(new_tokenizer))["model"]["vocab"]
    old_emb = state["word_embeddings.weight"]
    emb = own["word_embeddings.weight"].clone()
    shared = 0
    for tok, i in new_vocab.items():
        j = old_vocab.get(tok)
        if j is not None and j < old_emb.shape[0] and i < emb.shape[0]:
            emb[i] = old_emb[j]
            shared += 1
    own["word_embeddings.weight"] = emb
    model.load_state_dict(own)
    return {"tensors_copied": copied, "embedding_rows_copied": shared, "vocab": len(new_vocab)}


def export_onnx(model, path, max_length):
    model.eval()
    dummy_ids = torch.ones((2, 16), dtype=torch.int32)
    dummy_mask = torch.ones((2, 16), dtype=torch.int32)
    torch.onnx.export(
        model,
        (dummy_ids, dummy_mask),
        path,
        input_names=["input_ids", "attention_mask"],
        output_names=["bio_logits", "label_logits"],
        dynamic_axes={
            "input_ids": {0: "batch", 1: "sequence"},
            "attention_mask": {0: "batch", 1: "sequence"},
            "bio_logits": {0: "batch", 1: "sequence"},
            "label_logits": {0: "batch", 1: "sequence"},
        },
        opset_version=17,
        # Without folding, initializers keep the state_dict names, so bench/meddeid-onnx.ts can rebuild the exact
        # torch model from model.onnx for its eager baseline; onnxruntime folds constants itself at load time.
        do_constant_folding=False,
    )


def parity_fixture(model, special, vocab, seed):
    """Fixed inputs and torch's logits, for the onnxruntime-node parity test."""
    g = torch.Generator().manual_seed(seed)
    ids = torch.randint(5, vocab, (2, 24), generator=g, dtype=torch.int64).to(torch.int32)
    ids[:, 0] = special["cls"]
    ids[0, 23] = special["sep"]
    ids[1, 17] = special["sep"]
    ids[1, 18:] = special["pad"]
    mask = torch.ones((2, 24), dtype=torch.int32)
    mask[1, 18:] = 0
    model.eval()
    with torch.no_grad():
        bio, lab = model(ids, mask)
    return {
        "input_ids": ids.tolist(),
        "attention_mask": mask.tolist(),
        "bio_logits": [[[round(float(v), 7) for v in tok] for tok in row] for row in bio],
        "label_logits": [[[round(float(v), 7) for v in tok] for tok in row] for row in lab],
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--tokenizer", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--name", default=None)
    ap.add_argument("--hidden", type=int, default=256)
    ap.add_argument("--layers", type=int, default=3)
    ap.add_argument("--heads", type=int, default=4)
    ap.add_argument("--ffn", type=int, default=1024)
    ap.add_argument("--dropout", type=float, default=0.1)
    ap.add_argument("--tokens-per-batch", type=int, default=8192)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--weight-decay", type=float, default=0.01)
    ap.add_argument("--warmup", type=float, default=0.06)
    ap.add_argument("--max-steps", type=int, default=0, help="fixed number of steps (step-based schedule); 0 = use --max-minutes")
    ap.add_argument("--max-minutes", type=float, default=32.0, help="time budget; the learning-rate schedule follows elapsed time")
    ap.add_argument("--max-positions", type=int, default=512, help="rows of the position table (≥ training window length)")
    ap.add_argument("--position-shift", type=float, default=0.5, help="share of batches whose positions are shifted at random")
    ap.add_argument("--bundle-max-length", type=int, default=0, help="inference window length written to bundle.json (default: training windows)")
    ap.add_argument("--save-torch", default="", help="also save the torch state_dict here (not shipped)")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--random-init-only", action="store_true", help="export without training (test fixtures)")
    ap.add_argument("--init-onnx", default="", help="warm start: copy the weights of this model.onnx (same architecture)")
    ap.add_argument("--outside-threshold", type=float, default=0.0, help="inference.outside_threshold written to bundle.json (0 = none: argmax)")
    ap.add_argument("--model-version", type=int, default=1, help="bundle.json model_version")
    ap.add_argument("--held-out", default="", help="comma-separated development sets held out of --data, recorded in bundle.json")
    ap.add_argument("--init-tokenizer", default="", help="the tokenizer.json of --init-onnx: embedding rows move to the same token of the new vocabulary")
    args = ap.parse_args()

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    rng = random.Random(args.seed)
    np.random.seed(args.seed)

    with open(args.tokenizer) as f:
        vocab_size = len(json.load(f)["model"]["vocab"])
    if args.random_init_only:
        meta = {"entity_labels": json.load(open(os.path.join(args.data, "meta.json")))["entity_labels"] if os.path.exists(os.path.join(args.data, "meta.json")) else None}
        windows = []
    else:
        windows, meta = load_windows(args.data)
    labels = meta["entity_labels"]
    special = meta.get("special") or {"cls": 0, "pad": 1, "sep": 2}
    max_length = meta.get("max_length", 512)

    max_positions = max(args.max_positions, max_length)
    bundle_max_length = args.bundle_max_length or max_length
    if bundle_max_length > max_positions:
        sys.exit(f"--bundle-max-length {bundle_max_length} exceeds the position table ({max_positions})")
    model = DualHeadTokenClassifier(vocab_size, args.hidden, args.layers, args.heads, args.ffn, max_positions, len(labels), special["pad"], args.dropout)
    init_note = None
    if args.init_onnx:
        init_note = warm_start(model, args.init_onnx, args.init_tokenizer, args.tokenizer)
        print(f"warm start from {args.init_onnx}: {init_note}", flush=True)
    n_params = sum(p.numel() for p in model.parameters())
    print(f"model: {n_params/1e6:.2f}M parameters, vocab {vocab_size}, hidden {args.hidden}, layers {args.layers}", flush=True)

    steps_done, tokens_seen, stopped_by, epochs = 0, 0, "random-init", 0
    started = time.time()
    if windows:
        budget_s = args.max_minutes * 60
        fixed_steps = args.max_steps > 0

        def progress():
            return steps_done / args.max_steps if fixed_steps else (time.time() - started) / budget_s

        def lr_factor(frac):
            return min((frac + 1e-3) / args.warmup, max(0.02, (1.0 - frac) / (1.0 - args.warmup)))

        no_decay = ["bias", "ln", "embeddings_ln"]
        params = [
            {"params": [p for n, p in model.named_parameters() if not any(k in n for k in no_decay)], "weight_decay": args.weight_decay},
            {"params": [p for n, p in model.named_parameters() if any(k in n for k in no_decay)], "weight_decay": 0.0},
        ]
        opt = torch.optim.AdamW(params, lr=args.lr)
        model.train()
        epoch_batches = []
        while progress() < 1.0:
            if not epoch_batches:
                epoch_batches = batches(windows, args.tokens_per_batch, rng)
                epochs += 1
            lr = args.lr * lr_factor(progress())
            for group in opt.param_groups:
                group["lr"] = lr
            batch = [windows[i] for i in epoch_batches.pop()]
            ids, mask, bio, ent = make_batch(batch, special)
            offset = rng.randint(0, max_positions - ids.shape[1]) if rng.random() < args.position_shift and max_positions > ids.shape[1] else 0
            bio_logits, label_logits = model(ids, mask, offset)
            loss = F.cross_entropy(bio_logits.reshape(-1, 3), bio.reshape(-1), ignore_index=-100)
            if (ent != -100).any():
                loss = loss + F.cross_entropy(label_logits.reshape(-1, len(labels)), ent.reshape(-1), ignore_index=-100)
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            steps_done += 1
            tokens_seen += int(mask.sum())
            elapsed = time.time() - started
            if steps_done % 20 == 0 or steps_done == 1:
                print(f"step {steps_done} epoch {epochs} loss {loss.item():.4f} lr {lr:.2e} tokens {tokens_seen} {elapsed/60:.1f} min ({tokens_seen/max(elapsed,1e-9):.0f} tok/s)", flush=True)
        stopped_by = "steps" if fixed_steps else "time"
    train_minutes = (time.time() - started) / 60

    os.makedirs(args.out, exist_ok=True)
    model.eval()
    export_onnx(model, os.path.join(args.out, "model.onnx"), max_positions)
    if os.path.abspath(args.tokenizer) != os.path.abspath(os.path.join(args.out, "tokenizer.json")):
        shutil.copyfile(args.tokenizer, os.path.join(args.out, "tokenizer.json"))
    name = args.name or os.path.basename(os.path.normpath(args.out))
    bundle = {
        "bundle_version": "meddeid.bundle.v1",
        "artifact_version": 1,
        "model_version": args.model_version,
        "name": name,
        "task": "dual_head_token_classification",
        "base_encoder": "none (trained from scratch by deidstack training/train.py)",
        "base_encoder_revision": None,
        "hidden_size": args.hidden,
        "weights": {"filename": "model.onnx", "format": "onnx"},
        "tokenizer_path": ".",
        "labels": {"bio": ["O", "B", "I"], "entity": labels},
        "inference": {"max_length": bundle_max_length, "overlap": 64, "min_entity_score": 0.0, **({"outside_threshold": args.outside_threshold} if args.outside_threshold > 0 else {})},
        "training": {
            "data": {k: meta.get(k) for k in ("profiles", "notes", "seed", "note_types", "name_source", "mixture", "prose_sentences", "hard_negatives", "dev_sets", "dev_repeat", "windows", "tokens") if k in meta},
            "architecture": {"hidden": args.hidden, "layers": args.layers, "heads": args.heads, "ffn": args.ffn, "dropout": args.dropout, "max_positions": max_positions, "training_window": max_length, "position_shift": args.position_shift, "vocab": vocab_size, "parameters": n_params},
            "optimiser": {"name": "AdamW", "peak_lr": args.lr, "schedule": "linear warmup then linear decay over " + ("steps" if args.max_steps > 0 else "elapsed time"), "weight_decay": args.weight_decay, "warmup": args.warmup, "tokens_per_batch": args.tokens_per_batch},
            "seed": args.seed,
            **({"held_out_dev_sets": args.held_out.split(",")} if args.held_out else {}),
            "warm_start": {"from": os.path.basename(os.path.dirname(os.path.abspath(args.init_onnx))) + "/model.onnx", **init_note} if init_note else None,
            "steps": steps_done,
            "tokens_seen": tokens_seen,
            "stopped_by": stopped_by,
            "epochs_started": epochs,
            "minutes": round(train_minutes, 1),
            "threads": args.threads,
            "torch": torch.__version__,
        },
    }
    with open(os.path.join(args.out, "bundle.json"), "w") as f:
        json.dump(bundle, f, indent=2)
    with open(os.path.join(args.out, "parity.json"), "w") as f:
        json.dump(parity_fixture(model, special, vocab_size, args.seed), f)
    if args.save_torch:
        torch.save(model.state_dict(), args.save_torch)
    print(f"done: {steps_done} steps, {tokens_seen} tokens, {train_minutes:.1f} min, stopped by {stopped_by} → {args.out}", flush=True)


if __name__ == "__main__":
    main()
