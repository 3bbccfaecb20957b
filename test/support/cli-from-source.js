#!/usr/bin/env node
// The CLI from its TypeScript sources (tsx), for tests: they exercise the code as it is now, not the last build.
import { register } from "tsx/esm/api";

register();
await import("../../src/cli/main.ts");
