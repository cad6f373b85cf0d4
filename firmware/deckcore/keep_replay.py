"""Replaying a scorekept log (header mode "scorekeep", docs/log-format.md): every entered
hand, correction and undo is checked and scored again through the rules core, and every
logged result and total must be what the rules give. The host checks logs with it
(`deckmate replay --check`); the device resumes a scorekept match with it after a power cut.

    reader_for(header)   the Replay class for a log whose first record is `header`
"""

from deckcore.keep import SCOREKEEP, Keeper, end_winners, refusal
from deckcore.replay import LogError, Replay, _expect_same, _is_whole


def reader_for(header):
    """KeptReplay for a scorekept log's header, Replay for any other first record."""
    if type(header) == dict and header.get("mode") == SCOREKEEP:
        return KeptReplay
    return Replay


class KeptReplay(Replay):
    MODE = SCOREKEEP

    def __init__(self, games):
        Replay.__init__(self, games)
        self.keeper = None

    def _header(self, record):
        Replay._header(self, record)
        self.keeper = Keeper(self.game, self.match.first_dealer)
        self.match = self.keeper.match

    def _entered(self, record, number, dealer):
        """The entry of the record, checked for hand `number` dealt by `dealer`."""
        values = record.get("e")
        refused = refusal(self.game, dealer, values)
        if refused:
            raise LogError("hand %d: %s" % (number, refused[2]))
        return values

    def _check_result(self, record, number):
        points, scores = self.match.results[number - 1]
        _expect_same("points", record.get("points"), points)
        _expect_same("score", record.get("score"), scores)
        _expect_same("totals", record.get("totals"), self.match.totals)

    def _entry(self, record):
        keeper = self.keeper
        if self.match.is_over():
            raise LogError("an entered hand after the match is over")
        self._expect_hand(record)
        self._expect_dealer(record)
        keeper.add(self._entered(record, len(keeper.hands) + 1, self.match.dealer))
        self.match = keeper.match
        self._check_result(record, len(keeper.hands))

    def _correct(self, record):
        keeper = self.keeper
        number = record.get("hand")
        if not _is_whole(number) or not 1 <= number <= len(keeper.hands):
            raise LogError("a correction of hand %r, but hands 1..%d are entered" % (
                number, len(keeper.hands)))
        keeper.correct(number, self._entered(record, number, keeper.hands[number - 1][0]))
        self.match = keeper.match
        self._check_result(record, number)

    def _undo(self, record):
        keeper = self.keeper
        number = record.get("hand")
        if not keeper.hands or number != len(keeper.hands):
            raise LogError("an undo of hand %r, but the last entered hand is %d" % (
                number, len(keeper.hands)))
        keeper.undo()
        self.match = keeper.match
        _expect_same("totals", record.get("totals"), self.match.totals)

    def _end(self, record):
        """A played match's ends, and `stopped`: the table stopped before the match was
        over; the standings stand and the leaders win (none before a hand is in)."""
        if record.get("reason") != "stopped":
            Replay._end(self, record)
            return
        if self.match.is_over():
            raise LogError("the end record says stopped, but the match is over (its end is "
                           "completed)")
        _expect_same("winner", record.get("winner"), end_winners(self.match, "stopped"))
        _expect_same("hands", record.get("hands"), len(self.match.results))
        _expect_same("totals", record.get("totals"), self.match.totals)
        self.end_reason = "stopped"
        self.ended = True

    def _played(self, record):
        raise LogError("a scorekept log has entered hands, not %r records" % record["t"])

    RECORD_KINDS = {"entry": _entry, "correct": _correct, "undo": _undo, "end": _end,
                    "deal": _played, "act": _played, "result": _played}
