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

// {student, learner, lti?} of this page: the name from its own address ("" when none), the token and, for a page
// opened from an LMS course (issue 32), its launch: the server then knows the student from the LMS.
export function pageIdentity(search = globalThis.location ? globalThis.location.search : "") {
  const params = new URLSearchParams(search);
  const lti = params.get("lti");
  return { student: params.get("student") || "", learner: learnerToken(), ...(lti ? { lti } : {}) };
}
