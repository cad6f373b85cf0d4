"""The help page of a game: the rules in brief (rules.md has them in full) and the options
in force, house rules labelled."""

from deckapp.play.textpage import TextPage
from deckcore.game import call_unloaded
from deckcore.option import value_text

BRIEF = {
    "scioto": (
        "Play a card to each trick; no need to follow suit.",
        "A card wins by dismissing the best card so far: one rank higher in any suit, two "
        "in the same colour, three in the same suit (ranks wrap round).",
        "The winner takes the trick's card points and leads next.",
        "Compounding: the leader may re-lead a card that dismisses the winner, or stop.",
        "Most card points over the match wins (rules.md 1).",
    ),
    "scarto": (
        "Three players, each for himself; the dealer takes the 3-card stock and lays 3 "
        "cards down (the scart, his).",
        "Follow suit, else trump; the Fool excuses. The Angel (T20) beats the World (T21).",
        "Piles count in threes; a hand scores card points - 26. Three deals make a game "
        "(rules.md 2).",
    ),
    "chambery": (
        "The dealer takes the last cards and lays a scart for his side.",
        "One round of bids: Two Cards < One Card < Solo; the soloist buys the cards he "
        "names. With no bid the dealer calls a King and plays with its holder.",
        "Follow suit, else trump; the Fool excuses. Each side counts its cards plus 1 per "
        "trick; the losers pay the excess over half (rules.md 3).",
    ),
    "droggn": (
        "One declarer against two. Calls: Ansager < Solo < Super < Slam.",
        "The declarer exchanges with the talon (Ansager: buys a card), may lay out the "
        "Pagat; the defenders may say Schwacher, the declarer retour: each doubles.",
        "Follow suit, else trump; the Gstiess (Fool) excuses. Counted in threes to 74; "
        "the declarer wins or pays the game value from each (rules.md 4).",
    ),
    "scout": (
        "Keep your hand in the order dealt; at the start you may flip it all.",
        "Show: beat the active set with a run of adjacent cards (a set of equal numbers or "
        "a sequence, more cards beat fewer). Its owner captures the old set.",
        "Scout: take an end card of the active set (either way up) into your hand anywhere; "
        "its owner gets a chip. Scout & Show once a round.",
        "Round score: captured cards + chips - cards left in hand (rules.md 5).",
    ),
}


# What the short figures beside the names count after the cards held (words.seat_figures)
TAKEN = {"scioto": "p card points taken", "chambery": "t tricks won", "droggn": "t tricks won",
         "scout": "p points: cards captured and Scout chips"}


class HelpScreen(TextPage):
    def __init__(self, game):
        lines = list(BRIEF[game.NAME])
        if game.num_players > 3:  # the other seats in two columns, their figures short
            # (Scarto is for three)
            lines.append("Beside the names: c cards in hand, " + TAKEN[game.NAME] + ".")
        lines.append("Options in force:")
        for option, value in call_unloaded("deckcore.games", "options_in_force", game):
            lines.append("  %s: %s%s" % (option.name, value_text(value),
                                         " (house rule)" if option.house_rule else ""))
        TextPage.__init__(self, game.TITLE + ": help", lines)
