// MedDeID JSONL (the contract's own format): code-point offsets, nested subannotations, validated by the contract.
import { readJsonlDocuments, type Document } from "../../contract/index.js";
import type { CorpusAdapter } from "./types.js";

export const readMeddeidJsonl: CorpusAdapter = async (path, _options, warnings) => {
  const documents: Document[] = [];
  for await (const { document } of readJsonlDocuments(path)) {
    if (document.spans === undefined) {
      warnings.add("gold_without_spans", "gold documents without a spans field were scored as containing no PHI");
      document.spans = [];
    }
    documents.push(document);
  }
  return documents;
};
