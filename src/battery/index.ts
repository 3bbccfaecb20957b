// The comparator battery: systems (stacks and external tools) × gold corpora, warm timing, one scorer, one paired
// bootstrap, and a results folder with tables, charts and reports (counts and rates only).
export * from "./config.js";
export * from "./hashing.js";
export * from "./systems.js";
export * from "./system-run.js";
export * from "./run.js";
export * from "./charts.js";
export * from "./report.js";
export * from "./artifacts.js";
export * from "./metric-words.js";
export * from "./perturb-report.js";
