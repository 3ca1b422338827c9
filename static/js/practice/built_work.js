// The work area of an exercise, by its kind (issue 50): the tree to fill in (exercise_tree.js) for a values
// exercise, or what the student builds for the others. Each offers what the page uses: typed()/setTyped() (kept
// in localStorage), the answer, showMistakes/point/clearMarks for the feedback, and for a built kind its `howTo`,
// `answer(strict)` and `showResult(result)` (what the real search did with the build).

import { ExerciseTree } from "./exercise_tree.js";
import { OrderBuilder } from "./order_builder.js";
import { PruneBuilder } from "./prune_builder.js";
import { ParsonsBuilder } from "./parsons_builder.js";

const BUILDERS = { ordering: OrderBuilder, "make-it-prune": PruneBuilder, parsons: ParsonsBuilder };

export function makeWork(box, copy, onChange) {
  for (const old of box.parentElement.querySelectorAll(".built-panel")) old.remove(); // a new tree's (per-attempt) work replaces the last
  box.classList.remove("parsons-box");
  const Builder = BUILDERS[copy.kind] || ExerciseTree;
  return new Builder(box, copy, onChange);
}

export function isBuilt(copy) {
  return Boolean(copy && BUILDERS[copy.kind]);
}
