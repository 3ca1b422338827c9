"""The searches as the lecture slides write them: minimax, alpha-beta, expectiminimax, max^n,
iterative deepening, the enhanced searches, their pseudocode listings, and which fits which tree."""
