"""The help texts of High Card's options, for the host's `deckmate options`."""

HELP = {
    "players": "players at the table, 4 cards each",
}
