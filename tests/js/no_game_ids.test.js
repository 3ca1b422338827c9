// The page keeps no game's rules (docs/architecture.md, "The rule"): no module under static/js names a
// built-in game by its id outside its comments. How to draw a game, name its sides, say its moves and its
// values comes with its trace (search/games/drawing.py); its menus and depth limits from the game registry
// (GET /api/catalogue, templates/index.html).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const IDS = /\b(tictactoe|connect4|isolation)\b/g;


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

test("no module under static/js names a built-in game outside its comments", () => {
  const naming = {};
  for (const path of files(join(ROOT, "static/js"))) {
    const found = code(readFileSync(path, "utf8")).match(IDS);
    if (found) naming[relative(ROOT, path)] = [...new Set(found)].sort();
  }
  assert.deepEqual(naming, {});
});

test("the comment stripper keeps code and drops comments", () => {
  assert.equal(code('const a = "connect4"; // tictactoe').trim(), 'const a = "connect4";');
  assert.equal(code("/* isolation */ f();").trim(), "f();");
  assert.equal(code('fetch("http://x/")').trim(), 'fetch("http://x/")');
});
