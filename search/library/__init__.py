"""The engine as a library for courses: a game in the textbook's terms (GameBase), traced in one call (trace)."""
