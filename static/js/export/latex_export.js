// The tree at the current step as a LaTeX document for slides: TikZ only (article,
// tikz, shapes.geometric; no forest, no standalone), each node at the tree view's layout
// coordinates. MAX an upward triangle, MIN a downward one, the value inside once known,
// the label below, the [α, β] window where the view shows one, pruned nodes grey and
// dashed with the cut edge marked "α cut" / "β cut", the chosen move's edge thick; a game
// node's board under its triangle once visited, as the view shows it. What each node
// shows comes from presentation.js, as in the view; only the TeX is written here.
// The page is sized to the picture. Labels are escaped: they are text, never TeX.

import { boardBox, boardLayout, shownMark } from "../view/board_view.js";
import { SIZES } from "../view/tree_view.js";
import { Status, presentNode, stepContext } from "../view/presentation.js";
import { hasReturned } from "../replay/node_state.js";
import { plural } from "../view/plural.js";

const GREEK = {
  α: "alpha", β: "beta", γ: "gamma", δ: "delta", ε: "epsilon", ζ: "zeta", η: "eta", θ: "theta",
  ι: "iota", κ: "kappa", λ: "lambda", μ: "mu", ν: "nu", ξ: "xi", π: "pi", ρ: "rho", σ: "sigma",
  ς: "varsigma", τ: "tau", υ: "upsilon", φ: "phi", χ: "chi", ψ: "psi", ω: "omega",
  Γ: "Gamma", Δ: "Delta", Θ: "Theta", Λ: "Lambda", Ξ: "Xi", Π: "Pi", Σ: "Sigma", Υ: "Upsilon",
  Φ: "Phi", Ψ: "Psi", Ω: "Omega",
};
const GREEK_LATIN = { Α: "A", Β: "B", Ε: "E", Ζ: "Z", Η: "H", Ι: "I", Κ: "K", Μ: "M", Ν: "N", Ο: "O", ο: "o", Ρ: "P", Τ: "T", Υ: "Y", Χ: "X" };
const MATH = { "∞": "\\infty", "−": "-", "≤": "\\le", "≥": "\\ge", "≠": "\\ne", "↔": "\\leftrightarrow", "±": "\\pm", "·": "\\cdot" };
const ASCII = {
  "\\": "\\textbackslash{}", "{": "\\{", "}": "\\}", $: "\\$", "&": "\\&", "#": "\\#", _: "\\_", "%": "\\%",
  "^": "\\^{}", "~": "\\textasciitilde{}", "<": "\\textless{}", ">": "\\textgreater{}", "|": "\\textbar{}",
  '"': "{\\ttfamily\\char34}", "`": "\\textasciigrave{}", "'": "\\textquotesingle{}", "-": "-{}",
};
// Non-ASCII characters pdflatex's default (OT1, UTF-8) set-up typesets: Latin-1 and
// Latin Extended-A, general punctuation and arrows, less the ones it has no glyph for.
const NO_GLYPH = new Set([
  0xab, 0xbb, 0xd0, 0xde, 0xf0, 0xfe, 0x104, 0x105, 0x110, 0x111, 0x118, 0x119, 0x126, 0x127,
  0x12e, 0x12f, 0x138, 0x13f, 0x140, 0x149, 0x14a, 0x14b, 0x166, 0x167, 0x172, 0x173, 0x17f,
  0x2017, 0x201a, 0x201b, 0x201e, 0x201f, 0x2023, 0x2024, 0x2025, 0x2027, 0x2028, 0x2029, 0x202a,
  0x202b, 0x202c, 0x202d, 0x202e, 0x202f, 0x2032, 0x2033, 0x2034, 0x2035, 0x2036, 0x2037, 0x2038,
  0x2039, 0x203a, 0x203c, 0x203e, 0x203f, 0x2040, 0x2041, 0x2042, 0x2043, 0x2045, 0x2046, 0x2047,
  0x2048, 0x2049, 0x204a, 0x204b, 0x204c, 0x204d, 0x204f, 0x2194,
]);

function typesetsAsIs(cp) {
  if (NO_GLYPH.has(cp)) return false;
  return (cp >= 0xa1 && cp <= 0x17f) || (cp >= 0x2010 && cp <= 0x204f) || (cp >= 0x2190 && cp <= 0x2193) || cp === 0x20ac || cp === 0x2122;
}

