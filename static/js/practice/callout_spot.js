// Where a built exercise's callout goes (issue 50): beside the node it explains and clear of every node, label and
// box of the drawing, so that it never hides what it names or what the student must read next to it. Pure, so it is
// tested alone (tests/js/practice/callout_spot.test.js). All coordinates are the drawing's own (before any zoom).

// Does rectangle a ({x1, y1, x2, y2}) overlap b?
export function overlaps(a, b) {
  return a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;
}

// {x, y} of the callout's top left for `node` ({x, y, top, bottom, left, right, leaf}: its centre and the rectangle
// its shape and label take), a callout of `size` ({w, h}), in a drawing `width` wide, clear of `obstacles`
// (rectangles, the node's own among them). The places tried, in order: under a leaf (under its box); beside an
// internal node on its right, then on its left (clear of its label), then under it between its level and its
// children's; and last, under everything (`below`: the lowest obstacle's bottom), always clear (the drawing grows
// to hold it). A place is kept only with no obstacle under it once moved inside the drawing.
export function calloutSpot(node, size, obstacles, width, gap = 8) {
  const inside = (x) => Math.max(gap, Math.min(x, width - size.w - gap));
  const below = Math.max(node.bottom, ...obstacles.map((o) => o.y2)) + gap;
  const tries = node.leaf
    ? [{ x: node.x - size.w / 2, y: node.bottom + 4 }]
    : [
      { x: node.right + gap, y: node.top },
      { x: node.left - gap - size.w, y: node.top },
      { x: node.x - size.w / 2, y: node.bottom + 4 },
      { x: node.right + gap, y: node.bottom + 4 },
      { x: node.left - gap - size.w, y: node.bottom + 4 },
    ];
  for (const t of tries) {
    const spot = { x: inside(t.x), y: t.y };
    const box = { x1: spot.x, y1: spot.y, x2: spot.x + size.w, y2: spot.y + size.h };
    if (!obstacles.some((o) => overlaps(box, o))) return spot;
  }
  return { x: inside(node.x - size.w / 2), y: below };
}

// The scrollLeft that shows the rectangle `r` (drawing coordinates) in a box `view` px wide over a drawing drawn at
// `zoom`: its middle in the middle of the box, or its left edge at the box's left when it is wider than the box.
export function scrollToShow(r, view, zoom, scrollWidth) {
  const left = r.x1 * zoom;
  const right = r.x2 * zoom;
  const want = right - left <= view ? (left + right) / 2 - view / 2 : left - 8;
  return Math.max(0, Math.min(want, scrollWidth - view));
}
