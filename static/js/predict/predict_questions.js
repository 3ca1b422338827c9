// Predict mode's questions: before a key step of a search the page asks the student what
// the step will do (which value comes back, prune or keep looking, what α is now, which
// window a child gets), and answers in the narration's words. Pure (no DOM), so node's
// tests run it on the engine's golden traces; predict_mode.js shows the questions.
//
// A question is {kind, event, node, prompt, answer, explain}:
//   kind "value"  (before a `return`): answer a number, the value the node returns;
//   kind "prune"  (before a pruning `test` with children left to skip): "prune" or "keep";
//   kind "bound"  (before a `bound` that changes α or β): a number, the new bound;
//   kind "window" (before a `visit` whose window differs from its parent's at the parent's
//                 start): [α, β].
// At most one question per event; the rest of the events ask nothing. A prune or bound question
// also names `after`, the child whose value the node has just taken (and a bound question
// `bound`, "alpha" or "beta"): with the node, the keys of what each misconception answers
// (search/misconceptions/questions.py, fetched by predict_mode.js), so a wrong answer that one
// of them gives is named in the feedback (misconceptionFor).

import { narrate } from "../narration/narration.js";
import { showValue, toNumber } from "../view/value_format.js";
import { EVENT } from "../replay/event_types.js";

const GREEK = { alpha: "α", beta: "β" };
const SIGN = { "v >= beta": "≥", "v > beta": ">", "v <= alpha": "≤", "v < alpha": "<" };
const STRICT = new Set(["v > beta", "v < alpha"]); // the tie rule "explore"

// The question to ask before event k, or null. Reads the replay's state at k - 1 and k
// (which moves its cursor: call it before showing a step, not while reading a state).
export function questionAt(replay, k) {
  const event = replay.event(k);
  if (!event || k < 1) return null;
  switch (event.type) {
    case EVENT.return:
      return valueQuestion(replay, k, event);
    case EVENT.test:
      return pruneQuestion(replay, k, event);
    case EVENT.bound:
      return boundQuestion(replay, k, event);
    case EVENT.visit:
      return windowQuestion(replay, k, event);
    default:
      return null;
  }
}

// The questions before the events after `from` up to `to` (one player step may pass several
// events: "key steps" hides the tests and returns), in the order the search meets them.
export function questionsBetween(replay, from, to) {
  const out = [];
  for (let k = Math.max(1, from + 1); k <= Math.min(to, replay.last); k++) {
    const q = questionAt(replay, k);
    if (q) out.push(q);
  }
  return out;
}

function valueQuestion(replay, k, event) {
  if (!isNumberValue(event.value)) return null; // max^n returns vectors: no number to type
  const t = replay.tree;
  const name = t.nameOf(event.node);
  const why = valueReason(replay, k, event);
  const state = replay.stateAt(k);
  const said = narrate(event, replay, state);
  return {
    kind: "value",
    event: k,
    node: event.node,
    prompt: `Which value does ${name} return?`,
    answer: toNumber(event.value),
    explain: why ? `${why}: ${said}` : said,
    otherForm: otherForm(replay, k, event),
  };
}

// At a cut, what the other form of alpha-beta returns (the slides draw both): the fail-hard form
// returns the bound it was cut against (α at a MIN node, β at a MAX node), the pseudocode's v.
// So a student who follows the other figure is told which form this search is. null elsewhere.
function otherForm(replay, k, event) {
  const prune = k > 0 ? replay.event(k - 1) : null;
  if (!prune || prune.type !== EVENT.prune || prune.node !== event.node || prune.rest !== undefined) return null;
  const start = replay.event(0);
  const failHard = Boolean(start && start.options && start.options.returns === "bound");
  const g = prune.cut === "beta" ? "β" : "α";
  if (failHard) {
    return { value: toNumber(prune.v), words: `${showValue(prune.v)} is v, what the pseudocode's form returns; this search is the fail-hard form (the slides' figure), which returns ${g} = ${showValue(event.value)}` };
  }
  const edge = toNumber(prune[prune.cut]);
  if (edge === toNumber(event.value)) return null;
  return { value: edge, words: `${showValue(edge)} is ${g}, what the fail-hard form (the slides' figure) returns; this search follows the pseudocode, which returns v = ${showValue(event.value)}` };
}

// "MIN(3, 12, 8) = 3": the values the node heard back from its children (its backups since
// its visit, read backwards), when they give the returned value (a MAX or MIN node; not a
// chance node's weighted sum). A node whose search is too long ago to read back gets none.
const REASON_LOOKBACK = 200_000;

