// The page keeps no game's rules (issue #48, docs/architecture.md): no module under static/js names a
// built-in game by its id outside its comments. How to draw a game, name its sides and say its values
// comes with its trace (search/games/drawing.py) or from GET /api/catalogue. The files left below
// still do, each for the reason given; a file that stops needing its exception must leave the list.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const IDS = /\b(tictactoe|connect4|isolation)\b/g;

const LEFT = {
  // The narration's move words ("X plays the centre, cell 4", "O drops a disc in column 3") and the
  // movers' short names (P1, P2) per game: not yet carried by the trace.
  "static/js/narration/move_words.js": "move words per game, not yet from the trace",
  // The Search form's depth hint before a search starts (its form, static/js/search/search_form.js, is
  // the algorithm and game menus' part of the issue): to come from the catalogue's limits.
  "static/js/search/depth_needed.js": "the Search form's depth hints, to come from the catalogue",
};

function files(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.(m?js)$/.test(entry.name) ? [path] : [];
  });
}

// The code without its comments: /* ... */ blocks and // to the line's end (not a URL's "://").
function code(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'\\])\/\/.*$/gm, "$1");
}

test("no module under static/js names a built-in game outside its comments, but the few listed", () => {
  const naming = {};
  for (const path of files(join(ROOT, "static/js"))) {
    const found = code(readFileSync(path, "utf8")).match(IDS);
    if (found) naming[relative(ROOT, path)] = [...new Set(found)].sort();
  }
  assert.deepEqual(Object.keys(naming).sort(), Object.keys(LEFT).sort(), JSON.stringify(naming));
});

test("the comment stripper keeps code and drops comments", () => {
  assert.equal(code('const a = "connect4"; // tictactoe').trim(), 'const a = "connect4";');
  assert.equal(code("/* isolation */ f();").trim(), "f();");
  assert.equal(code('fetch("http://x/")').trim(), 'fetch("http://x/")');
});
