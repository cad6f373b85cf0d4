"""After a hand: how it was scored and the running totals; after the last, the match.

The centre key deals the next hand (or, after the last, shows the match summary).
"""

from deckapp.play.textpage import TextPage
from deckcore import explain
from deckcore.games import hand_word


class HandSummary(TextPage):
    def __init__(self, session):
        lines = explain.hand_lines(session.last_hand, [seat.name for seat in session.seats])
        word = hand_word(session.game.NAME)
        lines.append("Totals after %s %d of %s:" % (word, len(session.match.results),
                                                    _planned(session)))
        lines.extend(totals_lines(session))
        TextPage.__init__(self, "%s%s %d scored" % (word[:1].upper(), word[1:],
                                                    len(session.match.results)), lines)
        self.session = session

    def softkeys(self):
        return {"press": "Match over" if self.session.is_over() else "Next"}

    def key_beyond(self, key):
        if key != "press":
            return
        session = self.session
        if session.is_over():
            self.app.pop()  # this summary
            self.app.pop()  # the table, which gives way to the match summary
            self.app.open(MatchSummary, session)
        else:
            from deckapp.store import StoreError
            try:
                session.next_hand()
            except StoreError as error:  # the flash is full: the table says to sync
                self.app.pop()
                self.app.top().stall(error)
                return
            self.app.pop()


class MatchSummary(TextPage):
    def __init__(self, session):
        names = [seat.name for seat in session.seats]
        lines = ["Winner: " + " and ".join(names[seat] for seat in session.match.winners()),
                 "%s, %ss played: %d" % (session.game.TITLE, hand_word(session.game.NAME),
                                         len(session.match.results))]
        lines.extend(totals_lines(session))
        lines.append("Hand by hand (%s):" % ", ".join(names))
        for hand in range(len(session.match.results)):
            scores = session.match.results[hand][1]
            lines.append("  %d: %s" % (hand + 1, "  ".join("%+d" % s for s in scores)))
        TextPage.__init__(self, "Match over", lines)

    def softkeys(self):
        return {"press": "Done"}

    def key_beyond(self, key):
        if key == "press":
            self.app.pop()


def _planned(session):
    """The match's length: its hands, or a target's "up to 100 points" (Scioto's)."""
    game = session.game
    if game.target_points():
        return "up to %d points" % game.target_points()
    return str(game.deals_in_match())


def totals_lines(session):
    totals = session.match.totals
    order = sorted(range(len(totals)), key=lambda seat: (-totals[seat], seat))
    return ["  %d. %s: %d" % (rank + 1, session.seats[order[rank]].name, totals[order[rank]])
            for rank in range(len(order))]
