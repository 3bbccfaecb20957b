// Counted warnings: the scorer never skips input silently; every tolerated irregularity is tallied by code.

/** A tolerated irregularity, counted. Messages carry counts, ids, offsets or labels only, never note text. */
export interface EvalWarning {
  code: string;
  count: number;
  message: string;
}

/** Collects warnings by code; the first message given for a code describes every occurrence. */
export class WarningTally {
  private readonly byCode = new Map<string, EvalWarning>();

  add(code: string, message: string, count = 1): void {
    if (count <= 0) return;
    const existing = this.byCode.get(code);
    if (existing) existing.count += count;
    else this.byCode.set(code, { code, count, message });
  }

  addAll(warnings: readonly EvalWarning[]): void {
    for (const w of warnings) this.add(w.code, w.message, w.count);
  }

  count(code: string): number {
    return this.byCode.get(code)?.count ?? 0;
  }

  toArray(): EvalWarning[] {
    return [...this.byCode.values()].map((w) => ({ ...w }));
  }
}
