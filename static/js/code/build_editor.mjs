// Builds the code lab's editor (`make editor`; docs/code-lab.md) with esbuild from node_modules,
// offline: static/build/code_editor.js, CodeMirror 6 and its Python mode in one ES module
// (editor_bundle.mjs). A built file: gitignored, never committed.
// Run from the repository's root: node static/js/code/build_editor.mjs

import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const OUT = join(ROOT, "static", "build", "code_editor.js");

mkdirSync(dirname(OUT), { recursive: true });
await esbuild.build({
  entryPoints: [join(ROOT, "static", "js", "code", "editor_bundle.mjs")],
  bundle: true,
  format: "esm",
  minify: true,
  target: ["chrome105", "firefox110", "safari16"],
  outfile: OUT,
  logLevel: "warning",
});
console.log(`built ${OUT}`);
