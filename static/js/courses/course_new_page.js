// /course/new: make a course, with the exercise of the results page that linked here (#exercise=<id>&key=<results key>,
// a fragment: never sent to the server), and show its link and key once.

import { createCourse, exerciseFrom } from "./course_client.js";

const $ = (id) => document.getElementById(id);

const fromResults = new URLSearchParams(window.location.hash.slice(1));
if (fromResults.get("exercise")) {
  const query = new URLSearchParams({ key: fromResults.get("key") || "" });
  $("new-exercise").value = `${window.location.origin}/x/${fromResults.get("exercise")}/results?${query}`;
}

$("new-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const exercise = exerciseFrom($("new-exercise").value);
  const request = { title: $("new-title").value, exercises: exercise.id ? [exercise] : [] };
  $("new-error").textContent = "";
  let made;
  try {
    made = await createCourse(request);
  } catch (err) {
    $("new-error").textContent = err.message;
    return;
  }
  const link = `${window.location.origin}${made.url}?${new URLSearchParams({ key: made.key })}`;
  $("made-link").href = link;
  $("made-link").textContent = link;
  $("made-key").textContent = made.key;
  $("made").hidden = false;
  $("new-form").hidden = true;
  document.body.dataset.ready = "made";
});
document.body.dataset.ready = "true";
