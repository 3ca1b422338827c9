// What the exercise page says of whose checks these are and which tree the student answers (issue 46, parts 3
// and 4). Pure: the page puts these sentences in as text (a roster name is the instructor's text, never markup).

// copy: the student's copy (roster, person, roster_student, options, variants); who: the page's {student, s?}.
export function whoseCheckWords(copy, who) {
  if (copy.roster_student) return `Your checks are kept under your name on the roster: ${copy.roster_student}.`;
  if (copy.roster) {
    return "This exercise is for the students on its roster: open it from the private link your instructor sent you " +
      "(it ends in ?s=…). Without it, Check is off.";
  }
  const graded = copy.options.attempts !== null;
  const named = who.student ? `Your checks are kept under the name in your link: “${who.student}”.` : "";
  if (!graded || copy.person) return named;
  const limit = `${copy.options.attempts} attempt${copy.options.attempts === 1 ? "" : "s"}`;
  return `${named ? `${named} ` : ""}Attempts here are not tied to a person: anyone can type any name, so the limit of ` +
    `${limit} counts names (or, without one, this browser), not people.`;
}

// "This tree is your own" (per-student) or "a new tree after each check" (per-attempt); "" for one tree for all.
export function ownTreeWords(copy) {
  if (copy.variants === "per-student") return "This tree is your own: other students have trees of the same shape and rules with other values.";
  if (copy.variants === "per-attempt") return "You get a new tree after each check: practise until the search comes easily.";
  return "";
}
