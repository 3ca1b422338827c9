// The banner over the narration when the search shown follows a misconception (its start event's
// options carry "misconception": an id of the engine's catalogue, GET /api/misconceptions): "This
// search follows a misconception: the search with MAX and MIN swapped", and the idea it gets wrong,
// so nobody takes its steps for the slides'. The catalogue is fetched once, the first time one shows.

import { el } from "./html_element.js";

let catalogue = null; // Promise of {id: {id, name, follows, idea}}

// The catalogue by id, fetched once for the page (the banner, the code lab's report).
export function fetchCatalogue() {
  if (!catalogue) {
    catalogue = fetch("/api/misconceptions")
      .then((response) => (response.ok ? response.json() : { misconceptions: [] }))
      .then((body) => Object.fromEntries((body.misconceptions || []).map((m) => [m.id, m])))
      .catch(() => ({}));
  }
  return catalogue;
}

// The misconception a start event names, or null: pure, so node's tests run it.
export function misconceptionOf(start) {
  const id = start && start.options ? start.options.misconception : undefined;
  return typeof id === "string" && id ? id : null;
}

// {title, idea}: the banner's words for catalogue entry `m` (or for an id the catalogue lacks).
export function bannerWords(id, m) {
  if (!m) return { title: `This search follows a misconception: ${id}.`, idea: "" };
  const idea = String(m.idea || "");
  return { title: `This search follows a misconception: ${m.follows}.`, idea: `${idea.charAt(0).toUpperCase()}${idea.slice(1)}.` };
}

export class MisconceptionBanner {
  // catalogue: () => Promise of the entries by id; the page fetches them, a notebook widget has them already.
  constructor(section, catalogue = fetchCatalogue) {
    this.section = section;
    this.catalogue = catalogue;
    this.shown = null; // the start event shown
  }

  // A search's first event, or null (a new search, nothing yet): shows or hides the banner.
  async show(start) {
    this.shown = start;
    const id = misconceptionOf(start);
    if (!id) {
      this.section.hidden = true;
      this.section.replaceChildren();
      delete this.section.dataset.misconception;
      return;
    }
    const entries = await this.catalogue();
    if (this.shown !== start) return; // another search since
    const words = bannerWords(id, Object.hasOwn(entries, id) ? entries[id] : null);
    this.section.replaceChildren(el("strong", { class: "misconception-title" }, words.title),
      ...(words.idea ? [" ", el("span", { class: "misconception-idea" }, `The slides: ${words.idea}`)] : []));
    this.section.dataset.misconception = id;
    this.section.hidden = false;
  }
}
