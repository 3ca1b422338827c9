// A search refused because its depth limit cuts off a node with no estimate (eval) is not a
// dead end: the Search tab offers ways forward under the error (`ways`), and a refusal of the
// editor's Run selects that node there with its Eval field focused (`atNode`). The server names
// the node in the refusal (search:error's missing_estimate: {node, where, depth_limit}).

import { checkTree } from "../export/rest_client.js";

// Built-in examples that have a variant with estimates (search/trees/node.py EXAMPLES).
export const WITH_ESTIMATES = {
  lecture: { example: "lecture-estimates", label: "Use the lecture tree with estimates" },
};

export class DepthHelp {
  // form: the SearchForm; editor: the TreeEditor; tabs: the SideTabs.
  constructor({ form, editor, tabs }) {
    this.form = form;
    this.editor = editor;
    this.tabs = tabs;
    this.request = null; // the Search tab's last search:start: a refusal is of it
  }

  sent(request) {
    this.request = request;
  }

  // The ways forward from the refusal `missing` of the Search tab's last request, as
  // SearchForm.showError takes them. Each moves focus to what it changed, as its button goes.
  ways(missing) {
    const { request } = this;
    const out = [];
    const select = this.form.field("example");
    const variant = request && request.example !== undefined ? WITH_ESTIMATES[request.example] : undefined;
    if (variant && [...select.options].some((o) => o.value === variant.example)) {
      out.push({ label: variant.label, run: () => {
        this.form.form.querySelector('input[name="source"][value="example"]').checked = true;
        this.form.showSource();
        select.value = variant.example;
        this.changed(select);
      } });
    }
    const text = request ? this.treeText(request) : null;
    if (text !== null) {
      out.push({ label: "Add estimates in the editor", run: () => this.inEditor(text, missing.node) });
    }
    out.push({ label: "Run without a depth limit", run: () => {
      const depth = this.form.field("depth");
      depth.value = "";
      this.changed(depth);
    } });
    return out;
  }

  // A field set for the user: say so as a change would (the editor's note of the options), keep
  // the keyboard there, and run.
  changed(field) {
    field.dispatchEvent(new Event("change", { bubbles: true }));
    field.focus();
    this.form.form.requestSubmit();
  }

  // The refused tree as text: an example's from the page's list, a typed one as sent.
  treeText(request) {
    if (request.tree !== undefined) return JSON.stringify(request.tree);
    if (request.example === undefined) return null;
    const option = [...this.form.field("example").options].find((o) => o.value === request.example);
    return option && option.dataset.tree ? option.dataset.tree : null;
  }

  // Open the tree in the editor at the node that needs an estimate. The server names the
  // tree's nodes (checkTree), as it named the node in the refusal.
  async inEditor(text, node) {
    let tree;
    try {
      tree = await checkTree(text);
    } catch (err) {
      this.form.showError(`The tree could not be opened in the editor: ${err.message}`);
      return;
    }
    this.editor.load(tree);
    this.tabs.show("tab-edit");
    this.atNode(node);
  }

  // In the editor: select the node, focus its Eval field, say what to do.
  atNode(node) {
    this.editor.select(node);
    this.editor.say(`${node} needs an estimate for the depth limit: type it in Eval, press Enter, then Run this tree.`);
    this.editor.fields.eval.focus();
  }
}
