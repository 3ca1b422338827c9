"""Practice exercises over HTTP: made and checked by the engine (search.practice), stored, cached
and summed up for their instructor here."""
