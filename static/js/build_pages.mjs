// Builds each page's script as one file (`make pages`; docs/architecture.md, "Page scripts") with esbuild from
// node_modules, offline: static/build/pages/<entry>, the entry module and every module it imports, and
// static/build/pages/manifest.json, which names each bundle's source modules with their content's version.
// The server sends a page its bundle only while every source is still the version it was built from, and the
// modules one by one otherwise (server/http/page_bundles.py): an edited module shows at once, built or not.
// A fresh browser (a student's first visit, every test's new context) then asks for one script, not about 95.
// Built files: gitignored, never committed. Run from the repository's root: node static/js/build_pages.mjs

import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const SOURCES = join(ROOT, "static", "js");
const OUT = join(ROOT, "static", "build", "pages");
const NEXT = `${OUT}.next`; // built beside it, then put in its place: a server never reads half a build

// Every page's entry module, as the templates name it in scripts("...") (a test checks the two agree).
const ENTRIES = [
  "app.js",
  "code/code_lab.js",
  "play/play_page.js",
  "practice/exercise_page.js",
  "practice/exercise_results_page.js",
  "practice/exercise_review_page.js",
  "practice/path_page.js",
  "practice/path_results_page.js",
  "practice/path_new_page.js",
  "courses/course_page.js",
  "courses/course_new_page.js",
];

// The first 12 hex digits of a file's SHA-256: what server/http/asset_urls.py's content_version gives.
const version = (path) => createHash("sha256").update(readFileSync(path)).digest("hex").slice(0, 12);

rmSync(NEXT, { recursive: true, force: true });
mkdirSync(NEXT, { recursive: true });
const built = await esbuild.build({
  entryPoints: ENTRIES.map((entry) => join(SOURCES, entry)),
  outbase: SOURCES,
  outdir: NEXT,
  bundle: true,
  format: "esm",
  minify: true,
  sourcemap: "linked",
  target: ["chrome105", "firefox110", "safari16"],
  external: ["/vendor/*"], // the vendor ES modules stay the server's files, versioned by the page's import map
  metafile: true,
  absWorkingDir: ROOT, // the metafile's paths are relative to it
  logLevel: "warning",
});

// Every module the entry imports, directly or not, as esbuild read them: the output's own list of inputs leaves
// out a module whose code was all shaken away, yet an edit to it could change the bundle.
function imported(entryPoint) {
  const seen = new Set();
  const visit = (path) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const found of built.metafile.inputs[path].imports) if (!found.external) visit(found.path);
  };
  visit(entryPoint);
  return [...seen].sort();
}

const manifest = {};
for (const [output, about] of Object.entries(built.metafile.outputs)) {
  if (!about.entryPoint) continue; // a source map
  const entry = relative(SOURCES, join(ROOT, about.entryPoint)).split("\\").join("/");
  const sources = {};
  for (const input of imported(about.entryPoint)) {
    sources[relative(SOURCES, join(ROOT, input)).split("\\").join("/")] = version(join(ROOT, input));
  }
  // The vendor modules it imports (/vendor/qrcode.mjs): the page preloads them beside the bundle.
  const vendor = [...new Set(about.imports.filter((found) => found.external).map((found) => found.path))].sort();
  manifest[entry] = { bundle: relative(NEXT, join(ROOT, output)).split("\\").join("/"), sources, vendor };
}
const missing = ENTRIES.filter((entry) => !(entry in manifest));
if (missing.length) throw new Error(`no bundle for ${missing.join(", ")}`);
writeFileSync(join(NEXT, "manifest.json"), JSON.stringify(manifest, null, 1) + "\n");
rmSync(OUT, { recursive: true, force: true });
renameSync(NEXT, OUT);
console.log(`built ${ENTRIES.length} page scripts in ${relative(ROOT, OUT)}`);