function valueReason(replay, k, event) {
  const t = replay.tree;
  const i = t.idx(event.node);
  if (i === undefined) return "";
  const role = t.role(i);
  if (role !== "max" && role !== "min") return "";
  const values = [];
  for (let j = k - 1; j >= Math.max(1, k - REASON_LOOKBACK); j--) {
    const e = replay.event(j);
    if (e.node !== event.node) continue;
    if (e.type === EVENT.visit) {
      values.reverse();
      const best = role === "min" ? Math.min(...values) : Math.max(...values);
      if (!values.length || best !== toNumber(event.value)) return "";
      return `${role.toUpperCase()}(${values.map(showValue).join(", ")}) = ${showValue(best)}`;
    }
    if (e.type === EVENT.backup) {
      const v = toNumber(e.child_value);
      if (typeof v !== "number") return "";
      values.push(v);
    }
  }
  return "";
}

function pruneQuestion(replay, k, event) {
  if (event.rest !== undefined || !SIGN[event.test]) return null; // a chance node's test: no "remaining children" question
  if (childrenLeft(replay, k) !== true) return null; // nothing left to prune (or not known yet)
  const t = replay.tree;
  const name = t.nameOf(event.node);
  const bound = event.test.endsWith("beta") ? "beta" : "alpha";
  const sign = SIGN[event.test];
  const state = replay.stateAt(k);
  let explain = narrate(event, replay, state);
  const next = replay.event(k + 1);
  if (event.holds && next && next.type === EVENT.prune) explain = narrate(next, replay, state);
  const tie = tieWords(event, bound);
  return {
    kind: "prune",
    event: k,
    node: event.node,
    prompt: `v = ${showValue(event.v)} and ${GREEK[bound]} = ${showValue(event[bound])} at ${name} (test: v ${sign} ${GREEK[bound]}): ` +
      `prune ${name}'s remaining children or keep looking?`,
    answer: event.holds ? "prune" : "keep",
    explain: tie ? `${explain}. ${tie}` : explain,
    after: childTaken(replay, k, event.node),
    tie: toNumber(event.v) === toNumber(event[bound]),
  };
}

// When v equals the bound, the tie rule decides: say which rule this search uses.
function tieWords(event, bound) {
  if (toNumber(event.v) !== toNumber(event[bound])) return "";
  const g = GREEK[bound];
  return STRICT.has(event.test)
    ? `A tie: with ties "explore" the test is v ${SIGN[event.test]} ${g}, so v = ${g} keeps looking`
    : `A tie: with ties "prune" (as the slides) the test is v ${SIGN[event.test]} ${g}, so v = ${g} prunes`;
}

// Whether the node of the test at k has children it has not searched yet: read from the
// events after it (a game's children are known only as they are visited or pruned). true,
// false, or null when those events have not arrived yet.
export function childrenLeft(replay, k) {
  const test = replay.event(k);
  if (test.holds) {
    const prune = replay.event(k + 1);
    if (!prune) return null;
    return prune.type === EVENT.prune && (prune.pruned || []).length > 0;
  }
  for (let j = k + 1; j <= replay.last; j++) {
    const e = replay.event(j);
    if (e.node === test.node && e.type === EVENT.bound) continue;
    if (e.type === EVENT.visit) return e.parent === test.node;
    return false; // the node returns (or the search ends)
  }
  return null;
}

// The child whose value `node` took last before event k (its backup is a step or two back:
// only the node's own test and bound lines come between), or null.
function childTaken(replay, k, node) {
  for (let j = k - 1; j >= Math.max(1, k - 4); j--) {
    const e = replay.event(j);
    if (e.node !== node) return null;
    if (e.type === EVENT.backup) return e.child ?? null;
  }
  return null;
}

function boundQuestion(replay, k, event) {
  if (event.changed === false || !GREEK[event.bound] || !isNumberValue(event.new)) return null;
  const name = replay.tree.nameOf(event.node);
  return {
    kind: "bound",
    event: k,
    node: event.node,
    prompt: `What is ${GREEK[event.bound]} at ${name} now?`,
    answer: toNumber(event.new),
    explain: narrate(event, replay, replay.stateAt(k)),
    after: childTaken(replay, k, event.node),
    bound: event.bound,
  };
}

function windowQuestion(replay, k, event) {
  if (event.alpha === undefined || event.parent === null || event.parent === undefined) return null;
  const t = replay.tree;
  const p = t.idx(event.parent);
  if (p === undefined || t.role(p) === "chance") return null; // an outcome gets [lo, hi], not its parent's window
  // The parent's own bound line moved α or β since its visit (else the child gets the
  // window the parent got, which the page shows already).
  const before = replay.stateAt(k - 1);
  const own = (from) => from !== undefined && from.node === p;
  if (!own(before.alphaFromOf(p)) && !own(before.betaFromOf(p))) return null;
  return {
    kind: "window",
    event: k,
    node: event.node,
    prompt: `What window [α, β] does ${t.nameOf(event.node)} receive?`,
    answer: [toNumber(event.alpha), toNumber(event.beta)],
    explain: narrate(event, replay, replay.stateAt(k)),
  };
}

