// Practice exercises (exercise_maker.js) of the tree the page shows: a game search's position with
// what shapes the tree it draws (depth limit, symmetry, beam, quiescence: the server counts those
// nodes against the practice limit), else the tree searched (or the editor's), with the Search
// tab's options. `page`: app.js's parts.

import { ExerciseMaker } from "./exercise_maker.js";
import { RosterMaker } from "./roster_maker.js";
import { shown } from "../page/page_state.js";

export function makeExerciseMaker(page) {
  const { form } = page;
  return new ExerciseMaker({
    shown: () => {
      const source = shown.replay && shown.replay.event(0).source;
      if (shown.request && shown.request.game) return { game: shown.request.game, state: shown.request.state, ...shapeOf(shown.request) };
      return { tree: source && source.kind === "tree" && source.tree ? source.tree : page.editor.tree };
    },
    searchOptions: () => form.options(),
    showError: (text) => (text ? form.showError(text) : form.clearError()),
    extend: new RosterMaker(document.getElementById("exercise-maker")),
  });
}

// The fields of a game search that decide which nodes it draws (search/practice/exercise.py SEARCH_SHAPE), those it has.
function shapeOf(request) {
  const out = {};
  for (const name of ["depth", "symmetry", "beam", "quiescence"]) {
    if (request[name] !== undefined && request[name] !== null && request[name] !== false) out[name] = request[name];
  }
  return out;
}
