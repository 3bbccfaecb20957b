// Synthetic annotated clinical notes in the MedDeID contract (imports only src/contract).
export { generateCorpus, generateDocuments, GENERATOR_VERSION, type SynthOptions } from "./generate.js";
export { NOTE_TYPES, type NoteType } from "./notes/context.js";
export { PROFILE_IDS, type ProfileId } from "./world.js";
export type { NameSource } from "./sources.js";
export { deriveSeed, Prng } from "./prng.js";
export { dutchClinicalPools, ENGLISH_POOLS, HARD_NEGATIVES, type ClinicalPool } from "./clinical.js";
