// The trace's event types and each type's keys, for the page (docs/trace-format.md).
// GENERATED from search/traces/events.py by `.venv/bin/python -m search.traces.schema_build`: do not edit.
// tests/engine/test_event_types.py fails when this file falls behind events.py.

// The trace format this page reads (older ones are upgraded by the server).
export const FORMAT_VERSION = 5;

// Every event type by name, in the order a trace first meets them: compare `event.type === EVENT.visit`.
export const EVENT = Object.freeze({
  start: "start",
  visit: "visit",
  init: "init",
  leaf: "leaf",
  backup: "backup",
  test: "test",
  bound: "bound",
  prune: "prune",
  return: "return",
  iteration: "iteration",
  result: "result",
  tt_hit: "tt_hit",
  tt_store: "tt_store",
  quiescence: "quiescence",
  beam: "beam",
});

// Each type's keys in the order an event holds them (the optional ones included).
export const EVENT_KEYS = Object.freeze({
  "start": Object.freeze(["seq", "type", "node", "line", "format", "algorithm", "options", "source", "drawing", "iteration"]),
  "visit": Object.freeze(["seq", "type", "node", "line", "parent", "depth", "player", "alpha", "beta", "state", "move", "board", "iteration"]),
  "init": Object.freeze(["seq", "type", "node", "line", "v", "iteration"]),
  "leaf": Object.freeze(["seq", "type", "node", "line", "value", "kind", "iteration"]),
  "backup": Object.freeze(["seq", "type", "node", "line", "op", "child", "child_value", "v_before", "v_after", "probability", "term", "mover", "iteration"]),
  "test": Object.freeze(["seq", "type", "node", "line", "test", "v", "alpha", "beta", "holds", "rest", "reach", "iteration"]),
  "bound": Object.freeze(["seq", "type", "node", "line", "bound", "old", "new", "changed", "iteration"]),
  "prune": Object.freeze(["seq", "type", "node", "line", "pruned", "players", "moves", "test", "cut", "v", "alpha", "beta", "iteration"]),
  "return": Object.freeze(["seq", "type", "node", "line", "value", "bound", "iteration"]),
  "iteration": Object.freeze(["seq", "type", "node", "line", "depth", "value", "move", "child", "visited", "leaves", "prunes", "pruned", "children", "next_order", "iteration"]),
  "result": Object.freeze(["seq", "type", "node", "line", "value", "move", "child", "visited", "leaves", "prunes", "pruned", "complete", "reason", "baseline", "tt_hits", "tt_stored", "iterations", "direct", "reference", "iteration"]),
  "tt_hit": Object.freeze(["seq", "type", "node", "line", "value", "flag", "source", "remaining"]),
  "tt_store": Object.freeze(["seq", "type", "node", "line", "value", "flag", "remaining"]),
  "quiescence": Object.freeze(["seq", "type", "node", "line", "reason", "moves", "past_limit"]),
  "beam": Object.freeze(["seq", "type", "node", "line", "kept", "dropped"]),
});

// Each type's keys that every event of the type has.
export const REQUIRED_KEYS = Object.freeze({
  "start": Object.freeze(["seq", "type", "node", "line", "format", "algorithm", "options", "source"]),
  "visit": Object.freeze(["seq", "type", "node", "line", "parent", "depth", "player"]),
  "init": Object.freeze(["seq", "type", "node", "line", "v"]),
  "leaf": Object.freeze(["seq", "type", "node", "line", "value", "kind"]),
  "backup": Object.freeze(["seq", "type", "node", "line", "op", "child", "child_value", "v_before", "v_after"]),
  "test": Object.freeze(["seq", "type", "node", "line", "test", "v", "alpha", "beta", "holds"]),
  "bound": Object.freeze(["seq", "type", "node", "line", "bound", "old", "new", "changed"]),
  "prune": Object.freeze(["seq", "type", "node", "line", "pruned", "players", "moves", "test", "cut", "v", "alpha", "beta"]),
  "return": Object.freeze(["seq", "type", "node", "line", "value"]),
  "iteration": Object.freeze(["seq", "type", "node", "line", "depth", "value", "move", "child", "visited", "leaves", "prunes", "pruned", "children", "next_order", "iteration"]),
  "result": Object.freeze(["seq", "type", "node", "line", "value", "move", "child", "visited", "leaves", "prunes", "pruned", "complete"]),
  "tt_hit": Object.freeze(["seq", "type", "node", "line", "value", "flag", "source", "remaining"]),
  "tt_store": Object.freeze(["seq", "type", "node", "line", "value", "flag", "remaining"]),
  "quiescence": Object.freeze(["seq", "type", "node", "line", "reason", "moves", "past_limit"]),
  "beam": Object.freeze(["seq", "type", "node", "line", "kept", "dropped"]),
});

// The types millions of events are (the recorder's compact records): most frequent first.
export const HOT_EVENTS = Object.freeze(["visit", "leaf", "backup", "return", "init", "test", "bound"]);
