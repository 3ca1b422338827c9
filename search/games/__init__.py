"""Everything a search can play: the Game interface, tic-tac-toe, Isolation, games by name, and a
position written out as an explicit tree."""
