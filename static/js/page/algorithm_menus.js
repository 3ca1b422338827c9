// The page's algorithm menus, built from the catalogue (page/catalogue.js, GET /api/catalogue) rather than
// written in the template: a <select data-algorithms="all"> lists every algorithm, data-algorithms="single_pass"
// the searches a student works by hand (the exercise maker); data-selected names the one chosen at first, and
// data-hints="1" adds what each is for ("chance nodes", "several players"); data-names="1" shows the short name
// ("iterative deepening") instead of the menu label. /play's menu (data-algorithms="play") lists the ones its engine moves by.

import { algorithms } from "./catalogue.js";

const FILTERS = {
  all: () => true,
  single_pass: (a) => a.single_pass,
  play: (a) => a.play,
};

function hint(algorithm) {
  if (algorithm.chance === "yes") return " (chance nodes)";
  if (algorithm.players === "n") return " (several players)";
  return "";
}

// Fills every such menu under `root` (once: a filled menu keeps its options and the user's choice).
export function fillAlgorithmMenus(root = document) {
  for (const select of root.querySelectorAll("select[data-algorithms]")) {
    if (select.options.length) continue;
    const keep = FILTERS[select.dataset.algorithms] || FILTERS.all;
    for (const algorithm of algorithms().filter(keep)) {
      const option = document.createElement("option");
      option.value = algorithm.id;
      option.textContent = (select.dataset.names ? algorithm.name : algorithm.label) + (select.dataset.hints ? hint(algorithm) : "");
      option.title = algorithm.summary;
      select.append(option);
    }
    if (select.dataset.selected) select.value = select.dataset.selected;
  }
}
