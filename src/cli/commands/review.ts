// `deidstack review`: a seeded sample of a run's notes as one self-contained HTML page for human review (it holds
// note text: mode 600, never overwritten; see docs/review.md).
import type { Command } from "commander";

export interface ReviewCommandOptions {
  input: string;
  output: string;
  sample: number;
  seed: number;
  html: string;
}

export async function reviewCommand(opts: ReviewCommandOptions) {
  const { writeReview } = await import("../../review/index.js");
  return writeReview(opts);
}

const int = (v: string) => Number.parseInt(v, 10);

/** Declares the command on the CLI (main.ts calls this once). */
export function registerReviewCommand(program: Command): void {
  program
    .command("review")
    .description("write one self-contained HTML page (holds PHI: mode 600) to review a sample of a run's spans in place, and export wrong/missed marks")
    .requiredOption("--input <notes.jsonl>", "the notes the run read")
    .requiredOption("--output <out.jsonl>", "the run's output")
    .option("--sample <n>", "notes to sample", int, 20)
    .option("--seed <seed>", "sampling seed", int, 1)
    .requiredOption("-o, --html <review.html>", "page to create (refused if it exists)")
    .action(async (o: ReviewCommandOptions) => {
      const r = await reviewCommand(o);
      process.stderr.write(`wrote ${r.path} (${r.notes} notes, ${r.spans} spans; mode 600: it holds note text and must stay on site)\n`);
    });
}
