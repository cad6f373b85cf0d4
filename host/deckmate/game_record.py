"""One archived game as the owner's commands (games, stats, export, plot, report) see it: who
played what, when, on which device, hand by hand, and how it ended.

    GameRecord(device, game_id, game, mode, date, synced, players, hands, totals, winners,
               state, path)

`players` are dicts with `name`, `kind` (`human` or `bot`) and `level` (a bot's name or None),
in seat order; `hands` a list of (points, scores) per hand; `winners` the winning seats of a
finished match or the leaders of a stopped one (empty otherwise); `state` is `complete`,
`stopped` (a scorekept match the table stopped early: its standings stand), `abandoned` or
`unfinished` (no end record yet: a game in progress, or cut off); `mode` is `played` (the device dealt and played
the cards)
or `scorekept` (a table played with real cards and entered the results); `date` and `synced`
are ISO-8601 texts (`2026-11-27 20:15`) or empty when not known; `path` is the raw log.
"""

from deckcore.keep import SCOREKEEP, end_winners
from deckmate.logs import ReadLog, replay_log

# Said wherever a game shows no date (`games`, the report)
NO_DATE = ("no date: a log holds none of its own; a game gets the device's date when it is "
           "synced, none when imported from a file or played while the device's clock was unset")
PLAYED = "played"
SCOREKEPT = "scorekept"
COMPLETE, STOPPED, ABANDONED, UNFINISHED = "complete", "stopped", "abandoned", "unfinished"
STATE_OF_END = {"completed": COMPLETE, "stopped": STOPPED, "abandoned": ABANDONED}


class GameRecord:
    def __init__(self, device, game_id, game, mode, date, synced, players, hands, totals,
                 winners, state, path, hand_count=None):
        self.device = device
        self.game_id = game_id
        self.game = game
        self.mode = mode
        self.date = date
        self.synced = synced
        self.players = players
        self.names = [player["name"] for player in players]
        self.hands = hands
        self.totals = totals
        self.winners = winners
        self.state = state
        self.complete = state == COMPLETE
        self.path = path
        self.hand_count = len(hands) if hand_count is None else hand_count  # hands played

    def result_text(self):
        """`Ann 120, Bob 75: Ann wins`, `Ann 12, Bob 5: Ann wins (stopped after 2 hands)`, or
        `... (abandoned)`, `... (unfinished)`."""
        scores = ", ".join("%s %d" % (name, total) for name, total in zip(self.names, self.totals))
        if not self.winners:
            return "%s (%s)" % (scores, self.state)
        won = "%s: %s %s" % (scores, " and ".join(self.names[seat] for seat in self.winners),
                             "wins" if len(self.winners) == 1 else "win")
        if self.state == STOPPED:
            return "%s (stopped after %d hand%s)" % (won, self.hand_count,
                                                     "" if self.hand_count == 1 else "s")
        return won

    def as_json(self):
        return {"device": self.device, "game_id": self.game_id, "game": self.game,
                "mode": self.mode, "date": self.date, "synced": self.synced,
                "players": self.players, "totals": self.totals, "winners": self.winners,
                "hands": self.hand_count, "state": self.state}


def record_of_log(path, date="", synced="", data=None):
    """The GameRecord of the log at `path` (its bytes `data` when already read), replayed
    through the rules core; BadLog when it does not replay."""
    read = ReadLog(path, data) if data is not None else ReadLog.of_file(path)
    replay, _ = replay_log(read)
    header = replay.header
    players = [{"name": player.get("name") or "Seat %d" % seat, "kind": player["kind"],
                "level": player.get("level")} for seat, player in enumerate(header["players"])]
    state = STATE_OF_END[replay.end_reason] if replay.ended else UNFINISHED
    winners = replay.match.winners() if state == COMPLETE else \
        end_winners(replay.match, "stopped") if state == STOPPED else []
    return GameRecord(header.get("device") or "", header.get("game_id") or "", replay.game.NAME,
                      SCOREKEPT if header.get("mode") == SCOREKEEP else PLAYED, date, synced,
                      players,
                      [(list(points), list(scores)) for points, scores in replay.match.results],
                      list(replay.match.totals), winners, state, path)
