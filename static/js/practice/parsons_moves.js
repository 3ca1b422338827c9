// The Parsons exercise's state, apart from the page so it can be tested alone: the lines the student put in their
// program, in order, each with its indent; the others stay in the pool. A move never loses or repeats a line.

export const MAX_INDENT = 8; // search/practice/parsons.py accepts indents 0 to 8

// {program: [{id, indent}], pool: [ids]} from a saved one, keeping only ids the copy has (each once).
export function restoredProgram(lineIds, saved) {
  const known = new Set(lineIds);
  const program = [];
  for (const line of (saved && saved.program) || []) {
    if (known.has(line.id) && !program.some((p) => p.id === line.id)) {
      program.push({ id: line.id, indent: clampIndent(line.indent) });
    }
  }
  const used = new Set(program.map((p) => p.id));
  return { program, pool: lineIds.filter((id) => !used.has(id)) };
}

export function clampIndent(indent) {
  return Math.max(0, Math.min(MAX_INDENT, Number.isInteger(indent) ? indent : 0));
}

// What a key does to a program line: ↑/↓ move it, ←/→ indent it, Enter/Space/Delete/Backspace take it out.
export function programKey(key) {
  return { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "outdent", ArrowRight: "indent", Enter: "remove", " ": "remove",
    Delete: "remove", Backspace: "remove" }[key] || null;
}

// The state after `action` on program line `id` ("up", "down", "indent", "outdent", "remove"), or "add" of a pool line.
export function applied(state, action, id) {
  const program = state.program.map((p) => ({ ...p }));
  const pool = [...state.pool];
  const at = program.findIndex((p) => p.id === id);
  if (action === "add" && pool.includes(id)) {
    const indent = program.length ? program[program.length - 1].indent : 0;
    return { program: [...program, { id, indent }], pool: pool.filter((p) => p !== id) };
  }
  if (at < 0) return state;
  if (action === "remove") return { program: program.filter((p) => p.id !== id), pool: [...pool, id] };
  if (action === "indent" || action === "outdent") {
    program[at].indent = clampIndent(program[at].indent + (action === "indent" ? 1 : -1));
    return { program, pool };
  }
  const to = action === "up" ? at - 1 : at + 1;
  if (to < 0 || to >= program.length) return state;
  [program[at], program[to]] = [program[to], program[at]];
  return { program, pool };
}

// The program after a drag: the ids in the program list's new order (indents kept; a line dragged in from the pool
// takes the indent of the line above it).
export function dragged(state, programIds) {
  const indents = new Map(state.program.map((p) => [p.id, p.indent]));
  const program = programIds.map((id, i) => ({ id, indent: indents.has(id) ? indents.get(id) : (i > 0 ? indents.get(programIds[i - 1]) ?? 0 : 0) }));
  const used = new Set(programIds);
  const pool = [...state.pool.filter((id) => !used.has(id)), ...state.program.map((p) => p.id).filter((id) => !used.has(id))];
  return { program, pool };
}

const TREE_NAMES = { exercise: "this exercise's tree", lecture: "the lecture's A/B/C/D tree", chance: "the chance-node example" };

// One tree's run of the student's program, against the real search's: "On the lecture's A/B/C/D tree your program
// returns 3 and evaluates 7 leaves, as the search does." A tree's own text never reaches innerHTML (textContent).
export function runWords(run) {
  const tree = TREE_NAMES[run.tree] || run.tree.replace(/^generated-(\d+)$/, "generated tree $1");
  const where = `On ${tree}`;
  if (run.problem) return `${where} your program stops: ${run.problem}.`;
  if (run.matches) return `${where} your program returns ${run.value} and evaluates ${run.leaves} leaves, as the search does.`;
  return `${where} your program returns ${run.value} and evaluates ${run.leaves} leaves; the search returns ${run.expected} ` +
    `and evaluates ${run.expected_leaves}${run.difference ? `: ${run.difference}` : ""}.`;
}
