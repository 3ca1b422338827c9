// The narration box keeps one height whatever the sentence (a step that resized it would resize
// the drawing, and so move the view), yet a student must read the whole sentence: on a phone or
// a projector the step's longest sentences ("... nothing is left to prune") need more lines than
// the box has. So a sentence that does not fit is set a little smaller, a step at a time down to
// MIN_SCALE of the box's own size; one longer still scrolls inside the box (Chromium lets the
// keyboard reach a scrolling box; the tabindex then makes every browser do so).

const MIN_SCALE = 0.8;
const STEP = 0.05;

// Fit the sentence shown in `box` now; true if it fits whole (no scrolling needed).
export function fitSentence(box) {
  box.style.fontSize = "";
  box.scrollTop = 0;
  const base = parseFloat(getComputedStyle(box).fontSize);
  let scale = 1;
  while (box.scrollHeight > box.clientHeight + 0.5 && scale - STEP >= MIN_SCALE - 1e-9) {
    scale -= STEP;
    box.style.fontSize = `${(base * scale).toFixed(2)}px`;
  }
  const fits = box.scrollHeight <= box.clientHeight + 0.5;
  box.dataset.fit = fits ? (scale < 1 ? "smaller" : "whole") : "scrolls";
  // A box the keyboard is in keeps its tabindex (removing it would drop the focus to the page).
  if (fits && box.ownerDocument.activeElement !== box) box.removeAttribute("tabindex");
  else box.tabIndex = 0;
  return fits;
}

// Keep `box` fitted: after each new sentence, and when the box changes size (Present mode, a
// phone turned sideways). The box's height must not depend on its font size (CSS in rem, not em):
// fitting then never resizes it, nor calls itself again.
export function keepSentenceFitted(box) {
  new MutationObserver(() => fitSentence(box)).observe(box, { childList: true, characterData: true, subtree: true });
  new ResizeObserver(() => fitSentence(box)).observe(box);
}
