// The ordering lab's plot: leaves alpha-beta evaluates against depth on random uniform trees of
// branching b (server: GET /api/ordering/curve), one line per ordering and minimax, log-scale y,
// with the Knuth–Moore count b^⌈d/2⌉ + b^⌊d/2⌋ − 1 as dots, which best first meets. Drawn with d3's
// scales, line shape and axes (the d3 bundle the page already loads from npm: global `d3`).

export const SERIES = [
  { key: "minimax", label: "minimax" },
  { key: "worst", label: "worst first" },
  { key: "random", label: "random" },
  { key: "best", label: "best first" },
];

export function drawOrderingPlot(svg, points, b) {
  const rows = points.filter((p) => p.branching === b).sort((p, q) => p.depth - q.depth);
  const width = 320;
  const height = 230;
  const m = { top: 10, right: 12, bottom: 34, left: 52 };
  const root = d3.select(svg).attr("viewBox", `0 0 ${width} ${height}`).attr("data-branching", b);
  root.selectAll("*").remove();
  const x = d3.scaleLinear().domain(d3.extent(rows, (r) => r.depth)).range([m.left, width - m.right]);
  const top = d3.max(rows, (r) => r.minimax);
  const y = d3.scaleLog().domain([1, top]).nice().range([height - m.bottom, m.top]);
  root.append("g").attr("class", "axis x-axis").attr("transform", `translate(0,${height - m.bottom})`)
    .call(d3.axisBottom(x).ticks(rows.length).tickFormat(d3.format("d")));
  root.append("g").attr("class", "axis y-axis").attr("transform", `translate(${m.left},0)`)
    .call(d3.axisLeft(y).ticks(5, "~s"));
  root.append("text").attr("class", "axis-label").attr("x", (m.left + width - m.right) / 2).attr("y", height - 4)
    .attr("text-anchor", "middle").text("depth d");
  root.append("text").attr("class", "axis-label").attr("transform", `translate(12,${(height - m.bottom + m.top) / 2}) rotate(-90)`)
    .attr("text-anchor", "middle").text("leaves (log)");
  for (const s of SERIES) {
    const line = d3.line().x((r) => x(r.depth)).y((r) => y(Math.max(1, r[s.key])));
    root.append("path").attr("class", `series series-${s.key}`).attr("data-series", s.key).attr("d", line(rows))
      .append("title").text(`${s.label}: ${rows.map((r) => r[s.key]).join(", ")}`);
  }
  root.append("g").attr("class", "knuth-moore").selectAll("circle").data(rows).join("circle")
    .attr("cx", (r) => x(r.depth)).attr("cy", (r) => y(r.knuth_moore)).attr("r", 2.5)
    .append("title").text((r) => `Knuth–Moore, d = ${r.depth}: ${r.knuth_moore}`);
  const legend = root.append("g").attr("class", "plot-legend").attr("transform", `translate(${m.left + 6},${m.top + 4})`);
  [...SERIES, { key: "km", label: "Knuth–Moore" }].forEach((s, i) => {
    const g = legend.append("g").attr("transform", `translate(0,${i * 13})`);
    if (s.key === "km") g.append("circle").attr("class", "knuth-moore-key").attr("cx", 7).attr("cy", 0).attr("r", 2.5);
    else g.append("line").attr("class", `series series-${s.key}`).attr("x1", 0).attr("x2", 14).attr("y1", 0).attr("y2", 0);
    g.append("text").attr("x", 18).attr("y", 3.5).text(s.label);
  });
}
