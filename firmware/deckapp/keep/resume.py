"""At boot: a scorekept match left open by a power cut, offered for resuming as a played one
is (the boot's offer, deckapp/play/resume.py, hands over a log whose header has a `mode`).
Resuming opens the totals screen, which replays the log and reopens a hand half entered."""

from deckapp.play.resume import ResumeScreen


def offer(app, header):
    """The offer of the open scorekept match, with the hands entered so far."""
    hands = 0
    for line in app.store.open_game().lines():
        hands += line.startswith('{"t":"entry"')
        hands -= line.startswith('{"t":"undo"')
    return KeptResumeScreen(header, hands)


class KeptResumeScreen(ResumeScreen):
    def resume(self):
        ResumeScreen.resume(self, "deckapp.keep.totals", "TotalsScreen")  # it resumes the match

    def abandon(self):
        from deckapp.keep import stored
        stored.resume(self.app.store).close("abandoned")
