// A practice path's progress in words and as a list (search/practice/path.py): which ideas the student showed,
// how far each is from mastered, the tree's level. Idea names come from the server's catalogue: inserted as text.

import { el } from "../page/html_element.js";

// "1 of 2 right in a row" as dots: ● for each right, ○ for each still needed.
export function streakDots(idea) {
  const right = Math.min(idea.streak, idea.needed);
  return "●".repeat(right) + "○".repeat(idea.needed - right);
}

export function ideaWords(idea) {
  if (idea.state === "mastered") return `${idea.name}: mastered (${idea.needed} trees right in a row)`;
  const streak = `${Math.min(idea.streak, idea.needed)} of ${idea.needed} right in a row`;
  return idea.state === "practising" ? `${idea.name}: practising now, ${streak}` : `${idea.name}: next, after the one practised now`;
}

// What a check just did on the path: `before` and `after` are the progress before and after it, `checked` the check's
// answer ({score, perfect}). Only a tree's first check counts, so a retry changes nothing; a right answer after a hint
// or the solution does not count as right.
export function checkedWords(before, after, target, checked = {}) {
  if (!before || after.trees === before.trees) {
    return "Only your first check of a tree counts on the path: this one was a retry, so your progress is as it was.";
  }
  const right = after.right > before.right;
  const why = checked.score === 1 && !right ? "Right, but after a hint or the solution" : "Not right at the first check";
  if (!target) return right ? "Right first time: this tree counts as right." : `${why}: this tree does not count as right.`;
  const idea = after.ideas.find((i) => i.id === target.id);
  if (idea && idea.state === "mastered") return `Right first time: “${idea.name}” is mastered.`;
  return right ? `Right first time: ${Math.min(idea ? idea.streak : 1, after.mastery)} of ${after.mastery} right in a row for “${target.name}”.`
    : `${why}: “${target.name}” starts again at 0 of ${after.mastery} right in a row.`;
}

// What the tree to do now is for.
export function currentWords(progress) {
  if (progress.finished === "levels") {
    return "You have finished this path: every idea you showed is mastered, and you got the hardest tree right.";
  }
  if (progress.done) return `This path is over for you: it gives at most ${progress.limit} trees.`;
  const current = progress.current;
  if (current.target) return `This tree tests the idea “${current.target.name}”: a search following it gets another answer here.`;
  return progress.trees === 0 ? `A first tree (level ${current.level} of ${progress.levels}): it shows what to practise.`
    : `A harder tree: level ${current.level} of ${progress.levels}.`;
}

export function summaryWords(progress) {
  const trees = `${progress.trees} tree${progress.trees === 1 ? "" : "s"} checked, ${progress.right} right first time`;
  const ideas = progress.ideas.length
    ? `; ${progress.mastered} of ${progress.ideas.length} idea${progress.ideas.length === 1 ? "" : "s"} mastered` : "";
  return `${trees}${ideas}.`;
}

// The ideas as a list: one item each, its state, its dots.
export function ideaList(progress) {
  const list = el("ul", { class: "path-ideas", "aria-label": "Ideas you showed" });
  for (const idea of progress.ideas) {
    const item = el("li", { class: `path-idea ${idea.state}`, "data-idea": idea.id, "data-state": idea.state });
    item.append(el("span", { class: "path-dots", "aria-hidden": "true" }, streakDots(idea)), " ", el("span", {}, ideaWords(idea)));
    list.append(item);
  }
  return list;
}
