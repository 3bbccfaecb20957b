export * from "./taxonomy.js";
export * from "./document.js";
export * from "./errors.js";
export * from "./offsets.js";
export * from "./disk.js";
export * from "./jsonl.js";
export * from "./label-maps.js";
export * from "./spans.js";
