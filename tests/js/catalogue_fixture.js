// The engine's catalogue as GET /api/catalogue answers it, for the modules that read it (static/js/page/catalogue.js):
// importing this sets it. tests/engine/test_algorithm_registry.py holds catalogue.fixture.json equal to the registry.
import { readFileSync } from "node:fs";
import { setCatalogue } from "../../static/js/page/catalogue.js";

export const CATALOGUE = JSON.parse(readFileSync(new URL("./catalogue.fixture.json", import.meta.url), "utf-8"));
setCatalogue(CATALOGUE);
