"""The help page of a game: the rules in brief (its show module's BRIEF; rules.md has them in
full), the legend of the figures beside the names, and the options in force, house rules
labelled."""

from deckapp.play.textpage import TextPage
from deckcore.games import show_of
from deckcore.residency import Visit
from deckcore.option import value_words


class HelpScreen(TextPage):
    def __init__(self, game):
        show = show_of(game.NAME)
        lines: "list[str]" = list(show.BRIEF)
        if game.num_players > 3:  # the other seats in two columns, their figures short
            # (layout.seat_figures: "13c 2t"; the taken's initial a slice: an index interns)
            lines.append("Beside the names: c cards in hand, %s %s." % (show.TAKEN[:1],
                                                                     show.LEGEND))
        lines.append("Options in force:")
        with Visit():  # (the game's options module, for this page only)
            from deckcore.games import options_in_force
            in_force = options_in_force(game)
        for option, value in in_force:
            # (in the set-up's words: "deal rules: standard", not "deal_rules: seed")
            lines.append("  %s: %s%s" % (option.name.replace("_", " "), value_words(value),
                                         " (house rule)" if option.house_rule else ""))
        TextPage.__init__(self, game.TITLE + ": help", lines)
