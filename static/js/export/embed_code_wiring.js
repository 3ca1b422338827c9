// "Copy embed code" in the Share & export tab: the <iframe> of the search shown, at the step shown
// (its step link, copy_step_link.js, under /embed), copied to the clipboard and shown selected in a
// read-only field, so it can be copied by hand where the clipboard is refused. The exercise maker shows
// the same for /embed/x/<id> once an exercise is made (exercise_maker.js). `page`: app.js's parts.

import { stepLink } from "../player/copy_step_link.js";
import { EXERCISE_SIZE, VIEW_SIZE, embedSnippet, embedUrl } from "./embed_code.js";

const $ = (id) => document.getElementById(id);

// `title()`: what the frame shows, in words (its title attribute, read by screen readers in the course page).
export function listenToEmbedCode(page, title) {
  $("copy-embed-code").addEventListener("click", async () => {
    const status = $("embed-status");
    status.textContent = "";
    try {
      const src = embedUrl(await stepLink(page));
      await showSnippet($("embed-code"), status, embedSnippet({ src, title: title(), ...VIEW_SIZE }));
    } catch (err) {
      status.textContent = err.message;
    }
  });
}

// An exercise's snippet (its student link under /embed), for the maker to show.
export function exerciseSnippet(exerciseUrl) {
  return embedSnippet({ src: embedUrl(exerciseUrl), title: "Minimax Lab: practice exercise", ...EXERCISE_SIZE });
}

async function showSnippet(field, status, snippet) {
  field.value = snippet;
  field.closest(".link-row").hidden = false;
  field.focus();
  field.select();
  try {
    await navigator.clipboard.writeText(snippet);
    status.textContent = "Embed code copied: paste it into the course page's HTML.";
  } catch {
    status.textContent = "The embed code is selected: copy it (Ctrl+C)."; // no clipboard (an insecure origin, a refusal)
  }
}
