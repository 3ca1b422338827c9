// The instructor's results page /x/<id>/results?key=...: how many tried, the mean score, which
// misconceptions explain first attempts and retries (and where), the first attempts' score
// distribution (a bar chart and the same as a table), a heat map on the tree (each node coloured by
// the share of attempts with a mistake there, its counts in its title and a table), and every
// attempt, with a CSV download. Names come from students' links: inserted as text only.

import { fetchResults, resultsCsvUrl } from "./exercise_client.js";
import { reviewLink, showRoster } from "./results_roster.js";
import { showLmsRoster } from "./results_lms_roster.js";
import { isNotFound, notFoundSentence } from "../page/not_found.js";
import { launchFor } from "./learner.js";
import { layoutTree, drawNodes, svgEl, RISE } from "./exercise_layout.js";
import { percent, builtSettingsWords, askedWords } from "./exercise_words.js";

const $ = (id) => document.getElementById(id);
const id = document.body.dataset.exercise;
const OLD_RULE = "one-per-slip"; // search/practice/scoring.py OLD_RULE
const heat = (share) => d3.interpolateOrRd(0.08 + 0.85 * share);

function row(cells) {
  const tr = document.createElement("tr");
  cells.forEach((text, i) => {
    const cell = document.createElement(i === 0 ? "th" : "td");
    if (i === 0) cell.scope = "row";
    cell.textContent = String(text);
    tr.appendChild(cell);
  });
  return tr;
}

function binName(k, bins) {
  return k === bins - 1 ? `${k * 10}–100%` : `${k * 10}–${k * 10 + 9}%`;
}

function drawHistogram(scores) {
  const svg = $("histogram");
  const width = 420;
  const height = 170;
  const pad = { left: 28, bottom: 30, top: 14 };
  const barW = (width - pad.left) / scores.length;
  const top = Math.max(1, ...scores);
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("width", String(width));
  svg.replaceChildren();
  scores.forEach((count, k) => {
    const h = ((height - pad.bottom - pad.top) * count) / top;
    const x = pad.left + k * barW;
    const bar = svgEl("rect", { class: "bar", x: x + 2, y: height - pad.bottom - h, width: barW - 4, height: h, "data-bin": k }, svg);
    svgEl("title", {}, bar).textContent = `${binName(k, scores.length)}: ${count}`;
    if (count) svgEl("text", { x: x + barW / 2, y: height - pad.bottom - h - 4 }, svg).textContent = String(count);
    svgEl("text", { x: x + barW / 2, y: height - pad.bottom + 14 }, svg).textContent = `${k * 10}`;
  });
  svgEl("text", { x: pad.left + (width - pad.left) / 2, y: height - 2 }, svg).textContent = "score (%)";
  $("histogram-rows").replaceChildren(...scores.map((count, k) => row([binName(k, scores.length), count])));
}

function drawHeat(results) {
  const attempts = results.attempts;
  const layout = layoutTree(results.student.tree, { dx: 56, dy: 90 });
  const canvas = document.createElement("div");
  canvas.className = "exercise-canvas";
  canvas.style.width = `${layout.width}px`;
  const height = Math.max(...layout.nodes.map((n) => n.y)) + RISE + 28;
  canvas.style.height = `${height}px`;
  const svg = svgEl("svg", { class: "exercise-tree heat-tree", width: layout.width, height }, canvas);
  const edges = svgEl("g", { class: "edges" }, svg);
  for (const n of layout.nodes) {
    for (const c of n.children) svgEl("line", { class: "edge", x1: n.x, y1: n.y + RISE, x2: c.x, y2: c.y - RISE - 3 }, edges);
  }
  const groups = drawNodes(svgEl("g", { class: "nodes" }, svg), layout);
  const rows = [];
  for (const n of layout.nodes) {
    const counts = { attempts_wrong: 0, value: 0, bound: 0, missed_prune: 0, extra_prune: 0, order: 0, not_pruned: 0, ...results.nodes[n.id] };
    const share = attempts ? counts.attempts_wrong / attempts : 0;
    const g = groups[n.id];
    g.dataset.wrong = String(counts.attempts_wrong);
    g.querySelector(".shape").style.fill = heat(share);
    svgEl("title", {}, g).textContent = `${n.label}: wrong in ${counts.attempts_wrong} of ${attempts} attempts` +
      ` (value ${counts.value}, α/β ${counts.bound}, missed prune ${counts.missed_prune + counts.not_pruned}, extra prune ` +
      `${counts.extra_prune}, order ${counts.order})`;
    rows.push(row([n.label, `${counts.attempts_wrong} of ${attempts}`, counts.value, counts.bound, counts.missed_prune + counts.not_pruned,
      counts.extra_prune, counts.order]));
  }
  $("node-rows").replaceChildren(...rows);
  $("heat-box").replaceChildren(canvas);
  const legend = $("heat-legend");
  const ramp = document.createElement("span");
  ramp.className = "heat-ramp";
  ramp.style.background = `linear-gradient(to right, ${[0, 0.25, 0.5, 0.75, 1].map(heat).join(", ")})`;
  legend.replaceChildren("wrong in 0% of attempts", ramp, "100%");
}

