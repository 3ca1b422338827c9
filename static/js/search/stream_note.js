// Above the player, what the stream is doing: how many events have come while a big search
// streams, and, the moment it ends without a result, why (the server's event limit, a recorded trace's, Stop).

import { shown } from "../page/page_state.js";
import { plural } from "../view/plural.js";
import { EVENT } from "../replay/event_types.js";

export function tellStream() {
  const streamNote = document.getElementById("stream-note");
  const replay = shown.replay;
  let text = "";
  let stopped = false;
  if (replay) {
    const n = plural(replay.last + 1, "event");
    const end = replay.typeOf(replay.last) === EVENT.result ? replay.event(replay.last) : null;
    if (end && end.complete === false) {
      stopped = true;
      // A live search met the server's cap; a trace replayed (a file, a link) was recorded with a cap of its own.
      const live = shown.request !== null;
      text = end.reason === "event limit"
        ? live
          ? `The search reached the server's event limit and stopped after ${n}: there is no result. Step through what arrived, or search with a depth limit.`
          : `This trace was recorded with an event limit and stops after ${n}: there is no result. Step through what was recorded.`
        : end.reason === "cancelled"
          ? `Stopped after ${n}, as asked: there is no result. Step through what arrived, or run it again.`
          : `The search stopped early (${end.reason}) after ${n}: there is no result.`;
    } else if (!shown.finished && replay.last >= 10000) {
      text = `Receiving the search: ${n} so far. Step, play and scrub through them meanwhile; Stop ends it here.`;
    }
  }
  streamNote.hidden = text === "";
  streamNote.dataset.stopped = stopped ? "true" : "false";
  if (streamNote.textContent !== text) streamNote.textContent = text;
}
