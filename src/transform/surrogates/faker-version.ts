// The installed @faker-js/faker version (its locale data are the replacement values).
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export const version: string = (require("@faker-js/faker/package.json") as { version: string }).version;
