// Save a Blob or a text as a file the browser downloads (a Blob URL and <a download>).

export function downloadBlob(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The download has started by now; give it time before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

// text: a string, or a list of strings (a big trace comes in pieces).
export function downloadText(text, name, type) {
  downloadBlob(new Blob(Array.isArray(text) ? text : [text], { type: `${type};charset=utf-8` }), name);
}

// A file name from free text (a tree's root id): letters, digits, - and _ only.
export function fileStem(text) {
  const stem = String(text || "").replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 40);
  return stem || "tree";
}
