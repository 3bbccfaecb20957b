// Count matrices: per system, one Float64Array column per count field, one row per document (in gold order).
import type { DocumentCounts } from "./counts.js";

export interface CountMatrix {
  documentIds: readonly string[];
  /** Patient of each document (for clustered resampling); undefined where the gold has none. */
  patientIds: readonly (string | undefined)[];
  /** Column per count field, length = documentIds.length. A field absent here is 0 in every document. */
  columns: Readonly<Record<string, Float64Array>>;
}

/** Builds a matrix from per-document counts (fields missing from a document count as 0). */
export function buildCountMatrix(
  documentIds: readonly string[],
  patientIds: readonly (string | undefined)[],
  rows: readonly DocumentCounts[],
): CountMatrix {
  const columns: Record<string, Float64Array> = {};
  rows.forEach((row, d) => {
    for (const [field, value] of Object.entries(row)) {
      if (value === 0) continue;
      (columns[field] ??= new Float64Array(rows.length))[d] = value;
    }
  });
  return { documentIds, patientIds, columns };
}

const ZEROS = new Map<number, Float64Array>();

/** The column of a field (a shared all-zero column when the field never occurs). */
export function columnOf(matrix: CountMatrix, field: string): Float64Array {
  const c = matrix.columns[field];
  if (c) return c;
  const n = matrix.documentIds.length;
  let z = ZEROS.get(n);
  if (!z) ZEROS.set(n, (z = new Float64Array(n)));
  return z;
}

/** Column sums: the corpus totals every point estimate is computed from. */
export function totalsOf(matrix: CountMatrix): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [field, col] of Object.entries(matrix.columns)) {
    let s = 0;
    for (let i = 0; i < col.length; i++) s += col[i];
    out[field] = s;
  }
  return out;
}

/** The counts of one document back as an object (for inspection and tests). */
export function rowOf(matrix: CountMatrix, documentIndex: number): DocumentCounts {
  const out: DocumentCounts = {};
  for (const [field, col] of Object.entries(matrix.columns)) if (col[documentIndex] !== 0) out[field] = col[documentIndex];
  return out;
}
