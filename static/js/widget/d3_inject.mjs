// For the widget's bundle only (build_bundle.mjs injects it): the page's modules use d3 as the
// global its <script> tag makes; in the bundle each use of `d3` is this import from node_modules,
// and no global is set on the notebook's page.
import * as d3 from "d3";

export { d3 };
