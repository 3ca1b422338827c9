// An embedded view (/embed..., docs/embedding.md): the main page in a course page's frame, its header
// and side panel hidden by static/css/embed.css. The frame is small: every start view is the whole tree,
// as in Present mode. What the Search tab would say went wrong (a link's bad parameter, a shared tree that
// is gone) would be said in the hidden panel: here it shows above the narration. `page`: app.js's parts.

export function fitToFrame(page) {
  if (!document.body.classList.contains("embedded")) return;
  page.view.wholeTree = true;
  document.getElementById("narration").before(document.getElementById("form-error"));
}
