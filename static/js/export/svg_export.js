// The tree drawing as a standalone SVG file, and as a PNG drawn from it. The copy carries
// the page's styles inline (computed values, so the CSS variables are resolved), has its
// own xmlns, and its viewBox frames the whole tree, whatever part of it the view shows.

const SVG_NS = "http://www.w3.org/2000/svg";
const XMLNS_NS = "http://www.w3.org/2000/xmlns/";

// Presentation properties the drawing's CSS sets. Inherited ones are written only where
// they differ from the parent's; the others only where they differ from their default.
const INHERITED = [
  "fill", "fill-opacity", "stroke", "stroke-width", "stroke-dasharray", "stroke-linecap",
  "stroke-linejoin", "stroke-opacity", "paint-order", "visibility", "font-family", "font-size",
  "font-weight", "font-style", "text-anchor", "dominant-baseline",
];
const OWN = { opacity: "1", display: "inline" };
const PAD = 16;

// -> {text, width, height}, or null when nothing is drawn.
export function standaloneSvg(svg, title) {
  const viewport = svg.querySelector(".viewport");
  if (!viewport || !viewport.querySelector(".node")) return null;
  // getBBox is in the viewport's own coordinates: the layout, without the pan and zoom.
  const box = viewport.getBBox();
  const x = Math.floor(box.x - PAD);
  const y = Math.floor(box.y - PAD);
  const width = Math.ceil(box.width + 2 * PAD);
  const height = Math.ceil(box.height + 2 * PAD);

  const copy = svg.cloneNode(true);
  inlineStyles(svg, copy); // the root's style becomes the drawing's base font and colours
  for (const name of ["id", "class", "role", "data-kind"]) copy.removeAttribute(name);
  copy.setAttributeNS(XMLNS_NS, "xmlns", SVG_NS);
  copy.setAttribute("version", "1.1");
  copy.setAttribute("viewBox", `${x} ${y} ${width} ${height}`);
  copy.setAttribute("width", String(width));
  copy.setAttribute("height", String(height));
  copy.querySelector(".viewport").removeAttribute("transform");
  const background = document.createElementNS(SVG_NS, "rect");
  for (const [k, v] of Object.entries({ x, y, width, height, fill: "#ffffff" })) background.setAttribute(k, String(v));
  const heading = document.createElementNS(SVG_NS, "title");
  heading.textContent = title;
  copy.prepend(heading, background);
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}\n`;
  return { text, width, height };
}

function inlineStyles(source, copy) {
  const from = [source, ...source.querySelectorAll("*")];
  const to = [copy, ...copy.querySelectorAll("*")];
  const computed = new Map();
  for (let i = 0; i < from.length; i++) {
    const el = from[i];
    if (el.tagName === "title") continue;
    const style = getComputedStyle(el);
    computed.set(el, style);
    const parent = el === source ? null : computed.get(el.parentElement);
    const parts = [];
    for (const prop of INHERITED) {
      const value = style.getPropertyValue(prop);
      if (!parent || parent.getPropertyValue(prop) !== value) parts.push(`${prop}:${value}`);
    }
    for (const [prop, initial] of Object.entries(OWN)) {
      const value = style.getPropertyValue(prop);
      if (value !== initial && !(prop === "display" && el === source)) parts.push(`${prop}:${value}`);
    }
    // cssText (CSSOM), not setAttribute: the page's CSP (style-src 'self') refuses style attributes.
    if (parts.length) to[i].style.cssText = parts.join(";");
    else to[i].removeAttribute("style");
  }
}

// The SVG drawn on a canvas at `scale` (2: sharp on slides), as a PNG Blob. A huge tree
// is drawn smaller: Chromium's canvases stop at 32,767 px a side and 268 M pixels.
export async function svgToPng({ text, width, height }, scale = 2) {
  const k = Math.min(scale, 16000 / width, 16000 / height, Math.sqrt(2.5e8 / (width * height)));
  const url = URL.createObjectURL(new Blob([text], { type: "image/svg+xml;charset=utf-8" }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(width * k));
    canvas.height = Math.max(1, Math.round(height * k));
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise((resolve, reject) => {
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("the browser could not make the PNG"))), "image/png");
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}
