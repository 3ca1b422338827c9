// The words for a search that follows a misconception (search/misconceptions/, a request's
// "misconception"): its tests against the wrong bound ("v ≥ α" at MAX, "v ≤ β" at MIN, and their
// strict forms) said as what they are, beside what the slides test. Pure: node's tests run it.

const WRONG = {
  "v >= alpha": { sign: "≥", right: "v ≥ β at MAX" },
  "v > alpha": { sign: ">", right: "v ≥ β at MAX" },
  "v <= beta": { sign: "≤", right: "v ≤ α at MIN" },
  "v < beta": { sign: "<", right: "v ≤ α at MIN" },
};

// The sign of a test against the wrong bound, or undefined for any other test.
export function wrongBoundSign(test) {
  return Object.hasOwn(WRONG, test) ? WRONG[test].sign : undefined;
}

// " (the wrong bound: the slides test v ≥ β at MAX)" after a test against the wrong bound, else "".
export function wrongBoundNote(test) {
  return Object.hasOwn(WRONG, test) ? ` (the wrong bound: the slides test ${WRONG[test].right})` : "";
}

// "B is MIN with v = 3 ≤ β = 3 (the wrong bound: ...): B2 and B3 are not looked at": a cut the
// slides would not make, said without the reason a right cut has (no player avoids this node).
export function wrongBoundPrune(head, skipped, test) {
  return `${head}${wrongBoundNote(test)}: ${skipped}`;
}
