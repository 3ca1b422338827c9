// The student's side of a diagnosis (issue 26): after a Check, the misconceptions the answer follows
// come first, in a box headed by the best one's name with its explanation; every mark one of them
// explains is drawn in that misconception's colour on the tree and in the list ("part of: ...").
// Everything from the server is inserted as text.

const COLOURS = 3; // misc-0 .. misc-2 in exercise.css; a fourth and later share the last colour
const LINE_KINDS = new Set(["line", "distractor", "indent", "missing"]); // a Parsons check's marks

export const colourOf = (index) => `misc-${Math.min(index, COLOURS - 1)}`;

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

// id -> {index, name} of the check's misconceptions, best first.
export function misconceptionIndex(result) {
  const found = new Map();
  (result.misconceptions || []).forEach((m, index) => found.set(m.id, { index, name: m.name }));
  return found;
}

function chip(index) {
  const span = document.createElement("span");
  span.className = `misc-chip ${colourOf(index)}`;
  span.setAttribute("aria-hidden", "true");
  return span;
}

// Fill the box (hidden when the answer follows no misconception). `nodeLabel(id)`: the drawing's name;
// `watchUrl(m)`: the address of the search with the best one's slip (none when the solution is hidden).
export function showMisconceptions(box, result, nodeLabel, watchUrl = null) {
  const list = result.misconceptions || [];
  box.hidden = list.length === 0;
  box.replaceChildren();
  if (!list.length) return;
  const [best, ...others] = list;
  const heading = document.createElement("h3");
  heading.id = "misconception-name";
  heading.append(chip(0), capital(best.name));
  box.dataset.misconception = best.id;
  const explanation = document.createElement("p");
  explanation.id = "misconception-explanation";
  explanation.textContent = best.explanation;
  box.append(heading, explanation, marksLine(best, 0, nodeLabel));
  if (watchUrl) {
    const watch = document.createElement("a");
    watch.id = "misconception-watch";
    watch.href = watchUrl(best);
    watch.textContent = "Watch this slip's search, from where it parts from the real one";
    box.append(watch);
  }
  if (!others.length) return;
  const more = document.createElement("ul");
  more.className = "misconception-others";
  others.forEach((m, i) => {
    const item = document.createElement("li");
    item.dataset.misconception = m.id;
    const name = document.createElement("strong");
    name.textContent = `Also ${m.name}: `;
    item.append(chip(i + 1), name, m.explanation, " ", marksLine(m, i + 1, nodeLabel, "span"));
    more.appendChild(item);
  });
  box.append(more);
}

function marksLine(m, index, nodeLabel, tag = "p") {
  const line = document.createElement(tag);
  line.className = "misconception-marks";
  const nodes = [...new Set((m.explains || []).map((mark) => nodeLabel(mark.node)))];
  const n = (m.explains || []).length;
  if (n === 0) {
    // A hidden solution's check lists no mark whose place tells the answer (server/practice/withheld.py).
    line.textContent = "Its marks are among those not listed.";
    return line;
  }
  const where = m.explains.every((mark) => LINE_KINDS.has(mark.kind)) ? "In your program" : "On the tree"; // a Parsons check's marks are lines
  line.textContent = `${where}, its ${n} mark${n === 1 ? "" : "s"} ${n === 1 ? "is" : "are"} drawn in this colour` +
    (nodes.length ? ` (${nodes.join(", ")}).` : ".");
  line.prepend(chip(index));
  return line;
}

// Colour every explained mark on the tree: the mistake's element and its node (`tree`: ExerciseTree).
export function colourMarks(tree, result) {
  const found = misconceptionIndex(result);
  for (const el of tree.canvas.querySelectorAll("[data-misconception]")) {
    el.classList.remove(...Array.from({ length: COLOURS }, (_, i) => `misc-${i}`));
    delete el.dataset.misconception;
  }
  for (const m of result.mistakes) {
    const owner = m.misconception ? found.get(m.misconception) : undefined;
    if (!owner) continue;
    const parts = tree.inputs[m.node] || {};
    const els = [tree.target(m.node, m.kind), tree.groups[m.node], m.kind === "bound" ? parts.beta : null,
      m.kind.endsWith("prune") ? parts.edge : null];
    for (const el of els) {
      if (!el) continue;
      el.classList.add(colourOf(owner.index));
      el.dataset.misconception = m.misconception;
    }
  }
}

// The note after a listed mistake that a misconception explains, or null.
export function partOfNote(mistake, found) {
  const owner = mistake.misconception ? found.get(mistake.misconception) : undefined;
  if (!owner) return null;
  const note = document.createElement("span");
  note.className = `part-of ${colourOf(owner.index)}`;
  note.append(chip(owner.index), `part of: ${owner.name}`);
  return note;
}
