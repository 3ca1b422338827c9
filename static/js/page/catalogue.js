// What the engine offers (GET /api/catalogue: search/algorithms/registry.py, search/games/registry.py), kept here
// once the page has fetched it: the algorithm menus, the step links and the searches predict mode asks about
// read it instead of keeping lists of their own. No DOM and no fetch at import: Node's tests set it with
// setCatalogue (tests/js/catalogue.fixture.json, which a Python test holds equal to the registry).

let catalogue = null;
let loading = null;

// The catalogue as the server sent it ({algorithms: [...], games: [...]}), for the modules below.
export function setCatalogue(data) {
  if (!data || !Array.isArray(data.algorithms)) throw new Error("catalogue: expected {algorithms: [...]}");
  catalogue = data;
}

// Fetches /api/catalogue once (later calls share the answer); resolves to the catalogue.
export function loadCatalogue(fetchJson = defaultFetch) {
  if (catalogue) return Promise.resolve(catalogue);
  if (!loading) {
    loading = fetchJson("/api/catalogue").then((data) => {
      setCatalogue(data);
      return catalogue;
    }, (err) => {
      loading = null; // a later call may try again
      throw err;
    });
  }
  return loading;
}

async function defaultFetch(url) {
  const response = await fetch(url, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

// Every algorithm's descriptor ({id, name, label, ties, returns, depth, enhancements, players, chance, ...}),
// in the menus' order; [] before the catalogue is loaded.
export function algorithms() {
  return catalogue ? catalogue.algorithms : [];
}

export function algorithmIds() {
  return algorithms().map((a) => a.id);
}

// The descriptor of `id`, or null.
export function algorithmOf(id) {
  return algorithms().find((a) => a.id === id) || null;
}

// As a sentence names it ("alpha-beta", "max^n"); the id itself when unknown.
export function algorithmName(id) {
  const found = algorithmOf(id);
  return found ? found.name : id;
}
