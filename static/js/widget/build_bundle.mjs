// Builds the Jupyter widget's bundle (`make widget`; docs/jupyter.md) with esbuild from
// node_modules, offline: search/jupyter/static/widget.js (widget_main.js, the page's modules it
// imports, and d3) and widget.css (the page's app.css and focus_view.css, then widget.css, all
// scoped under .mmlab-widget so a notebook's page keeps its own look). Both are built files:
// gitignored, never committed. Run from the repository's root: node static/js/widget/build_bundle.mjs

import { readFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const OUT = join(ROOT, "search", "jupyter", "static");
// Browsers that run JupyterLab 4; CSS nesting is lowered to plain selectors for them.
const TARGET = ["chrome105", "firefox110", "safari16"];

// The page's CSS nested under the widget's class: `.tree .node` becomes `.mmlab-widget .tree .node`,
// the page's :root (its colours) the widget's root; rules for the page's <body> match nothing.
function scopedCss() {
  const read = (name) => readFileSync(join(ROOT, "static", "css", name), "utf8");
  const page = [read("app.css"), read("focus_view.css")].join("\n").replace(/:root\b/g, "&");
  return `.mmlab-widget {\n${page}\n}\n${read("widget.css")}`;
}

mkdirSync(OUT, { recursive: true });
await esbuild.build({
  entryPoints: [join(ROOT, "static", "js", "widget", "widget_main.js")],
  bundle: true,
  format: "esm",
  minify: true,
  target: TARGET,
  inject: [join(ROOT, "static", "js", "widget", "d3_inject.mjs")],
  outfile: join(OUT, "widget.js"),
  logLevel: "warning",
});
await esbuild.build({
  stdin: { contents: scopedCss(), loader: "css", resolveDir: join(ROOT, "static", "css"), sourcefile: "widget.css" },
  minify: true,
  target: TARGET,
  outfile: join(OUT, "widget.css"),
  logLevel: "warning",
});
console.log(`built ${OUT}/widget.js and widget.css`);
