"""How the command line names games, players and archived games, the one matching every
command uses: in any case, with or without accents (`--game Chambéry`, `--game SCOUT`,
`--player zoe` for Zoé), and a close miss answered with "did you mean".

    plain("Zoé") == "zoe";  same_name("ZOE", "Zoé") is True
    game_name("Chambéry Tarot") == "chambery"   (an argparse type: ArgumentTypeError otherwise)
    did_you_mean("scuot", NAMES) == "; did you mean scout?"
"""

import argparse
import difflib
import unicodedata

from deckcore.games import NAMES, TITLES


def plain(text):
    """`text` in lower case without its accents or the spaces at its ends: `Zoé` is `zoe`."""
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def same_name(given, name):
    """Whether `given` names `name` (a player's, a game's), by plain()."""
    return plain(given) == plain(name)


def did_you_mean(given, choices):
    """"; did you mean X?" when one of `choices` is close to `given`, else ""; `choices` is
    a list, or a dict of spellings to the name to suggest."""
    answers = choices if isinstance(choices, dict) else {choice: choice for choice in choices}
    by_plain = {plain(choice): answer for choice, answer in answers.items()}
    close = difflib.get_close_matches(plain(given), list(by_plain), n=1, cutoff=0.6)
    return "; did you mean %s?" % by_plain[close[0]] if close else ""


def game_name(text):
    """argparse type of --game: a game's name or title in any case, with or without its
    accents (`scioto`, `SCOUT`, `Chambéry`, `chambéry tarot`)."""
    for name in NAMES:
        if same_name(text, name) or same_name(text, TITLES[name]):
            return name
    raise argparse.ArgumentTypeError("no game %r; the games are %s%s" % (
        text, ", ".join(NAMES), did_you_mean(text, dict(
            [(name, name) for name in NAMES] + [(TITLES[name], name) for name in NAMES]))))
