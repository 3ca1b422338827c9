// The "Share & export" panel: save the edited tree and get a link (/t/<id>), download the
// current search's trace or upload one (/r/<id>), and export the view at the current step
// as SVG, PNG or LaTeX. Errors show inline, as text; nothing is saved unless the server
// accepted all of it.

import { saveTree } from "./rest_client.js";
import { downloadBlob, downloadText, fileStem } from "./download_file.js";
import { standaloneSvg, svgToPng } from "./svg_export.js";
import { treeToTikz } from "./latex_export.js";

const $ = (id) => document.getElementById(id);

// Show a saved thing's absolute link in every link field of that kind ("tree", "trace").
export function showLink(kind, url) {
  const absolute = new URL(url, window.location.origin).href;
  for (const row of document.querySelectorAll(`.link-row[data-link="${kind}"]`)) {
    row.querySelector("input").value = absolute;
    row.hidden = false;
  }
}

async function copyField(input, say) {
  input.focus();
  input.select();
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    // Without clipboard permission, the selected text copies the old way.
    if (!document.execCommand("copy")) {
      say("Select the link and copy it (Ctrl+C)");
      return;
    }
  }
  say("Link copied");
}

export class SharePanel {
  // getTree(): the editor's tree; trace(): {text, stem} of the current search (throws
  // an Error saying why not); view(): what the drawing shows now, or null;
  // openTrace(file, errorEl): upload and replay a trace file.
  constructor({ getTree, trace, view, openTrace }) {
    this.error = $("share-error");
    this.status = $("share-status");
    // The alert and the status line follow the section acted in (Share the tree, Trace, Export), so a refusal (a
    // quota's 429: "too many trees saved ...") is read beside the button pressed, not at the panel's foot off screen.
    this.error.closest('[role="tabpanel"]').addEventListener("click", (ev) => this.follow(ev.target), true);
    $("save-tree").addEventListener("click", () => this.run(async () => {
      const saved = await saveTree(JSON.stringify(getTree()));
      showLink("tree", saved.url);
      return "Saved. Anyone with the link sees this tree and its search.";
    }));
    $("download-trace").addEventListener("click", () => this.run(() => {
      const { text, stem } = trace();
      downloadText(text, `${stem}.jsonl`, "application/x-ndjson");
      return "Trace downloaded: it replays here (Upload) or from the command line.";
    }));
    $("trace-upload").addEventListener("change", async (ev) => {
      const file = ev.target.files[0];
      ev.target.value = ""; // the same file can be chosen again
      if (!file) return;
      this.clear();
      if (await openTrace(file, this.error)) this.say(`${file.name}: replaying it; the link below shares it.`);
    });
    $("export-svg").addEventListener("click", () => this.run(() => {
      const v = this.need(view());
      const svg = standaloneSvg(v.svg, v.title);
      if (!svg) throw new Error("nothing is drawn yet");
      downloadText(svg.text, `${v.stem}.svg`, "image/svg+xml");
      return "SVG downloaded";
    }));
    $("export-png").addEventListener("click", () => this.run(async () => {
      const v = this.need(view());
      const svg = standaloneSvg(v.svg, v.title);
      if (!svg) throw new Error("nothing is drawn yet");
      downloadBlob(await svgToPng(svg, 2), `${v.stem}.png`);
      return "PNG downloaded";
    }));
    $("export-tex").addEventListener("click", () => this.run(() => {
      const v = this.need(view());
      const tex = treeToTikz(v);
      downloadText(tex.text, `${v.stem}.tex`, "application/x-tex");
      if (tex.scale < 0.6) {
        return `LaTeX downloaded. This tree is wide: it is drawn at ${Math.round(tex.scale * 100)}% and its text will overlap; the SVG scales better.`;
      }
      return "LaTeX downloaded: compile it with pdflatex";
    }));
    document.addEventListener("click", (ev) => {
      const button = ev.target.closest("[data-copy]");
      if (!button) return;
      const panel = button.closest('[role="tabpanel"]');
      const say = (text) => {
        const status = panel && panel.querySelector('[role="status"]');
        if (status) status.textContent = text;
        else this.say(text);
      };
      copyField($(button.dataset.copy), say);
    });
  }

  need(v) {
    if (!v) throw new Error("nothing to export yet: run a search first");
    return v;
  }

  // Run an action; its answer (text) goes to the status line, an Error to the alert.
  async run(action) {
    this.clear();
    try {
      const note = await action();
      if (note) this.say(note);
    } catch (err) {
      this.error.textContent = err.message;
    }
  }

  say(text) {
    this.status.textContent = text;
  }

  follow(target) {
    const section = target.closest(".share-section:not(.exercise-maker)");
    const acts = target.closest("button") || target.matches('input[type="file"]');
    if (section && acts && this.error.parentElement !== section) section.append(this.error, this.status);
  }

  clear() {
    this.error.textContent = "";
    this.status.textContent = "";
  }
}
