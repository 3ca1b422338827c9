// Enter in a form's fields runs the form, a select's included (browsers submit only from
// text fields), and then hands the keyboard to `next` (the tree), where Space plays the
// new search. A textarea keeps Enter for new lines; a file input, for its file picker.

const NOT_FIELDS = new Set(["button", "submit", "reset", "image", "file", "range", "color"]);

function isField(el) {
  if (el.tagName === "SELECT") return true;
  return el.tagName === "INPUT" && !NOT_FIELDS.has(el.type);
}

// errorEl: where the form says what is wrong; the keyboard stays in the form if it does.
export function enterRuns(form, errorEl, next) {
  form.addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter" || ev.isComposing || ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
    if (!isField(ev.target)) return;
    ev.preventDefault();
    form.requestSubmit();
    if (!errorEl.textContent) next.focus();
  });
}
