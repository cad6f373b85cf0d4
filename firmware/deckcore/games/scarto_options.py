"""Scarto's options: none, and its three players (the set-up screen reads them without
loading the rules; scarto.py takes its PLAYERS from here)."""

NAME = "scarto"
PLAYERS = 3
OPTIONS = ()