// A label as LaTeX text. Characters without a glyph in the default fonts become "?".
export function latexText(text) {
  let out = "";
  for (const ch of String(text)) {
    const cp = ch.codePointAt(0);
    if (ASCII[ch] !== undefined) out += ASCII[ch];
    else if (cp >= 0x20 && cp < 0x7f) out += ch;
    else if (cp < 0x20 || cp === 0x7f || cp === 0xa0) out += " ";
    else if (GREEK[ch]) out += `$\\${GREEK[ch]}$`;
    else if (GREEK_LATIN[ch]) out += GREEK_LATIN[ch];
    else if (MATH[ch]) out += `$${MATH[ch]}$`;
    else if (typesetsAsIs(cp)) out += ch;
    else out += "?";
  }
  return out;
}

// A value as the slides write it: ∞ as $\infty$, a minus sign rather than a hyphen.
export function latexValue(v) {
  if (Array.isArray(v)) return `$\\langle$${v.map(latexValue).join(", ")}$\\rangle$`; // a max^n vector
  if (typeof v === "number" && !Number.isInteger(v)) v = Number(v.toPrecision(6)); // a weighted sum
  if (v === Infinity) return "$\\infty$";
  if (v === -Infinity) return "$-\\infty$";
  if (typeof v !== "number") return "";
  return v < 0 ? `$-$${String(-v)}` : String(v);
}

// Most drawn nodes a LaTeX export takes (use SVG or PNG for bigger trees).
// pdflatex holds the whole picture in its memory (5,000,000 words by default, about
// 2,800 a node): 1,093 nodes compile in 9 s, 3,280 exhaust it. A slide shows far fewer.
export const MAX_LATEX_NODES = 1000;
// Most drawn nodes a LaTeX export takes for a game search. A game node also carries its board (about 5,800 words with it: 551 positions took 3.2M).
export const MAX_LATEX_GAME_NODES = 750;

const num = (n) => (Math.round(n * 100) / 100).toString();

const COLOURS = {
  maxc: "1C7ED6", minc: "E03131", curc: "F59F00", curfill: "FFF3BF", visitfill: "E7F5FF",
  donefill: "D3F9D8", boundfill: "F3D9FA", alphac: "7048E8", betac: "E8590C", chosenc: "2B8A3E", windowc: "5F3DC4",
  blockedc: "495057", p1fill: "D0EBFF", p2fill: "FFE3E3", chancec: "E67700",
};

// A cell's mark in a TeX node: letters, digits and a few signs as they are, anything else as a bullet
// (a mark comes from the trace: never TeX to run).
function texMark(mark) {
  return /^[A-Za-z0-9.+-]$/.test(mark) ? mark : "\\textbullet";
}

// A board's cells: one path for the grid, fills for blocked and occupied cells drawn first,
// and the marks. (cx, top) is the board's top centre in layout units, as in the view.
function boardLines(drawing, board, cells, cx, top, at) {
  const layout = boardLayout(drawing, board, cells);
  if (!layout) return [];
  const { cols, rows, cell, marks: shown, kinds } = layout;
  const left = cx - (cols * cell) / 2;
  const fills = [];
  const grid = [];
  const marks = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const k = r * cols + c;
      const x = left + c * cell, y = top + r * cell;
      const box = `${at(x, y)} rectangle ${at(x + cell, y + cell)}`;
      grid.push(box);
      const kind = kinds[k];
      if (kind === "blocked" || kind === "p1" || kind === "p2") fills.push(`  \\fill[board ${kind}] ${box};`);
      if (shownMark(kind)) marks.push(`  \\node[board mark ${kind}] at ${at(x + cell / 2, y + cell / 2)} {${texMark(shown[k])}};`);
    }
  }
  return [...fills, `  \\draw[board cell] ${grid.join(" ")};`, ...marks];
}

