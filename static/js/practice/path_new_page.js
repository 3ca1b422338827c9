// /p/new: an instructor makes a practice path (issue 50, part 4) and is shown, once, the students' link and the
// results link with its key.

import { createPath } from "./path_client.js";

const $ = (id) => document.getElementById(id);

function showLink(anchor, url) {
  anchor.href = url;
  anchor.textContent = url;
}

$("new-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  $("new-error").textContent = "";
  const title = $("new-title").value.trim();
  let made;
  try {
    made = await createPath({ ...(title ? { title } : {}), algorithm: $("new-algorithm").value });
  } catch (err) {
    $("new-error").textContent = err.message;
    return;
  }
  showLink($("made-link"), `${window.location.origin}${made.url}`);
  showLink($("made-results"), `${window.location.origin}${made.results_url}?${new URLSearchParams({ key: made.key })}`);
  $("made-key").textContent = made.key;
  $("made").hidden = false;
  $("new-form").hidden = true;
  document.body.dataset.ready = "made";
});
document.body.dataset.ready = "true";
