// The ordering lab's plots: leaves alpha-beta evaluates against depth on random uniform trees
// (server: GET /api/ordering/curve), one small plot per branching b = 2, 3, 4, all shown at once
// and on the same log-scale axes so the three can be compared: one line per ordering and minimax,
// with the Knuth–Moore count b^⌈d/2⌉ + b^⌊d/2⌋ − 1 as dots, which best first meets. One legend for
// all three. Drawn with d3's scales, line shape and axes (the d3 bundle the page already loads from
// npm: global `d3`). The container's CSS lays the plots side by side where they fit, else stacked.

export const SERIES = [
  { key: "minimax", label: "minimax" },
  { key: "worst", label: "worst first" },
  { key: "random", label: "random" },
  { key: "best", label: "best first" },
];

const WIDTH = 240;
const HEIGHT = 170;
const M = { top: 16, right: 10, bottom: 28, left: 40 };

export function drawOrderingPlots(container, points) {
  const branchings = [...new Set(points.map((p) => p.branching))].sort((a, b) => a - b);
  const x = d3.scaleLinear().domain(d3.extent(points, (r) => r.depth)).range([M.left, WIDTH - M.right]);
  const y = d3.scaleLog().domain([1, d3.max(points, (r) => r.minimax)]).nice().range([HEIGHT - M.bottom, M.top]);
  const root = d3.select(container);
  root.selectAll("*").remove();
  for (const b of branchings) {
    const rows = points.filter((p) => p.branching === b).sort((p, q) => p.depth - q.depth);
    const last = rows[rows.length - 1];
    const svg = root.append("svg").attr("class", "ordering-plot").attr("viewBox", `0 0 ${WIDTH} ${HEIGHT}`)
      .attr("data-branching", b).attr("role", "img")
      .attr("aria-label", `b = ${b}: at depth ${last.depth} minimax evaluates ${last.minimax} leaves, worst first ${last.worst}, ` +
        `random ${last.random}, best first ${last.best} (Knuth–Moore ${last.knuth_moore})`);
    drawOne(svg, rows, b, x, y);
  }
  const legend = root.append("p").attr("class", "plot-legend");
  for (const s of [...SERIES, { key: "km", label: "Knuth–Moore" }]) {
    const item = legend.append("span").attr("class", "plot-legend-item");
    const key = item.append("svg").attr("viewBox", "0 0 16 8").attr("aria-hidden", "true");
    if (s.key === "km") key.append("circle").attr("class", "knuth-moore-key").attr("cx", 8).attr("cy", 4).attr("r", 2.5);
    else key.append("line").attr("class", `series series-${s.key}`).attr("x1", 0).attr("x2", 16).attr("y1", 4).attr("y2", 4);
    item.append("span").text(s.label);
  }
}

function drawOne(svg, rows, b, x, y) {
  svg.append("text").attr("class", "plot-title").attr("x", M.left + 4).attr("y", M.top - 4).text(`b = ${b}`);
  svg.append("g").attr("class", "axis x-axis").attr("transform", `translate(0,${HEIGHT - M.bottom})`)
    .call(d3.axisBottom(x).ticks(rows.length).tickFormat(d3.format("d")));
  svg.append("g").attr("class", "axis y-axis").attr("transform", `translate(${M.left},0)`)
    .call(d3.axisLeft(y).ticks(4, "~s"));
  svg.append("text").attr("class", "axis-label").attr("x", (M.left + WIDTH - M.right) / 2).attr("y", HEIGHT - 2)
    .attr("text-anchor", "middle").text("depth d");
  svg.append("text").attr("class", "axis-label").attr("transform", `translate(10,${(HEIGHT - M.bottom + M.top) / 2}) rotate(-90)`)
    .attr("text-anchor", "middle").text("leaves (log)");
  for (const s of SERIES) {
    const line = d3.line().x((r) => x(r.depth)).y((r) => y(Math.max(1, r[s.key])));
    svg.append("path").attr("class", `series series-${s.key}`).attr("data-series", s.key).attr("d", line(rows))
      .append("title").text(`${s.label}, b = ${b}: ${rows.map((r) => r[s.key]).join(", ")}`);
  }
  svg.append("g").attr("class", "knuth-moore").selectAll("circle").data(rows).join("circle")
    .attr("cx", (r) => x(r.depth)).attr("cy", (r) => y(r.knuth_moore)).attr("r", 2.2)
    .append("title").text((r) => `Knuth–Moore, b = ${b}, d = ${r.depth}: ${r.knuth_moore}`);
}
