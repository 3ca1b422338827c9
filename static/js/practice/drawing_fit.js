// What every exercise drawing does with its box (the values exercise's ExerciseTree and the built kinds'
// BuiltDrawing): a tree a little wider than its box is drawn smaller to fit (down to MIN_FIT), so the student sees
// the whole tree they fill or order; a wider one (a phone) scrolls. A callout goes beside the node it explains,
// clear of every node, label and box (callout_spot.js), and the node and the callout are brought into view together.
//
// `drawing` is the object drawingLayers (exercise_layout.js) filled: {box, canvas, svg, layout, groups, fields,
// callout}; these functions keep its `zoom` and where its callout was `placed`.

import { calloutSpot, scrollToShow } from "./callout_spot.js";

const MIN_FIT = 0.7; // the smallest zoom a tree is drawn at to fit its box (0.85rem text stays about 10 px, boxes 18 px)
const PAD = 3; // room kept around each node and box when placing a callout
const CALLOUT_WIDTH = 260; // at the page's text size

// Draw the tree at the zoom that fits the box's width, if that is at least MIN_FIT; else at its own size. A browser
// without CSS zoom draws at full size (and scrolls). Returns whether the zoom changed.
function fitToBox(drawing) {
  const zoomFor = () => {
    const scale = (drawing.box.clientWidth - 2) / drawing.layout.width;
    return scale < 1 && scale >= MIN_FIT && CSS.supports("zoom", "1") ? scale : 1;
  };
  const before = drawing.zoom;
  for (let pass = 0; pass < 2; pass += 1) { // a second pass when the first showed or hid a scroll bar
    const zoom = zoomFor();
    if (zoom === drawing.zoom) break;
    drawing.zoom = zoom;
    drawing.canvas.style.zoom = zoom === 1 ? "" : String(zoom);
  }
  return before !== undefined && before !== drawing.zoom;
}

// Fit the drawing now and whenever its box is resized (a callout shown is placed again for the new zoom), and open
// it with its root in the middle of the box (the search starts there). One observer per box, which follows the box's
// newest drawing.
export function fitWhileShown(drawing) {
  const box = drawing.box;
  if (!box.fittedDrawing) new ResizeObserver(() => refit(box.fittedDrawing)).observe(box);
  box.fittedDrawing = drawing;
  fitToBox(drawing);
  box.scrollLeft = Math.max(0, drawing.layout.nodes[0].x * drawing.zoom - box.clientWidth / 2);
}

function refit(drawing) {
  if (fitToBox(drawing) && drawing.placed && !drawing.callout.hidden) placeCallout(drawing, ...drawing.placed);
}

// The rectangle (drawing coordinates) an element of the HTML layer takes, transforms and zoom undone.
function rectIn(drawing, el) {
  const c = drawing.canvas.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  const z = c.width / drawing.layout.width || 1;
  return { x1: (r.left - c.left) / z - PAD, y1: (r.top - c.top) / z - PAD, x2: (r.right - c.left) / z + PAD, y2: (r.bottom - c.top) / z + PAD };
}

// What the drawing shows that a callout must not hide: each node's shape, label and value, and each box or mark of
// the HTML layer (hidden ones aside).
function obstaclesOf(drawing) {
  const out = [];
  for (const n of drawing.layout.nodes) {
    const b = drawing.groups[n.id].getBBox();
    out.push({ x1: b.x - PAD, y1: b.y - PAD, x2: b.x + b.width + PAD, y2: b.y + b.height + PAD });
  }
  for (const el of drawing.fields.children) if (el.getClientRects().length) out.push(rectIn(drawing, el));
  return out;
}

// Node `id`'s centre and the rectangle it takes with its label and its own boxes (`boxes`: elements of the HTML
// layer, e.g. the value box under it).
function nodeBoxOf(drawing, id, boxes = []) {
  const n = drawing.layout.byId.get(id);
  const b = drawing.groups[id].getBBox();
  const box = { x: n.x, y: n.y, leaf: n.leaf, left: b.x, right: b.x + b.width, top: b.y, bottom: b.y + b.height };
  for (const el of boxes) {
    if (!el || !el.getClientRects().length) continue;
    const r = rectIn(drawing, el);
    Object.assign(box, { left: Math.min(box.left, r.x1), right: Math.max(box.right, r.x2), bottom: Math.max(box.bottom, r.y2) });
  }
  return box;
}

// Place the callout (its text already set) beside node `id` and its `boxes`, clear of everything drawn, growing the
// drawing if it must go under everything; then scroll the box and the page to show the node and the callout.
// A drawing shrunk to fit keeps its callout at the page's size: it is read, not placed.
export function placeCallout(drawing, id, boxes = []) {
  drawing.placed = [id, boxes]; // placed again where a resize changes the zoom
  const zoom = drawing.zoom || 1;
  const callout = drawing.callout;
  const width = Math.min(CALLOUT_WIDTH / zoom, drawing.layout.width - 16);
  callout.style.width = `${width}px`;
  callout.style.fontSize = zoom === 1 ? "" : `${0.85 / zoom}rem`;
  const size = { w: width, h: callout.offsetHeight };
  const node = nodeBoxOf(drawing, id, boxes);
  const spot = calloutSpot(node, size, obstaclesOf(drawing), drawing.layout.width);
  callout.style.left = `${spot.x}px`;
  callout.style.top = `${spot.y}px`;
  growTo(drawing, spot.y + size.h + 8);
  const span = { x1: Math.min(node.left, spot.x), x2: Math.max(node.right, spot.x + size.w) };
  drawing.box.scrollLeft = scrollToShow(span, drawing.box.clientWidth, zoom, drawing.box.scrollWidth);
  callout.scrollIntoView({ block: "nearest", inline: "nearest" });
  drawing.groups[id].scrollIntoView({ block: "nearest", inline: "nearest" });
}

// A drawing at least `height` tall (a callout under everything must not be cut off).
function growTo(drawing, height) {
  if (height <= parseFloat(drawing.canvas.style.height)) return;
  drawing.canvas.style.height = `${height}px`;
  drawing.svg.setAttribute("height", height);
}