// {tree (TraceTree), state (Replay state at the step), x, y (layout), drawn, title; a big
// tree's focus drawing also gives nodes (the drawn indices, each after its parent) and folded
// (those standing for their subtree: written with its size, "12,345 nodes")}
// -> {text: the .tex document, scale: 1, or less for a tree too wide for 15,000 pt}
export function treeToTikz({ tree, state, x, y, drawn, nodes = null, folded = [], title }) {
  const list = nodes || Array.from({ length: drawn }, (_, i) => i);
  const n = list.length;
  const limit = tree.kind === "game" ? MAX_LATEX_GAME_NODES : MAX_LATEX_NODES;
  if (n > limit) {
    const what = tree.kind === "game" ? "game positions" : "nodes";
    throw new Error(`LaTeX export draws at most ${limit.toLocaleString("en")} ${what} (pdflatex's memory); this tree has ${n.toLocaleString("en")}. Export SVG or PNG instead.`);
  }
  // Layout units to points: a lecture tree is about 460 units wide, 13 cm on paper.
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (const i of list) {
    minX = Math.min(minX, x[i]); maxX = Math.max(maxX, x[i]);
    minY = Math.min(minY, y[i]); maxY = Math.max(maxY, y[i]);
  }
  // The view's sizes: a game node has a smaller triangle with its board under it.
  const game = tree.kind === "game" ? SIZES.game : null;
  const box = game ? boardBox(tree.drawing, tree.board[tree.root], tree.cells[tree.root]) : null;
  const boardHeight = box ? box.height : 0;
  // Room under the lowest row for its board, label and window.
  const x0 = minX - 45, x1 = maxX + 45, y0 = minY - 30, y1 = maxY + (game ? 50 + boardHeight : 52);
  // TeX dimensions stop at 16,383 pt: a very wide tree is drawn closer together.
  const u = Math.min(0.75, 15000 / (x1 - x0), 15000 / (y1 - y0));
  const r = (2 * (game || SIZES.tree).half) / Math.sqrt(3); // a triangle's circumradius, layout units
  const size = 2 * r * u; // minimum size of the polygon, pt
  const width = (x1 - x0) * u;
  const height = (y1 - y0) * u;

  const context = stepContext(state, tree);
  const shown = new Map();
  for (const i of list) shown.set(i, presentNode(state, tree, i, context));

  // Coordinates go out in points (TeX numbers stop at 16,383), y pointing up.
  const at = (px, py) => `(${num(px * u)},${num(-py * u)})`;
  const lines = [];
  const add = (s) => lines.push(s);
  // Below each shape (MAX: its base, r/2 under the centre; MIN: its apex, r under it) the
  // label, then the window, then the edges to the children.
  // A chance node is a circle and a max^n player an upward triangle: drawn like MAX's.
  const max = (i) => tree.role(i) !== "min";
  const top = (i) => y[i] - (max(i) ? r : r / 2) - 1; // where an edge arrives
  // A game node's board hangs just under its shape, and the label under the board.
  const boardTop = (i) => y[i] + (max(i) ? r / 2 : r) + 3;
  const labelY = (i) => (game ? boardTop(i) + boardHeight + 8 : y[i] + (max(i) ? r / 2 : r) + 9);
  const windowY = (i) => labelY(i) + 14;
  const bottom = (i) => windowY(i) + 8; // where edges leave

  // Edges first, so nodes are drawn over them.
  add("  % edges");
  const marks = [];
  for (const i of list) {
    const p = tree.parent[i];
    const edge = shown.get(i).edge;
    if (!edge || !shown.has(p)) continue;
    const cut = edge.cut;
    // One style per edge: the strongest, as the view's CSS cascade picks it.
    let style = "tree edge";
    if (edge.onPath) style = "tree edge on path";
    if (edge.pruned) style = "tree edge pruned";
    if (edge.dropped) style = "tree edge dropped";
    if (cut) style = `tree edge cut ${cut}`;
    if (edge.chosen) style = "tree edge chosen";
    const ax = x[p], ay = bottom(p), bx = x[i], by = top(i);
    add(`  \\draw[${style}] ${at(ax, ay)} -- ${at(bx, by)};`);
    // A chance outcome's probability beside the middle of its edge.
    if (tree.probability && tree.probability[i] !== undefined) {
      const left = bx < ax;
      add(`  \\node[probability, anchor=${left ? "east" : "west"}] at ${at((ax + bx) / 2 + (left ? -3 : 3), (ay + by) / 2)} {${latexValue(tree.probability[i])}};`);
    }
    if (cut) {
      const mx = (ax + bx) / 2, my = (ay + by) / 2;
      const len = Math.hypot(bx - ax, by - ay) || 1;
      const nx = -(by - ay) / len, ny = (bx - ax) / len;
      marks.push(`  \\draw[cut bar ${cut}] ${at(mx - nx * 8, my - ny * 8)} -- ${at(mx + nx * 8, my + ny * 8)};`);
      if (edge.cutWords) marks.push(`  \\node[cut text ${cut}] at ${at(mx - 10, my)} {${latexText(edge.cutWords)}};`);
    }
  }
  if (marks.length) {
    add("  % cut marks");
    lines.push(...marks);
  }

  add("  % nodes: shape and value, label, [alpha, beta] window, visit order");
  const folds = new Set(folded);
  for (const i of list) {
    const node = shown.get(i);
    const pruned = node.status === Status.PRUNED || node.status === Status.DROPPED ? " pruned" : "";
    // The TikZ styles are named after the statuses (unvisited, visited, done, pruned, current).
    const styles = [`${tree.role(i)} node`, node.status];
    if (node.chosen) styles.push("chosen");
    if (node.ttHit) styles.push("tt hit"); // answered from the transposition table
    if (node.pastLimit) styles.push("past limit"); // quiescence: searched past the depth limit
    let value = "";
    if (node.given) {
      value = `\\textcolor{gray!70}{${latexValue(node.value)}}`; // part of the problem, not yet read
    } else if (node.value !== undefined) {
      value = latexValue(node.value);
      if (node.estimate) value = `\\textit{${value}}`;
      if (node.final) value = `\\textbf{${value}}`;
      if (node.bound) value = `\\textbf{${node.bound === "upper" ? "$\\le$" : "$\\ge$"}\\,${value}}`; // a bound: "≤ 2"
    }
    // The value is a node of its own over the shape, so a long one cannot stretch the triangle;
    // it sits at the triangle's centre, a little towards its wide side.
    add(`  \\node[${styles.join(", ")}] at ${at(x[i], y[i])} {};`);
    if (value) {
      const small = String(node.value).length > 3 ? ", font=\\tiny" : "";
      // A max^n vector goes under the label (as in the view); the triangle holds the player's name.
      const vy = tree.role(i) === "maxn" ? windowY(i) : y[i] + (max(i) ? 1.5 : -1.5);
      add(`  \\node[value${pruned}${tree.role(i) === "maxn" ? "" : small}] at ${at(x[i], vy)} {${value}};`);
    }
    if (tree.role(i) === "maxn") add(`  \\node[value${pruned}, font=\\tiny] at ${at(x[i], y[i] + 1.5)} {${latexText(tree.player[i])}};`);
    const label = tree.label[i];
    if (label) add(`  \\node[node label${pruned}] at ${at(x[i], labelY(i))} {${latexText(label)}};`);
    if (node.window && !folds.has(i)) {
      // A done node keeps its window, lighter, as the view dims it (a folded one shows its size there).
      const kept = hasReturned(node.status) ? " done" : "";
      add(`  \\node[window${kept}] at ${at(x[i], windowY(i))} {[${latexValue(node.window.alpha)}, ${latexValue(node.window.beta)}]};`);
    }
    if (node.order) add(`  \\node[visit order] at ${at(x[i] + 17, y[i] - 13)} {${node.order}};`);
    // A folded subtree: its size under the label, where the view writes "▸ 12,345 nodes".
    if (folds.has(i)) {
      const size = tree.sizeOf(i);
      add(`  \\node[folded] at ${at(x[i], windowY(i) + 2)} {${plural(size, "node").replace(/,/g, "{,}")}};`);
    }
    // A board shows where the view shows one: once its node was visited.
    if (game && node.board) lines.push(...boardLines(tree.drawing, tree.board[i], tree.cells[i], x[i], boardTop(i), at));
  }

  const pt = (d) => `${num(d)}pt`;
  const text = [
    `% ${latexComment(title)}`,
    "% Made by Minimax Lab. Compile with pdflatex (needs only TikZ); the page is the size of the picture.",
    "\\documentclass{article}",
    "\\usepackage{tikz}",
    "\\usetikzlibrary{shapes.geometric}",
    "\\pagestyle{empty}",
    `\\setlength{\\paperwidth}{${pt(width)}}`,
    `\\setlength{\\paperheight}{${pt(height)}}`,
    "\\ifdefined\\pdfpagewidth\\setlength{\\pdfpagewidth}{\\paperwidth}\\setlength{\\pdfpageheight}{\\paperheight}\\fi",
    "\\setlength{\\hoffset}{-1in}\\setlength{\\voffset}{-1in}",
    "\\setlength{\\oddsidemargin}{0pt}\\setlength{\\evensidemargin}{0pt}\\setlength{\\topmargin}{0pt}",
    "\\setlength{\\headheight}{0pt}\\setlength{\\headsep}{0pt}\\setlength{\\footskip}{0pt}",
    "\\setlength{\\textwidth}{\\paperwidth}\\setlength{\\textheight}{\\paperheight}",
    "\\setlength{\\parindent}{0pt}\\setlength{\\topskip}{0pt}",
    ...Object.entries(COLOURS).map(([k, hex]) => `\\definecolor{${k}}{HTML}{${hex}}`),
    "\\begin{document}",
    "\\begin{tikzpicture}[x=1pt, y=1pt,",
    `  max node/.style={regular polygon, regular polygon sides=3, minimum size=${pt(size)}, inner sep=0pt, draw=maxc, line width=0.8pt, fill=white},`,
    "  min node/.style={max node, shape border rotate=180, draw=minc},",
    `  chance node/.style={circle, minimum size=${pt(size * 0.75)}, inner sep=0pt, draw=chancec, line width=0.8pt, fill=white},`,
    "  maxn node/.style={max node},",
    "  probability/.style={font=\\tiny\\bfseries, text=chancec, fill=white, inner sep=0.5pt},",
    "  unvisited/.style={draw=gray!50, dashed},",
    "  visited/.style={fill=visitfill},",
    "  done/.style={fill=donefill},",
    "  bounded/.style={fill=boundfill},",
    "  current/.style={fill=curfill, draw=curc, line width=1.6pt},",
    "  pruned/.style={fill=gray!5, draw=gray!35, dashed},",
    "  dropped/.style={fill=gray!15, draw=gray!45, dotted},",
    "  tt hit/.style={double, double distance=1pt},",
    "  past limit/.style={fill=yellow!12},",
    "  chosen/.style={draw=chosenc, line width=1.6pt},",
    "  value/.style={font=\\scriptsize, inner sep=0pt},",
    "  value pruned/.style={value, text=gray!45},",
    "  node label/.style={font=\\scriptsize, fill=white, inner sep=1pt},",
    "  node label pruned/.style={node label, text=gray!45},",
    "  window/.style={font=\\scriptsize\\bfseries, text=windowc, fill=white, inner sep=1pt},",
    "  window done/.style={window, font=\\scriptsize, text=windowc!75},",
    "  visit order/.style={font=\\tiny, text=gray, anchor=west, inner sep=0pt},",
    "  folded/.style={font=\\tiny, draw=gray, fill=gray!8, rounded corners=2pt, inner sep=1.5pt},",
    "  tree edge/.style={draw=gray!45, line width=0.8pt},",
    "  tree edge on path/.style={draw=black!70, line width=1.3pt},",
    "  tree edge pruned/.style={draw=gray!25, line width=0.8pt, dashed},",
    "  tree edge dropped/.style={draw=gray!35, line width=0.8pt, dotted},",
    "  tree edge cut alpha/.style={draw=alphac, line width=0.9pt, dashed},",
    "  tree edge cut beta/.style={draw=betac, line width=0.9pt, dashed},",
    "  tree edge chosen/.style={draw=chosenc, line width=2.5pt},",
    "  cut bar alpha/.style={draw=alphac, line width=1.6pt, line cap=round},",
    "  cut bar beta/.style={draw=betac, line width=1.6pt, line cap=round},",
    "  cut text alpha/.style={font=\\scriptsize\\bfseries, text=alphac, anchor=east, fill=white, inner sep=1pt},",
    "  cut text beta/.style={font=\\scriptsize\\bfseries, text=betac, anchor=east, fill=white, inner sep=1pt},",
    "  board cell/.style={draw=gray!70, line width=0.4pt},",
    "  board blocked/.style={fill=blockedc}, board p1/.style={fill=p1fill}, board p2/.style={fill=p2fill},",
    "  board mark/.style={font=\\tiny\\bfseries\\sffamily, inner sep=0pt},",
    "  board mark x/.style={board mark, text=maxc}, board mark p1/.style={board mark, text=maxc},",
    "  board mark o/.style={board mark, text=minc}, board mark p2/.style={board mark, text=minc}]",
    `  \\useasboundingbox ${at(x0, y0)} rectangle ${at(x1, y1)};`,
    ...lines,
    "\\end{tikzpicture}",
    "\\end{document}",
    "",
  ].join("\n");
  return { text, scale: u / 0.75 }; // scale < 1: a wide tree drawn closer together
}

// A comment line: no line breaks, and % etc. do not matter after the comment sign.
function latexComment(text) {
  return String(text || "").replace(/[\r\n]+/g, " ");
}