// A Parsons exercise's marks are at its lines: a row per line (its text, as text), the solution's first.
// Each line indented as the solution has it (a distractor not at all): the cell's padding, so that a line wrapped on a
// phone stays indented and no spaces are read aloud.
function showLines(results, lines) {
  const text = new Map(lines.map((line) => [line.id, line.text]));
  const rows = results.lines.map((c) => {
    const tr = row([text.get(c.id) || c.id, `${c.attempts_wrong} of ${results.attempts}`, c.line, c.indent, c.missing, c.distractor]);
    tr.dataset.line = c.id;
    tr.firstChild.className = "code-cell";
    tr.firstChild.style.setProperty("--indent", String(c.solution_indent || 0));
    return tr;
  });
  $("line-rows").replaceChildren(...rows);
  $("line-section").hidden = false;
}

function optionsWords(options) {
  const limit = options.attempts === null ? "no limit on attempts" : `${options.attempts} attempt${options.attempts === 1 ? "" : "s"} per student`;
  const hidden = [options.hints ? null : "Hint", options.solution ? null : "Show solution"].filter(Boolean);
  const grade = options.grade === "latest" ? "the latest score" : "the best score";
  return `Students see ${hidden.length ? `no ${hidden.join(" and no ")}` : "Hint and Show solution"}; ${limit}; an LMS gradebook gets ${grade}.`;
}

// `lines`: a Parsons exercise's lines, whose ids are where its marks are: each is named by its text.
function showMisconceptions(found, lines = []) {
  const text = new Map(lines.map((line) => [line.id, `“${line.text}”`]));
  const rows = found.map((m) => {
    const tr = row([m.name, m.first_attempts, m.retries, m.nodes.map((n) => `${text.get(n.node) || n.node} ×${n.attempts}`).join(", ")]);
    tr.dataset.misconception = m.id;
    return tr;
  });
  if (!rows.length) {
    const tr = document.createElement("tr");
    const cell = document.createElement("td");
    cell.colSpan = 4;
    cell.className = "empty";
    cell.textContent = "No attempt follows a named misconception yet.";
    tr.appendChild(cell);
    rows.push(tr);
  }
  $("misconception-rows").replaceChildren(...rows);
}

// The help a student used before an attempt (issue 31): "3 hints", "the solution", "1 hint, the solution",
// "none", or "not recorded" (an attempt from before help was noted, or one that said not whose it was).
export function helpWords(help) {
  if (help === null || help === undefined) return "not recorded";
  const parts = [];
  if (help.hints) parts.push(`${help.hints} hint${help.hints === 1 ? "" : "s"}`);
  if (help.solution) parts.push("the solution");
  return parts.join(", ") || "none";
}

const timeWords = (iso) => new Date(iso).toLocaleString(undefined, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });

