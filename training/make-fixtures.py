#!/usr/bin/python3
"""Writes the small random-weight ONNX fixtures used by plugins/meddeid-onnx tests (not run by CI):

  tiny/          dual-head bundle, 1 transformer layer (int32 inputs) + parity.json (torch logits for fixed inputs)
  context-free/  dual-head bundle without attention or positions: each token's logits depend on that token only,
                 so any windowing must give exactly the logits of one long window
  hf-typed/      Hugging Face-style export: config.json id2label with typed BIO tags, int64 inputs, output `logits`

  node --import tsx training/train-tokenizer.ts --profiles nl-BE,en-GB --n 600 --seed 5 --vocab 600 --out /tmp/tiny-tokenizer.json
  /usr/bin/python3 training/make-fixtures.py /tmp/tiny-tokenizer.json plugins/meddeid-onnx/fixtures
"""
import json
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(__file__))
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import torch  # noqa: E402
import torch.nn as nn  # noqa: E402

from train import DualHeadTokenClassifier, export_onnx, parity_fixture  # noqa: E402

MODEL_LABELS = [
    "Address_Location:Caregiver", "Address_Location:Other", "Address_Location:Patient", "Age_Birthdate", "Contactdetails",
    "Date", "ID:Caregiver", "ID:Patient", "Name:Caregiver", "Name:Other", "Name:Patient", "Organization:Healthcare",
    "Organization:Other", "Profession",
]
SPECIAL = {"cls": 0, "pad": 1, "sep": 2}


def bundle(name, max_length):
    return {
        "bundle_version": "meddeid.bundle.v1", "artifact_version": 1, "model_version": 1, "name": name,
        "task": "dual_head_token_classification", "base_encoder": "none (random weights, test fixture)",
        "weights": {"filename": "model.onnx", "format": "onnx"}, "tokenizer_path": ".",
        "labels": {"bio": ["O", "B", "I"], "entity": MODEL_LABELS},
        "inference": {"max_length": max_length, "overlap": 64, "min_entity_score": 0.0},
    }


def spiky(model, scale):
    """Random weights scaled up so that argmaxes vary from token to token (spans of several kinds appear)."""
    with torch.no_grad():
        for p in model.parameters():
            if p.dim() > 1:
                p.mul_(scale)


class MaskedOutputs(nn.Module):
    """Zeroes outputs at padding, which keeps attention_mask an input of models that otherwise ignore it."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, input_ids, attention_mask):
        bio, lab = self.model(input_ids, attention_mask)
        m = attention_mask.unsqueeze(-1).to(torch.float32)
        return bio * m, lab * m


class TypedBio(nn.Module):
    def __init__(self, vocab, hidden, classes):
        super().__init__()
        self.emb = nn.Embedding(vocab, hidden)
        self.proj = nn.Linear(hidden, classes)

    def forward(self, input_ids, attention_mask):
        return self.proj(torch.tanh(self.emb(input_ids))) * attention_mask.unsqueeze(-1).to(torch.float32)


def main():
    tokenizer, out = sys.argv[1], sys.argv[2]
    vocab = len(json.load(open(tokenizer))["model"]["vocab"])
    torch.manual_seed(7)

    tiny_dir = os.path.join(out, "tiny")
    os.makedirs(tiny_dir, exist_ok=True)
    tiny = DualHeadTokenClassifier(vocab, 32, 1, 2, 64, 512, len(MODEL_LABELS), SPECIAL["pad"], 0.0)
    spiky(tiny, 40)
    export_onnx(tiny, os.path.join(tiny_dir, "model.onnx"), 512)
    json.dump(bundle("tiny-random", 128), open(os.path.join(tiny_dir, "bundle.json"), "w"), indent=2)
    json.dump(parity_fixture(tiny, SPECIAL, vocab, 3), open(os.path.join(tiny_dir, "parity.json"), "w"))
    shutil.copyfile(tokenizer, os.path.join(tiny_dir, "tokenizer.json"))

    cf_dir = os.path.join(out, "context-free")
    os.makedirs(cf_dir, exist_ok=True)
    cf = DualHeadTokenClassifier(vocab, 16, 0, 2, 32, 0, len(MODEL_LABELS), SPECIAL["pad"], 0.0)
    spiky(cf, 60)
    export_onnx(MaskedOutputs(cf), os.path.join(cf_dir, "model.onnx"), 512)
    json.dump(bundle("context-free-random", 128), open(os.path.join(cf_dir, "bundle.json"), "w"), indent=2)
    shutil.copyfile(tokenizer, os.path.join(cf_dir, "tokenizer.json"))

    hf_dir = os.path.join(out, "hf-typed")
    os.makedirs(hf_dir, exist_ok=True)
    tags = ["O", "B-PATIENT", "I-PATIENT", "B-DATE", "I-DATE", "B-DOCTOR", "I-DOCTOR", "B-HOSPITAL", "I-HOSPITAL"]
    hf = TypedBio(vocab, 16, len(tags))
    spiky(hf, 30)
    hf.eval()
    ids = torch.ones((1, 8), dtype=torch.int64)
    torch.onnx.export(hf, (ids, torch.ones((1, 8), dtype=torch.int64)), os.path.join(hf_dir, "model.onnx"),
                      input_names=["input_ids", "attention_mask"], output_names=["logits"],
                      dynamic_axes={n: {0: "batch", 1: "sequence"} for n in ["input_ids", "attention_mask", "logits"]},
                      opset_version=17)
    config = {"model_type": "roberta", "max_position_embeddings": 130, "architectures": ["RobertaForTokenClassification"],
              "id2label": {str(i): t for i, t in enumerate(tags)}, "label2id": {t: i for i, t in enumerate(tags)}}
    json.dump(config, open(os.path.join(hf_dir, "config.json"), "w"), indent=2)
    shutil.copyfile(tokenizer, os.path.join(hf_dir, "tokenizer.json"))
    print("fixtures written to", out)


if __name__ == "__main__":
    main()