function isNumberValue(x) {
  return typeof x === "number" || x === "inf" || x === "-inf";
}

// A number as a student types it: "3", "-2.5", "−2" (the slides' minus), "inf", "+∞",
// "-inf", "−∞". null when it is not one.
export function parseValue(text) {
  const s = String(text ?? "").trim().toLowerCase().replace(/\u2212/g, "-").replace(/\s+/g, "");
  if (/^\+?(inf|infinity|∞)$/.test(s)) return Infinity;
  if (/^-(inf|infinity|∞)$/.test(s)) return -Infinity;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/.test(s)) return null;
  return Number(s);
}

// Equal as the page shows values: a weighted sum typed to a few digits counts.
function sameNumber(a, b) {
  if (!Number.isFinite(a) || !Number.isFinite(b)) return a === b;
  return Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b)) || showValue(a) === showValue(b);
}

const CHOICE_WORDS = { prune: "prune", keep: "keep looking" };

// own(obj, key): obj[key] when obj has it as its own (a node named "constructor" is no key of Object).
const own = (obj, key) => (obj && typeof obj === "object" && key !== null && key !== undefined && Object.hasOwn(obj, key) ? obj[key] : undefined);

// What misconception `m` (an entry of POST /api/misconceptions/answers) answers to `question`,
// or undefined when it answers as the right search does (or never meets the question).
export function misconceptionAnswer(m, question) {
  const a = (m && m.answers) || {};
  if (question.kind === "value") return own(a.value, question.node);
  if (question.kind === "window") return own(a.window, question.node);
  if (question.kind === "prune") return own(own(a.prune, question.node), question.after);
  if (question.kind === "bound") return own(own(own(a.bound, question.node), question.after), question.bound);
  return undefined;
}

function sameAnswer(kind, given, theirs) {
  if (theirs === undefined || theirs === null) return false;
  if (kind === "prune") return given === theirs;
  if (kind === "window") {
    return Array.isArray(given) && Array.isArray(theirs) && theirs.length === 2 &&
      sameNumber(given[0], toNumber(theirs[0])) && sameNumber(given[1], toNumber(theirs[1]));
  }
  const t = toNumber(theirs);
  return typeof given === "number" && typeof t === "number" && sameNumber(given, t);
}

// The misconception whose answer to `question` is `given`, a wrong answer, or null: one that
// tells by this kind of question first (its "tells"; "tie" for a prune question where v equals
// the bound: keeping looking there is the strict test before no pruning), else the first of
// `readings`, which the server orders fewest changes from the right search first (then the
// catalogue's order: search/misconceptions/distance.py).
export function misconceptionFor(question, given, readings) {
  const giving = (readings || []).filter((m) => sameAnswer(question.kind, given, misconceptionAnswer(m, question)));
  const tells = (kind) => giving.find((m) => Array.isArray(m.tells) && m.tells.includes(kind));
  return (question.tie && tells("tie")) || tells(question.kind) || giving[0] || null;
}

// "That answer follows alpha-beta that prunes only on v > β and v < α. The slides prune on
// ties: ...": the misconception in the slides' words (as practice's diagnosis says it).
export function misconceptionWords(m) {
  const idea = String(m.idea || "");
  return `That answer follows ${m.follows}. ${idea.charAt(0).toUpperCase()}${idea.slice(1)}.`;
}

// The verdict on `given` (a number, [α, β], or "prune" / "keep"): {right, said, feedback,
// misconception}, `said` the answer as the student gave it, in words; `feedback` the sentence to
// show; `misconception` the entry of `readings` (what each misconception answers, fewest changes
// from the right search first) a wrong answer follows, when one does.
export function judge(question, given, readings = []) {
  let right;
  let said;
  if (question.kind === "prune") {
    right = given === question.answer;
    said = CHOICE_WORDS[given] || String(given);
  } else if (question.kind === "window") {
    const [a, b] = Array.isArray(given) ? given : [NaN, NaN];
    right = sameNumber(a, question.answer[0]) && sameNumber(b, question.answer[1]);
    said = `[${showValue(a)}, ${showValue(b)}]`;
  } else {
    right = sameNumber(given, question.answer);
    said = showValue(given);
  }
  const other = !right && question.otherForm && sameNumber(given, question.otherForm.value) ? ` ${question.otherForm.words}.` : "";
  // The other form of alpha-beta is told by `other` already, in this search's own words.
  const m = right || other ? null : misconceptionFor(question, given, readings);
  const follows = m ? ` ${misconceptionWords(m)}` : "";
  const feedback = right ? `Right: ${said}. ${question.explain}` : `Not quite: you said ${said}.${other}${follows} ${question.explain}`;
  return m ? { right, said, feedback, misconception: m } : { right, said, feedback };
}

// The running score as the page writes it: "3 of 4 right".
export function scoreWords(score) {
  return `${score.right} of ${score.asked} right`;
}
