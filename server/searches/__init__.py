"""Searches for the page: the /search Socket.IO namespace, the streamed HTTP delivery of events,
acknowledged batches, and checks of uploaded traces."""
