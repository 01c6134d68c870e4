import { writeFile } from "node:fs/promises";
import { generateSchema, SCHEMA_FILE } from "./schema-source";

await writeFile(SCHEMA_FILE, await generateSchema());
process.stdout.write(`wrote ${SCHEMA_FILE.pathname}\n`);
