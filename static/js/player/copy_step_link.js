// "Copy link to this step": the search as the Search tab would ask for it, and the step. A
// tree that is not saved yet is saved first (its link must open it on another machine).
// `page`: app.js's parts of the page.

import { saveTree } from "../export/rest_client.js";
import { shown } from "../page/page_state.js";
import { linkQuery, momentQuery } from "./step_link.js";

export function listenToCopyStepLink(page) {
  document.getElementById("copy-step-link").addEventListener("click", async () => {
    const status = document.getElementById("step-link-status");
    status.textContent = "";
    try {
      const url = await stepLink(page);
      try {
        await navigator.clipboard.writeText(url);
        status.textContent = `Copied: ${url}`;
      } catch (err) {
        status.textContent = `Link: ${url}`; // no clipboard (an insecure origin): shown to copy by hand
      }
      status.dataset.url = url;
    } catch (err) {
      status.textContent = err.message;
    }
  });
}

// The absolute link to the step shown (the embed code's too: export/embed_code_wiring.js).
export async function stepLink(page) {
  if (!shown.replay) throw new Error("No search to link to yet.");
  const moment = { detail: shown.detail, step: page.controls.k, predict: page.predict.on };
  const origin = window.location.origin;
  if (shown.traceId) {
    return `${origin}/r/${encodeURIComponent(shown.traceId)}?${momentQuery(moment)}`;
  }
  if (shown.exerciseId) {
    const slip = new URLSearchParams(window.location.search).get("misconception"); // a "watch this slip" replay
    const which = slip ? `misconception=${encodeURIComponent(slip)}&` : "";
    return `${origin}/x/${encodeURIComponent(shown.exerciseId)}/solution?${which}${momentQuery(moment)}`;
  }
  const request = shown.request;
  if (!request) throw new Error("This trace was opened from a file: share it (Share & export) to link to its steps.");
  let treeId = shown.treeId;
  if (request.tree && !treeId) {
    const saved = await saveTree(JSON.stringify(request.tree));
    treeId = shown.treeId = saved.id;
  }
  return `${origin}/?${linkQuery({ request, treeId, ...moment })}`;
}
