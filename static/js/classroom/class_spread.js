// The spread of a class's answers as bars, one a line: the answer (text, never markup), a bar
// as long as its share of those who answered, and the count. The right answer, once revealed,
// is marked, and an answer that follows a misconception is named under its bar ("2 students: MAX
// and MIN swapped"). Used by the instructor's tally and by each student's reveal.

import { spread } from "./class_question.js";
import { el } from "../page/html_element.js";

// Answers as the page shows them: "inf" reads +∞, "-inf" −∞.
export function showAnswer(text) {
  return String(text).replace(/(^|[[\s,])-inf\b/g, "$1−∞").replace(/(^|[[\s,])inf\b/g, "$1+∞");
}

// misconceptions: {answer: {id, name, ...}} as class:reveal names them, or null.
export function drawSpread(list, counts, answered, right = null, misconceptions = null) {
  const rows = spread(counts, answered).map(({ answer, count, share }) => {
    const li = el("li", { class: "class-bar" });
    li.dataset.answer = answer;
    li.dataset.count = String(count);
    if (right !== null) li.dataset.right = String(answer === right);
    const label = el("span", { class: "class-bar-answer" }, showAnswer(answer));
    if (right !== null && answer === right) label.append(el("span", { class: "class-bar-mark" }, " ✓"));
    const track = el("span", { class: "class-bar-track" });
    const fill = el("span", { class: "class-bar-fill" });
    fill.style.setProperty("--share", String(share)); // CSSOM, not a style attribute: the CSP allows it
    track.append(fill);
    li.append(label, track, el("span", { class: "class-bar-count" }, String(count)));
    const m = misconceptions && typeof misconceptions === "object" && Object.hasOwn(misconceptions, answer) ? misconceptions[answer] : null;
    if (m && answer !== right && typeof m.name === "string") {
      li.dataset.misconception = String(m.id);
      li.append(el("span", { class: "class-bar-misconception" }, `${count} ${count === 1 ? "student" : "students"}: ${m.name}`));
    }
    return li;
  });
  list.replaceChildren(...rows);
}
