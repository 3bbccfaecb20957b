#!/usr/bin/python3
"""Torch eager baseline for bench/meddeid-onnx.ts: rebuilds the exact torch model from model.onnx (its initializers
carry the state_dict names, see training/train.py) and times inference on the windows the bench wrote.

  /usr/bin/python3 bench/_torch_eager.py <model dir> <batches.json>   → one JSON line on stdout
"""
import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import json  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402
import torch  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "training"))
from train import DualHeadTokenClassifier  # noqa: E402

FLOAT = 1


def varint(b, i):
    r = s = 0
    while True:
        c = b[i]
        i += 1
        r |= (c & 0x7F) << s
        s += 7
        if c < 0x80:
            return r, i


def fields(b):
    """Protocol-buffer fields of a message: (field number, value) with length-delimited values as bytes."""
    i = 0
    while i < len(b):
        key, i = varint(b, i)
        f, wt = key >> 3, key & 7
        if wt == 0:
            v, i = varint(b, i)
            yield f, v
        elif wt == 2:
            n, i = varint(b, i)
            yield f, b[i:i + n]
            i += n
        elif wt == 5:
            yield f, b[i:i + 4]
            i += 4
        elif wt == 1:
            yield f, b[i:i + 8]
            i += 8
        else:
            raise ValueError("unsupported wire type")


def initializers(path):
    """ONNX ModelProto.graph (7) → TensorProto initializers (5): dims (1), data_type (2), name (8), raw_data (9)."""
    model = open(path, "rb").read()
    graph = next(v for f, v in fields(model) if f == 7)
    out = {}
    for f, v in fields(graph):
        if f != 5:
            continue
        dims, dtype, name, raw = [], None, None, None
        for g, x in fields(v):
            if g == 1:
                dims.append(x)
            elif g == 2:
                dtype = x
            elif g == 8:
                name = x.decode()
            elif g == 9:
                raw = x
        if dtype == FLOAT and raw is not None and name is not None:
            out[name] = torch.from_numpy(np.frombuffer(raw, dtype="<f4").copy().reshape(dims))
    return out


def main():
    model_dir, batches_path = sys.argv[1], sys.argv[2]
    torch.set_num_threads(1)
    bundle = json.load(open(os.path.join(model_dir, "bundle.json")))
    arch = bundle["training"]["architecture"]
    model = DualHeadTokenClassifier(arch["vocab"], arch["hidden"], arch["layers"], arch["heads"], arch["ffn"], arch["max_positions"],
                                    len(bundle["labels"]["entity"]), 1, 0.0)
    state = initializers(os.path.join(model_dir, "model.onnx"))
    missing = [k for k in model.state_dict() if k not in state]
    if missing:
        print(json.dumps({"error": f"model.onnx lacks initializers {missing[:3]} (exported with constant folding?)"}))
        return
    model.load_state_dict({k: state[k] for k in model.state_dict()})
    model.eval()
    data = json.load(open(batches_path))
    batches = [(torch.tensor(b["ids"], dtype=torch.int32), torch.tensor(b["mask"], dtype=torch.int32)) for b in data["batches"]]
    with torch.no_grad():
        first_bio, _ = model(*batches[0])
        for ids, mask in batches[: data.get("warmup", 2)]:
            model(ids, mask)
        seconds = cpu_seconds = float("inf")
        for _ in range(data.get("rounds", 1)):
            started, cpu_started = time.perf_counter(), time.process_time()
            for ids, mask in batches:
                model(ids, mask)
            seconds = min(seconds, time.perf_counter() - started)
            cpu_seconds = min(cpu_seconds, time.process_time() - cpu_started)
    ref = np.array(data["first_bio_logits"], dtype=np.float32).reshape(first_bio.shape)
    diff = float(np.max(np.abs(first_bio.numpy() - ref) * batches[0][1].numpy()[..., None]))
    print(json.dumps({"seconds": seconds, "cpu_seconds": cpu_seconds, "batches": len(batches), "max_abs_diff_vs_onnx": diff, "torch": torch.__version__}))


if __name__ == "__main__":
    main()
