export * from "./config.js";
export * from "./union.js";
export * from "./scope.js";
export * from "./orchestrator.js";
export * from "./preset-family.js";
export * from "./site.js";
