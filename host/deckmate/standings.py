"""The figures of `deckmate stats`: per game and per player, matches, wins, the mean and best
final total; and for each person, the results against each bot level, with a 95% interval on
the share won once there are enough matches for one to mean something (MIN_FOR_INTERVAL).

A player is counted under one name however it was typed: "Zoe" (from before the device's
keyboard had accents) and "Zoé" are one person, as `--player zoe` finds both (names.plain);
the figures carry the spelling used in the most matches."""

from deckmate.names import plain
from deckmate.stats import proportion_interval

MIN_FOR_INTERVAL = 5


def standings(records):
    """{"games": [{game, matches, players: [{name, matches, wins, mean, best, against: [...]}]}]}
    over the finished matches of `records` (GameRecords), games by name, players by their
    plain name (case and accents aside)."""
    by_game = {}
    for record in records:
        if not record.complete:
            continue
        table = by_game.setdefault(record.game, {"matches": 0, "players": {}})
        table["matches"] += 1
        levels = [player["level"] for player in record.players if player["kind"] == "bot"]
        for seat, player in enumerate(record.players):
            mine = table["players"].setdefault(plain(player["name"]), _Tally())
            mine.spellings[player["name"]] = mine.spellings.get(player["name"], 0) + 1
            won = seat in record.winners
            mine.add(record.totals[seat], won)
            if player["kind"] == "human":
                for level in sorted(set(levels)):
                    mine.against.setdefault(level, _Tally()).add(record.totals[seat], won)
    return {"games": [{"game": game, "matches": by_game[game]["matches"],
                       "players": [dict(name=tally.name(), **tally.figures())
                                   for _, tally in sorted(by_game[game]["players"].items())]}
                      for game in sorted(by_game)]}


class _Tally:
    def __init__(self):
        self.matches = 0
        self.wins = 0
        self.total = 0
        self.best = None
        self.against = {}  # bot level: _Tally of the matches against it
        self.spellings = {}  # each spelling of the player's name: the matches it was used in

    def name(self):
        """The spelling used in the most matches (of two used as often, the later in order)."""
        return max(self.spellings.items(), key=lambda item: (item[1], item[0]))[0]

    def add(self, total, won):
        self.matches += 1
        self.wins += 1 if won else 0
        self.total += total
        self.best = total if self.best is None else max(self.best, total)

    def figures(self):
        figures = {"matches": self.matches, "wins": self.wins,
                   "mean": round(self.total / self.matches, 2), "best": self.best}
        if self.against:
            figures["against"] = [dict(level=level, **tally.share())
                                  for level, tally in sorted(self.against.items())]
        return figures

    def share(self):
        share = {"matches": self.matches, "wins": self.wins,
                 "won": round(self.wins / self.matches, 3)}
        if self.matches >= MIN_FOR_INTERVAL:
            share["interval"] = [round(bound, 3)
                                 for bound in proportion_interval(self.wins, self.matches)]
        return share
