"""The games: one package per game, each with the same folder shape."""
