"""Explicit game trees: the node type and the built-in examples, the one validator (parse), its
schema and rules, the nested-list shorthand, and random trees."""
