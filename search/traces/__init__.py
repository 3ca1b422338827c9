"""A search as a trace: the event types, the recorder, its compact records, JSON Lines, the trace
schema, and reading, verifying, comparing and upgrading traces."""
