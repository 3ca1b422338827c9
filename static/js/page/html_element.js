// An HTML element with attributes and text, built with DOM calls: untrusted text (labels,
// prompts, answers) only ever becomes textContent, never markup.

export function el(tag, attrs = {}, text = "") {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
}
