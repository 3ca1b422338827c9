// "Copy embed code" (docs/embedding.md): the <iframe> a course page pastes to show a view or an exercise.
// A full page's address becomes its embedded page's (/?q -> /embed?q, /r/<id> -> /embed/r/<id>, /x/<id> ->
// /embed/x/<id>, ...): the same parameters, without the header and the side panel. The snippet's
// attributes are escaped (a title comes from a tree's labels). No DOM here: Node's tests import it.

// The sizes the snippet asks for: the view fits 800x500 without a scroll (pseudocode beside it from 700 px
// wide); an exercise is taller than that and scrolls inside its frame when it must.
export const VIEW_SIZE = { width: 800, height: 500 };
export const EXERCISE_SIZE = { width: 800, height: 650 };

// The embedded page of a full page's URL (absolute): its path under /embed, its query and origin kept.
export function embedUrl(pageUrl) {
  const url = new URL(pageUrl);
  url.pathname = url.pathname === "/" ? "/embed" : `/embed${url.pathname}`;
  return url.href;
}

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeAttribute(text) {
  return String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

// The snippet: lazy-loaded, borderless, never wider than the course page's column.
export function embedSnippet({ src, title, width, height }) {
  return `<iframe src="${escapeAttribute(src)}" width="${Number(width)}" height="${Number(height)}" title="${escapeAttribute(title)}" ` +
    'loading="lazy" style="border:0;max-width:100%"></iframe>';
}
