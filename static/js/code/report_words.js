// The code lab's words for a report (search.grading.browser.check's JSON, docs/code-lab.md): pure
// functions, so node's tests read them. Every text a report carries (messages, a traceback, the
// student's names) is the student's or the grader's; the page inserts these words only as text.

import { showMove, showValue } from "../view/value_format.js";
import { plural } from "../view/plural.js";
import { algorithmName } from "../page/catalogue.js";

// A move as the student's function returns it: a child's id, a cell 0-8, an Isolation square (x, y); "none".
export function moveWords(move) {
  return showMove(move) || "none";
}

// "visited 9 nodes · value 3 · move B" for report.student or report.reference; a game's move as the
// page names the position it leads to ("move X 4"): the side's `name`, where the report gives it.
export function searchFacts(side) {
  if (!side) return "";
  const value = side.value === null || side.value === undefined ? "none" : showValue(side.value);
  const move = typeof side.name === "string" && side.name ? side.name : moveWords(side.move);
  return `visited ${plural(side.visited ?? 0, "node")} · value ${value} · move ${move}`;
}

// The problem in words, from the page's query and the server's answer: what to write, on what.
export function problemWords(query, answer) {
  if (answer.quiz) return `Write ${answer.entry}(gameState, depth): ${answer.title}, checked at depths 1 to 6 by counting terminal_test.`;
  const p = answer.problem || {};
  const algorithm = algorithmName(p.algorithm);
  let on = "the tree given";
  if (query.get("example")) on = `the example “${query.get("example")}”`;
  else if (p.game) on = `${answer.game_name || p.game}${p.state ? ` from ${p.state}` : " from the start"}`;
  else if (p.course_game) on = `the course's game ${p.course_game.class} (${p.course_game.file})`;
  const options = [];
  if (p.depth !== null && p.depth !== undefined) options.push(`depth limit ${p.depth}`);
  if (p.ties) options.push(`ties ${p.ties}`);
  if (p.returns === "bound") options.push("returning the bound");
  return `Write ${answer.entry}(game, state): ${algorithm} on ${on}${options.length ? `, ${options.join(", ")}` : ""}.`;
}

// The time limit stopped the run (the page ended the worker).
export function limitWords(seconds) {
  return `Error: the time limit (${seconds} s) stopped your search: it was still running (an endless loop?). `
    + "Python starts afresh for the next run.";
}

// The verdict line: the report's own headline, or one made of its verdict.
export function verdictWords(report) {
  if (report.headline) return report.headline;
  return { match: "Your search matches the reference.", differs: "Your search differs from the reference.",
    error: "Your search could not be judged." }[report.verdict] || String(report.verdict);
}

// The misconception's heading and idea ("The slides: ..."), or null.
export function misconceptionWords(m) {
  if (!m) return null;
  const idea = String(m.idea || "");
  return {
    name: `It follows a misconception: ${m.name || m.follows || m.id}`,
    idea: idea ? `The slides: ${idea.charAt(0).toUpperCase()}${idea.slice(1)}${/[.!?]$/.test(idea) ? "" : "."}` : "",
  };
}

// Other misconceptions that reproduce the same search, by name where the catalogue ({id: entry}) has it, or "".
export function alsoWords(ids, catalogue = {}) {
  const names = misconceptionNames(ids, catalogue);
  return names.length ? `The same search also follows: ${names.join("; ")}.` : "";
}

// Misconceptions by name where the catalogue ({id: entry}) has it, else by id.
function misconceptionNames(ids, catalogue) {
  if (!Array.isArray(ids)) return [];
  return ids.map((id) => (Object.hasOwn(catalogue, id) && catalogue[id].name ? catalogue[id].name : String(id)));
}

// Slips that search exactly as the right search does on this problem (a match's `same_search`), or "".
export function sameSearchWords(ids, catalogue = {}) {
  const names = misconceptionNames(ids, catalogue);
  if (!names.length) return "";
  const slips = names.length === 1 ? `one slip searches` : `${names.length} slips search`;
  return `On this problem ${slips} exactly as the right search does (${names.join("; ")}): a problem where they differ tells them apart.`;
}

// Where the first divergence shows, in each drawing (the headline already says what it is), or "".
// The node by the page's name of it (`name`: "X 2 · O 4", "B2"); its id (`node`) only selects it.
export function divergenceWhere(d) {
  if (!d) return "";
  const at = [];
  if (Number.isInteger(d.student_seq)) at.push(`your search at step ${d.student_seq}`);
  if (Number.isInteger(d.reference_seq)) at.push(`the reference at step ${d.reference_seq}`);
  const ringed = typeof d.node === "string" && d.node;
  const name = ringed && typeof d.name === "string" && d.name ? ` at ${d.name}` : "";
  return `The first divergence${name}: ${at.length ? `${at.join(", ")}, ` : ""}${ringed ? "ringed in both drawings" : "shown below"}.`;
}

// Where an error is, when the report knows its line, or "".
export function errorWhere(error) {
  return error && Number.isInteger(error.line) ? `Line ${error.line} is marked in the editor.` : "";
}

// A search too long for the report to carry its events (GRADE_MAX_REPORT_EVENTS): not drawn, and said so.
export function leftOutWords(report) {
  const sides = [];
  if (report.student_events_left_out) sides.push("your search");
  if (report.reference_events_left_out) sides.push("the reference");
  return sides.length ? `Too many steps to draw ${sides.join(" or ")} here; the verdict is judged on the whole search all the same.` : "";
}

// A lecture quiz's row for one depth: [depth, your count, the reference's, your move, the reference's, whether they match].
export function quizRow(row) {
  const move = (m) => (Array.isArray(m) ? moveWords(m) : "none");
  const tested = row.error ? `error${Number.isInteger(row.error.line) ? ` (line ${row.error.line})` : ""}` : String(row.tested); // its message is above
  return [String(row.depth), tested, String(row.reference), row.error ? "—" : move(row.move), move(row.reference_move), row.matches ? "✓" : "✗"];
}