function showAttempts(results, access) {
  const rows = results.attempt_list.map((a) => {
    const oldRule = a.rule === OLD_RULE; // the rule before issue 46 (search/practice/scoring.py); a built kind has its own rule
    const tr = row([timeWords(a.time), a.student === null ? "anonymous" : a.student, a.learner || "—", a.attempt,
      oldRule ? `${percent(a.score)} *` : percent(a.score), a.misconceptions.map((m) => `${m.name} (${m.marks})`).join("; ") || "—",
      helpWords(a.help)]);
    tr.dataset.attempt = String(a.attempt);
    tr.dataset.rule = a.rule || "";
    if (oldRule) tr.children[4].title = "scored by the rule before marks: the marks one misconception explained counted once";
    const helped = Boolean(a.help && (a.help.hints || a.help.solution));
    tr.dataset.help = helped ? "used" : a.help ? "none" : "unknown";
    if (helped) tr.lastElementChild.classList.add("help-used");
    if (a.student === null) tr.children[1].classList.add("anonymous");
    if (a.lms) tr.children[1].append(" (LMS)"); // the name the course's LMS gave, not a link's
    if (a.roster) tr.children[1].append(" (roster)"); // checked from the student's private link
    tr.insertBefore(reviewLink(id, a, access), tr.lastElementChild); // help before stays the last column
    return tr;
  });
  $("attempt-rows").replaceChildren(...rows);
  // Attempts scored before every mark counted (issue 46) keep the score they were given, marked with a *.
  $("old-rule-note").hidden = !results.attempt_list.some((a) => a.rule === OLD_RULE);
  const capped = results.attempt_list.length < results.attempts;
  $("list-capped").textContent = capped ? `: the newest ${results.attempt_list.length} of ${results.attempts}` : "";
}

async function open() {
  const own = new URLSearchParams(window.location.search);
  const key = own.get("key") || "";
  const course = key ? "" : own.get("course") || ""; // opened from a course's gradebook, by the course's key
  const lti = key || course ? "" : launchFor(id); // an instructor's launch: kept in the tab, out of the address
  // the results link's key, a course's key, or an instructor's LMS launch
  const access = course ? { course, course_key: own.get("course_key") || "" } : key || !lti ? { key } : { lti };
  let results;
  try {
    results = await fetchResults(id, access);
  } catch (err) {
    $("results-error").textContent = isNotFound(err) ? notFoundSentence("exercise", id)
      : key || lti || course ? err.message : "This page needs the results key: open the results link given when the exercise was made.";
    return;
  }
  const student = results.student;
  $("results-settings").textContent = `${builtSettingsWords(student)} ${student.task || askedWords(student.ask, student)}`;
  $("results-options").textContent = optionsWords(results.student.options);
  $("results-scoring").textContent = results.student.scoring || "";
  $("attempts").textContent = String(results.attempts);
  $("first-attempts").textContent = String(results.first_attempts);
  $("retries").textContent = String(results.retries);
  $("mean-score").textContent = results.mean_score === null ? "—" : percent(results.mean_score);
  $("perfect").textContent = String(results.perfect);
  $("perfect").title = `${results.perfect_with_help} more scored 100% after a hint or the solution`;
  $("with-help").textContent = String(results.with_help);
  showMisconceptions(results.misconceptions, student.lines || []);
  drawHistogram(results.first_scores);
  const variants = results.variants && results.variants !== "same";
  $("heat-variants").hidden = !variants;
  $("heat-same").hidden = variants;
  $("heat-heading").parentElement.hidden = student.kind === "parsons"; // its marks are lines, not nodes
  if (!variants && student.kind !== "parsons") drawHeat(results);
  if (student.kind === "parsons" && results.lines) showLines(results, student.lines || []);
  showAttempts(results, access);
  if (results.roster) await showRoster(id, access);
  if (results.lms_roster) showLmsRoster(results.lms_roster);
  $("download-csv").href = resultsCsvUrl(id, access);
  if (key) $("course-link").href = `/course/new#${new URLSearchParams({ exercise: id, key })}`; // the key stays out of requests
  $("course-line").hidden = !key;
  $("solution-link").href = `/x/${encodeURIComponent(id)}/solution?${new URLSearchParams(access)}`;
  document.body.dataset.ready = "true";
}

open();
