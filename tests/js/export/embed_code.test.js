// The embed code (static/js/export/embed_code.js): a full page's address under /embed, its query kept,
// and the <iframe> snippet with every attribute escaped.
import { test } from "node:test";
import assert from "node:assert/strict";
import { EXERCISE_SIZE, VIEW_SIZE, embedSnippet, embedUrl, escapeAttribute } from "../../../static/js/export/embed_code.js";

test("a full page's address becomes its embedded page's, parameters kept", () => {
  assert.equal(embedUrl("http://lab.example.edu/?example=lecture&algorithm=alphabeta&step=30"),
    "http://lab.example.edu/embed?example=lecture&algorithm=alphabeta&step=30");
  assert.equal(embedUrl("https://lab.example.edu:8443/r/abc123?detail=key&step=7"), "https://lab.example.edu:8443/embed/r/abc123?detail=key&step=7");
  assert.equal(embedUrl("http://127.0.0.1:5000/x/Ab_9?student=kim"), "http://127.0.0.1:5000/embed/x/Ab_9?student=kim");
  assert.equal(embedUrl("http://127.0.0.1:5000/x/Ab_9/solution?step=12"), "http://127.0.0.1:5000/embed/x/Ab_9/solution?step=12");
});

test("the snippet escapes its source and title, and asks for the documented size", () => {
  const snippet = embedSnippet({ src: "http://h/embed?a=1&b=2", title: `"><script>alert('x')</script>`, ...VIEW_SIZE });
  assert.equal(snippet, '<iframe src="http://h/embed?a=1&amp;b=2" width="800" height="500" ' +
    'title="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;" loading="lazy" style="border:0;max-width:100%"></iframe>');
  assert.deepEqual(EXERCISE_SIZE, { width: 800, height: 650 });
  assert.equal(escapeAttribute("a & b"), "a &amp; b");
});
