"""Misconceptions: the classic wrong ideas about game-tree search, each a named, runnable search with one
change (catalogue.py), and the diagnosis of which one a student's answer follows (search/practice/diagnosis.py)."""

from search.misconceptions.catalogue import CATALOGUE, Misconception, Setting, applicable, run

__all__ = ["CATALOGUE", "Misconception", "Setting", "applicable", "run"]
