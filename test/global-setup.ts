import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Gives the whole test run one temporary directory: every test (and every CLI or worker process it starts) gets it
 * as TMPDIR, and it is removed when the run ends, so a test that forgets its own clean-up leaves nothing in /tmp.
 * The count of what was left there is printed (directories only, never their contents).
 */
export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), "deidstack-tests-"));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    const left = readdirSync(dir).length;
    rmSync(dir, { recursive: true, force: true });
    if (left > 0) console.log(`test run: removed ${left} entries the tests left in their temporary directory`);
  };
}
