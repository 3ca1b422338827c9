// Practice exercises (exercise_maker.js) of the tree the page shows: a game search's position,
// else the tree searched (or the editor's), with the Search tab's options. `page`: app.js's parts.

import { ExerciseMaker } from "./exercise_maker.js";
import { shown } from "../page/page_state.js";

export function makeExerciseMaker(page) {
  const { form } = page;
  return new ExerciseMaker({
    shown: () => {
      const source = shown.replay && shown.replay.event(0).source;
      if (shown.request && shown.request.game) return { game: shown.request.game, state: shown.request.state };
      return { tree: source && source.kind === "tree" && source.tree ? source.tree : page.editor.tree };
    },
    searchOptions: () => form.options(),
    showError: (text) => (text ? form.showError(text) : form.clearError()),
  });
}
