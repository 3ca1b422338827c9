// The LaTeX writer (static/js/export/latex_export.js): labels escaped as text, the presentation
// model's statuses, windows, cuts and chosen move as TikZ styles, and the node limits.
import { test } from "node:test";
import assert from "node:assert/strict";
import { MAX_LATEX_GAME_NODES, MAX_LATEX_NODES, latexText, latexValue, treeToTikz } from "../../../static/js/export/latex_export.js";
import { Status } from "../../../static/js/view/presentation.js";
import { goldenEvents, replayOf, stepWhere } from "../golden_traces.js";

// Any layout will do for what is written: one column per node, one row per depth.
function tikzAt(replay, k, title = "test") {
  const t = replay.tree;
  const x = t.ids.map((_, i) => i * 40);
  const y = t.ids.map((_, i) => (t.pathTo(i).length - 1) * 108);
  return treeToTikz({ tree: t, state: replay.stateAt(k), x, y, drawn: t.size, title }).text;
}

const count = (text, part) => text.split(part).length - 1;

test("TeX's special characters in a label come out as text", () => {
  assert.equal(
    latexText("a_b & {c} $#^%~\\ <x>"),
    "a\\_b \\& \\{c\\} \\$\\#\\^{}\\%\\textasciitilde{}\\textbackslash{} \\textless{}x\\textgreater{}",
  );
  assert.equal(latexText("|\"`'-"), "\\textbar{}{\\ttfamily\\char34}\\textasciigrave{}\\textquotesingle{}-{}");
});

test("HTML-ish labels are text too, and unknown glyphs become ?", () => {
  assert.equal(latexText("<img src=x onerror=alert(1)>"), "\\textless{}img src=x onerror=alert(1)\\textgreater{}");
  assert.equal(latexText("αβ ∞ é"), "$\\alpha$$\\beta$ $\\infty$ é");
  assert.equal(latexText("a\tb\u00a0c"), "a b c");
  assert.equal(latexText("木🙂"), "??");
});

test("values as the slides write them", () => {
  assert.equal(latexValue(Infinity), "$\\infty$");
  assert.equal(latexValue(-Infinity), "$-\\infty$");
  assert.equal(latexValue(-3), "$-$3");
  assert.equal(latexValue(undefined), "");
});

test("a label with TeX specials is escaped in the document, never written raw", () => {
  const events = goldenEvents("lecture");
  const start = structuredClone(events[0]);
  start.source.tree.children[0].label = "<b>x_1</b> & 50%";
  const tex = tikzAt(replayOf([start, ...events.slice(1)]), 0);
  assert.ok(tex.includes("{\\textless{}b\\textgreater{}x\\_1\\textless{}/b\\textgreater{} \\& 50\\%}"));
  assert.ok(!tex.includes("<b>") && !tex.includes("x_1"));
});

test("at the prune at C: the window on the path, the alpha cut named once, pruned nodes greyed", () => {
  const events = goldenEvents("lecture");
  const k = stepWhere(events, (e) => e.type === "prune" && e.node === "C");
  const tex = tikzAt(replayOf(events), k);
  assert.equal(count(tex, "\\node[window] at"), 2); // on the path: A and C, [3, +inf]
  assert.equal(count(tex, "{[3, $\\infty$]}"), 3); // A, C, and C1 (done, its window kept)
  assert.equal(count(tex, "\\node[window done] at"), 5); // B, B1, B2, B3, C1: done, kept lighter
  assert.equal(count(tex, "\\draw[tree edge cut alpha]"), 2);
  assert.equal(count(tex, "\\draw[cut bar alpha]"), 2);
  assert.equal(count(tex, "{$\\alpha$ cut}"), 1);
  assert.equal(count(tex, "\\draw[tree edge on path]"), 1); // A -> C
  assert.equal(count(tex, "\\node[max node, pruned]"), 2); // C2 and C3
  assert.equal(count(tex, "\\node[min node, current]"), 1); // C
  assert.equal(count(tex, "\\node[node label pruned]"), 2);
  assert.equal(count(tex, "\\node[value pruned]"), 2); // their given values, greyed
  assert.ok(!tex.includes("chosen]"));
});

test("at the result: the chosen move's edge and node, final values bold", () => {
  const replay = replayOf(goldenEvents("lecture"));
  const tex = tikzAt(replay, replay.last);
  assert.equal(count(tex, "\\draw[tree edge chosen]"), 1);
  assert.equal(count(tex, "\\node[min node, done, chosen]"), 1);
  assert.ok(tex.includes("{\\textbf{3}}"));
  assert.ok(!tex.includes(", current]"), "nothing is current once the search is over");
  assert.ok(!tex.includes("\\node[window]"), "no path once the search is over");
  assert.equal(count(tex, "\\node[window done]"), 11, "every node searched keeps its window; C2 and C3 never were");
  assert.equal(count(tex, "\\node[min node, bounded]"), 1, "C was cut short: its value is a bound");
  assert.ok(tex.includes("{\\textbf{$\\le$\\,\\textbf{2}}}") || tex.includes("$\\le$\\,2"), "C shows at most 2");
});

test("a beta cut in a game: its words, estimates in italics, boards only where the view shows them", () => {
  const events = goldenEvents("tictactoe");
  const replay = replayOf(events);
  const tex = tikzAt(replay, replay.last);
  assert.ok(tex.includes("{$\\beta$ cut}") && tex.includes("{$\\alpha$ cut}"));
  assert.ok(count(tex, "\\draw[tree edge cut beta]") > count(tex, "{$\\beta$ cut}"));
  assert.ok(/\\textbf\{\\textit\{-?\d+\}\}/.test(tex), "an estimate, backed up: italic and bold");
  const state = replay.stateAt(replay.last);
  const visited = replay.tree.ids.filter((_, i) => state.returned(i) || state.statusOf(i) === Status.VISITED).length;
  assert.equal(count(tex, "\\draw[board cell]"), visited);
  // Step 0: the root is current, and the view shows its board; so does the export.
  assert.equal(count(tikzAt(replay, 0), "\\draw[board cell]"), 1);
});

test("the node limits: LaTeX refuses a drawing pdflatex could not hold", () => {
  const replay = replayOf(goldenEvents("lecture"));
  const big = { tree: replay.tree, state: replay.stateAt(0), x: [], y: [], title: "big" };
  assert.throws(() => treeToTikz({ ...big, drawn: MAX_LATEX_NODES + 1 }), {
    message: "LaTeX export draws at most 1,000 nodes (pdflatex's memory); this tree has 1,001. Export SVG or PNG instead.",
  });
  const game = replayOf(goldenEvents("tictactoe"));
  assert.throws(() => treeToTikz({ ...big, tree: game.tree, state: game.stateAt(0), drawn: MAX_LATEX_GAME_NODES + 1 }), {
    message: "LaTeX export draws at most 750 game positions (pdflatex's memory); this tree has 751. Export SVG or PNG instead.",
  });
});

test("the title is a one-line comment, and the document is whole", () => {
  const replay = replayOf(goldenEvents("lecture"));
  const tex = tikzAt(replay, 0, "two\nlines");
  assert.ok(tex.startsWith("% two lines\n"));
  assert.ok(tex.includes("\\begin{tikzpicture}") && tex.trimEnd().endsWith("\\end{document}"));
});
