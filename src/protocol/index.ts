// Pre-registered protocols: schema, hash locks with append-only amendments, verification, and runs that read each
// prespecified statement as held or not held.
export * from "./schema.js";
export * from "./lock.js";
export * from "./statements.js";
export * from "./run.js";
