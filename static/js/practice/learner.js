// Whose a request is (server/practice/identity.py): the `student` name the exercise link carries
// (/x/<id>?student=...) and this browser's anonymous learner token. A check, a hint and the solution
// all send the same, so the server can note the help a student used before a check (issue 31).

const TOKEN = "minimax-lab.learner";

// This browser's anonymous token (32 hex digits), made once and kept: it tells a student's retries
// from first attempts without a name. Without storage, one per page load.
export function learnerToken() {
  try {
    const kept = localStorage.getItem(TOKEN);
    if (kept && /^[0-9a-f]{32}$/.test(kept)) return kept;
  } catch {
    // storage off
  }
  const made = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
  try {
    localStorage.setItem(TOKEN, made);
  } catch {
    // storage off: a token for this page only
  }
  return made;
}

const LAUNCH = "minimax-lab.lti.";

// The LMS launch (issue 32) of this tab for an exercise: it arrives in the address (?lti=, put there by the launch's
// redirect) and is a key to the student's grades, so it is kept in this tab's sessionStorage under the exercise and
// taken out of the address (a copied or bookmarked link then does not carry it; a reload or "Back to the exercise"
// finds it kept). Without storage it stays in the address. "" when the page was not opened from a course.
export function launchFor(exerciseId, place = globalThis.location, history = globalThis.history, storage = sessionStore()) {
  if (!place) return "";
  const params = new URLSearchParams(place.search);
  const given = params.get("lti");
  if (!given) {
    try {
      return (storage && storage.getItem(LAUNCH + exerciseId)) || "";
    } catch {
      return "";
    }
  }
  try {
    storage.setItem(LAUNCH + exerciseId, given);
  } catch {
    return given; // no storage: the address keeps it
  }
  params.delete("lti");
  const rest = params.toString();
  history.replaceState(history.state, "", `${place.pathname}${rest ? `?${rest}` : ""}${place.hash || ""}`);
  return given;
}

function sessionStore() {
  try {
    return globalThis.sessionStorage || null;
  } catch {
    return null; // storage refused (a sandboxed frame)
  }
}

// {student, learner, s?, lti?} of a page of exercise `exerciseId`: the name from its own address ("" when none), the
// token, a roster student's private link's `s` (issue 46) and, for a page opened from an LMS course, its launch: the
// server then knows the student from the roster or the LMS.
export function pageIdentity(exerciseId) {
  const lti = launchFor(exerciseId);
  const search = new URLSearchParams(globalThis.location ? globalThis.location.search : "");
  const s = search.get("s") || "";
  return { student: search.get("student") || "", learner: learnerToken(), ...(s ? { s } : {}), ...(lti ? { lti } : {}) };
}
