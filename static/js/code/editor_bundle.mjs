// The code lab's editor (templates/code.html): CodeMirror 6 with Python, from the npm registry.
// CodeMirror is many ES modules with bare imports, so esbuild bundles this file into one module,
// static/build/code_editor.js (build_editor.mjs, `make editor`): built, never committed. The page
// loads it with import() and falls back to a plain text area when it is not built.
//
// The editor lives in a shadow root: there CodeMirror's styles go into a constructed stylesheet
// (adoptedStyleSheets), which the page's Content-Security-Policy (style-src 'self', no inline <style>)
// allows; in the document itself they would be an inline <style>, refused. So its looks are a theme.

import { EditorView, basicSetup } from "codemirror";
import { python } from "@codemirror/lang-python";
import { EditorState, StateEffect, StateField } from "@codemirror/state";
import { Decoration } from "@codemirror/view";

const markLine = StateEffect.define(); // a line number to mark, or null to clear
const errorLine = Decoration.line({ class: "cm-error-line" });

// The line a syntax error or an exception names, marked until the text changes or the next run.
const marked = StateField.define({
  create: () => Decoration.none,
  update(marks, tr) {
    let next = tr.docChanged ? Decoration.none : marks;
    for (const effect of tr.effects) {
      if (!effect.is(markLine)) continue;
      const n = effect.value;
      next = n && n >= 1 && n <= tr.state.doc.lines
        ? Decoration.set([errorLine.range(tr.state.doc.line(n).from)]) : Decoration.none;
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

// The page's look (static/css/app.css's colours), inside the shadow root the page's CSS does not reach.
const theme = EditorView.theme({
  "&": { height: "100%", fontSize: "13px", backgroundColor: "#fff", color: "#212529" },
  "&.cm-focused": { outline: "3px solid #1971c2", outlineOffset: "-3px" }, // app.css's --focus: 3:1 and more on white
  ".cm-scroller": { fontFamily: 'ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace', lineHeight: "1.45" },
  ".cm-gutters": { backgroundColor: "#f8f9fa", color: "#636b72", borderRight: "1px solid #dee2e6" }, // --muted: 5:1 on --panel
  ".cm-error-line": { backgroundColor: "#ffe3e3" },
  // prefers-reduced-motion (app.css does the same for the page): the cursor stays on, it does not blink.
  // !important: CodeMirror sets the blink's name and duration on the layer's own style as it goes.
  "@media (prefers-reduced-motion: reduce)": { ".cm-cursorLayer": { animation: "none !important" } },
});

// An editor inside `host` (in a shadow root of its own) holding `text`; `label` names it for screen
// readers. Returns the three things the page asks of it.
export function createEditor(host, text, label) {
  const root = host.shadowRoot || host.attachShadow({ mode: "open" });
  const view = new EditorView({
    parent: root,
    root,
    state: EditorState.create({
      doc: text,
      // tabindex said outright on the (contenteditable) content: axe's scrollable-region-focusable rule then
      // sees that the editor's scrolled box holds something the keyboard reaches.
      extensions: [basicSetup, python(), theme, marked, EditorView.contentAttributes.of({ "aria-label": label, tabindex: "0" })],
    }),
  });
  return {
    view,
    text: () => view.state.doc.toString(),
    setText: (next) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: next } }),
    // Mark line n (1-based; null clears) and bring it into view.
    mark(n) {
      const effects = [markLine.of(n)];
      if (n && n >= 1 && n <= view.state.doc.lines) effects.push(EditorView.scrollIntoView(view.state.doc.line(n).from, { y: "center" }));
      view.dispatch({ effects });
    },
  };
}
