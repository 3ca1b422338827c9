// Replaying a trace without the server's search (a saved trace, an exercise's solution, a trace
// file): only its listing is fetched; the Search tab's "Open a trace file" input checks a file
// with the server's validator first. `page`: app.js's parts of the page.

import { parseTrace, fetchPseudocode } from "./trace_file.js";
import { checkTrace, saveTrace } from "../export/rest_client.js";
import { showLink } from "../export/share_panel.js";
import { shown } from "../page/page_state.js";
import { newSearch, addEvents } from "../search/search_stream.js";

const $ = (id) => document.getElementById(id);

// A saved trace replays without the server's search: only its listing is fetched.
export async function replayTrace(page, events, traceId = null, exerciseId = null) {
  const pseudocode = await fetchPseudocode(events);
  page.socket.release();
  page.teacher.release();
  shown.request = null;
  shown.treeId = null;
  shown.traceId = traceId;
  shown.exerciseId = exerciseId;
  page.form.clearError();
  newSearch(page, pseudocode);
  shown.finished = true;
  addEvents(page, events);
}

// A trace file is checked by the server's validator, then replays from the file's own
// events. Opening one (Search tab) stores nothing; sharing one (Share tab) saves it and
// shows its /r/ link. A trace of a game the server does not know (a course's own: the answer
// says `verified: false` and why) replays as recorded, and sharing it is refused with that
// reason. Errors go to `errorEl`; the page keeps what it showed. Returns the server's answer
// ({events, verified, reason?}) when it replays, else null.
export async function openTraceFile(page, file, errorEl, share = false) {
  errorEl.textContent = "";
  let events;
  let saved = null;
  let answer = null;
  try {
    const text = await file.text();
    answer = share ? await saveTrace(text) : await checkTrace(text);
    if (share) saved = answer;
    // A trace of an older format comes back as it reads today (answer.trace): replay that.
    events = parseTrace(answer.trace || text);
    if (saved) showLink("trace", saved.url); // saved even if the replay below fails
    shown.runFrom = "search";
    await replayTrace(page, events);
  } catch (err) {
    errorEl.textContent = `${file.name}: ${err.message}`;
    return null;
  }
  return answer;
}

export function listenToTraceFile(page) {
  $("trace-file").addEventListener("change", async (ev) => {
    const file = ev.target.files[0];
    ev.target.value = ""; // the same file can be opened again
    if (!file) return;
    const answer = await openTraceFile(page, file, $("form-error"));
    if (!answer) return;
    const status = $("search-status");
    // Not checked by searching it again (a game the server does not know): the server's reason says so.
    status.textContent = answer.verified === false
      ? `${file.name}: ${answer.reason} (not saved, and it cannot be shared).`
      : `${file.name}: replaying it (not saved: share it from the Share & export tab).`;
  });
}
