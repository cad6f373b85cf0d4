"""The help texts of SCOUT's options, by option name, for the host's `deckmate options`
(Option.help_text): the device never loads this module."""

HELP = {
    "players":
        "number of players, 2 to 5 (2 players: the rules of section 5.5)",
}
