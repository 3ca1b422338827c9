// The join link as a QR code (qrcode-generator from npm, served at /vendor), drawn as an SVG
// built with DOM calls: one path of dark squares on a white ground with the four-module quiet
// zone scanners need. No inline style: the page's CSP refuses it; size comes from the CSS.

import qrcode from "/vendor/qrcode.mjs";

const SVG_NS = "http://www.w3.org/2000/svg";
const QUIET = 4;

export function qrSvg(text, label) {
  const qr = qrcode(0, "M"); // 0: the smallest version that holds the text
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  const size = n + 2 * QUIET;
  const svg = document.createElementNS(SVG_NS, "svg");
  const attrs = { viewBox: `0 0 ${size} ${size}`, class: "class-qr", role: "img", "aria-label": label, "shape-rendering": "crispEdges" };
  for (const [k, v] of Object.entries(attrs)) svg.setAttribute(k, v);
  svg.dataset.modules = String(n);
  const ground = document.createElementNS(SVG_NS, "rect");
  for (const [k, v] of Object.entries({ width: size, height: size, fill: "#fff" })) ground.setAttribute(k, String(v));
  const parts = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) if (qr.isDark(r, c)) parts.push(`M${c + QUIET} ${r + QUIET}h1v1h-1z`);
  }
  const dark = document.createElementNS(SVG_NS, "path");
  dark.setAttribute("d", parts.join(""));
  dark.setAttribute("fill", "#000");
  svg.append(ground, dark);
  return svg;
}
