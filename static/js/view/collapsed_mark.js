// The mark on a node of a big tree's drawing that stands for its whole subtree: a badge under
// the node ("▸ 12,345 nodes", and its value once the search is done with it); the node (a tree
// item, tree_view.js) opens or folds the subtree on a click, or Enter / Space when focused, and
// its name says so (foldWords).
// An opened node keeps a one-line "▾ 12,345 nodes" badge to fold it again. focus_set.js says
// which nodes these are; tree_view.js places them. Words are text (textContent), never markup.

import { sizeWords } from "./focus_set.js";

const SVG_NS = "http://www.w3.org/2000/svg";
// The badge's text: 10px, about 5.6 layout units a character (digits and spaces are narrower).
const CHAR_W = 5.6;
const LINE_H = 12;

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG_NS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  parent.appendChild(e);
  return e;
}

function write(e, name, value) {
  if (e.getAttribute(name) !== value) e.setAttribute(name, value);
}

// How wide a folded node's badge is, in layout units: the layout keeps its neighbours clear of it.
export function badgeWidth(size) {
  return sizeWords(size).length * CHAR_W + 12;
}

// The words under an opened node: the same count, the triangle pointing down.
function openWords(size) {
  return sizeWords(size).replace("▸", "▾");
}

// A node's badge and button state. `shown`: the view's record of the node ({g}, and the badge
// once made); fold: "collapsed", "opened" or null (neither: no badge). {size: tree.sizeOf(i),
// valueText: the node's value once final ("" before), x, y: where the badge's top centre goes}.
export function showFold(shown, fold, { size, valueText, x, y }) {
  const g = shown.g;
  let badge = shown.badge;
  if (!fold) {
    if (badge) {
      badge.remove();
      shown.badge = null;
    }
    return;
  }
  if (!badge) {
    badge = shown.badge = el("g", { class: "fold-badge", "aria-hidden": "true" }, g);
    el("rect", { rx: "6" }, badge);
    el("text", { class: "fold-size" }, badge);
    el("text", { class: "fold-value" }, badge);
  }
  const [rect, sizeText, valueEl] = badge.children;
  const words = fold === "collapsed" ? sizeWords(size) : openWords(size);
  const value = fold === "collapsed" && valueText ? `value ${valueText}` : "";
  const width = badgeWidth(size);
  const lines = value ? 2 : 1;
  write(rect, "x", String(x - width / 2));
  write(rect, "y", String(y));
  write(rect, "width", String(width));
  write(rect, "height", String(lines * LINE_H + 3));
  write(sizeText, "x", String(x));
  write(sizeText, "y", String(y + LINE_H / 2 + 2));
  write(valueEl, "x", String(x));
  write(valueEl, "y", String(y + LINE_H * 1.5 + 2));
  if (sizeText.textContent !== words) sizeText.textContent = words;
  if (valueEl.textContent !== value) valueEl.textContent = value;
}

// What a folded or opened subtree adds to its node's name: "12,345 nodes folded up, Enter opens them".
export function foldWords(fold, size) {
  const count = `${size.toLocaleString("en")} ${size === 1 ? "node" : "nodes"}`;
  return fold === "collapsed" ? `${count} folded up, Enter opens them` : `${count} open, Enter folds them up`;
}
