"""History: the games kept on flash, newest first, with date, game, players and result; one
chosen opens its summary, read from its log a few lines at a time (Screen.step), so the keys
stay live while a long log is read. On a board that can hand files to a person (the browser's:
`board.give`, docs/device.md) X offers the cursor's game's log as a download and Y every log
in one zip archive, files that `deckmate import` takes as it takes a board's."""

import json

from micropython import const
from deckapp.form import FormScreen, Row
from deckapp.screen import Screen, acts
from deckcore.games import TITLES, hand_word
from deckui import font, theme, widgets

_LINES_PER_STEP = const(20)


def result_text(entry):
    """What became of a game, in words: who won (a scorekept match stopped early: its
    leaders), or that it is open or was abandoned."""
    if entry.get("damaged"):
        return "damaged"
    if entry["state"] == "open":
        return "in progress"
    result = entry.get("result")
    if not result:
        return "no result"
    if result.get("reason") == "abandoned":
        return "abandoned"
    won = winners(entry.get("players") or [], result.get("winner") or [])
    if result.get("reason") == "stopped":  # a scorekept match stopped: its leaders won
        return "stopped: " + won if won else "stopped"
    return "won: " + won


def winners(names, seats):
    return ", ".join(names[seat] if seat < len(names) else "?" for seat in seats)


class Game:
    """What History keeps of a manifest entry: its row, and what its summary needs."""

    def __init__(self, entry):
        self.id = entry["id"]
        self.title = TITLES.get(entry.get("game"), "?")
        self.hand_word = hand_word(entry.get("game"))
        self.date = entry.get("date") or "no date"
        self.players = entry.get("players") or []
        self.winners = (entry.get("result") or {}).get("winner") or []
        self.row = Row(self.title, result_text(entry),
                       "%s  %s" % (self.date[:10], ", ".join(self.players)), "Summary")


class HistoryScreen(FormScreen):
    title = "History"
    empty = "No games kept yet"

    def __init__(self):
        FormScreen.__init__(self, [], font.SMALL, 34)
        self.games = None

    def shown(self):
        if self.games is None:  # read the manifest once, newest game first
            store = self.app.store
            self.games = [Game(entry) for entry in store.games()] if store else []
            self.games.reverse()
            self.rows = [game.row for game in self.games]
        self.changed()

    def choose(self, row):
        self.app.push(SummaryScreen(self.games[self.list.cursor]))

    def softkeys(self):
        keys = FormScreen.softkeys(self)
        if self.games and getattr(self.app.board, "give", None):
            keys["x"] = "Log"
            keys["y"] = "All"
        return keys

    def other_key(self, key):
        """X: the cursor's game's log as a download; Y: every log in one zip archive."""
        give = getattr(self.app.board, "give", None)
        if not give or not self.games or key not in ("x", "y"):
            return
        store = self.app.store
        if key == "x":
            game_id = self.games[self.list.cursor].id
            give("deckmate-%s-%s.jsonl" % (self.app.device_id, game_id), [store.log_path(game_id)])
        else:
            give("deckmate-%s-logs.zip" % self.app.device_id,
                 [store.log_path(game.id) for game in reversed(self.games)])


class SummaryScreen(Screen):
    """One game's scores hand by hand, the totals and the winners, read from its log."""

    def __init__(self, game):
        super().__init__()
        self.game = game
        self.title = game.title
        self.lines = None      # the log's lines while being read, None when done
        self.hands = []        # the score of each hand, per seat
        self.totals = None
        self.kept = False      # a scorekept match's log (its undo takes back a hand)
        self.first = 0         # the first hand shown (scrolling)
        self.problem = None    # why the log could not be read

    def shown(self):
        if self.lines is None and not self.hands:
            self.lines = self.app.store.read_lines(self.game.id)
        self.changed()

    def softkeys(self):
        return {"b": "Back"}

    def step(self):
        """Read _LINES_PER_STEP lines; parse only the hand results and the end."""
        if self.lines is None:
            return False
        from deckapp.store import StoreError
        try:
            for _ in range(_LINES_PER_STEP):
                line = next(self.lines)
                if '"t":"header"' in line:  # a played game's undo takes back actions only
                    self.kept = '"mode":"scorekeep"' in line
                elif '"t":"result"' in line or '"t":"entry"' in line:
                    record = json.loads(line)
                    self.hands.append(record["score"])
                    self.totals = record["totals"]
                elif self.kept and ('"t":"correct"' in line or '"t":"undo"' in line):
                    record = json.loads(line)
                    if record["t"] == "undo":
                        self.hands.pop()
                    else:
                        self.hands[record["hand"] - 1] = record["score"]
                    self.totals = record["totals"]
                elif '"t":"end"' in line:
                    self.totals = json.loads(line)["totals"]
            return True
        except StopIteration:
            pass
        except (StoreError, ValueError, KeyError) as error:
            self.problem = "The log could not be read (%s)." % error
        self.lines = None
        self.changed()
        return False

    def rows_shown(self):
        return (widgets.BOTTOM - widgets.TOP - 80) // 16

    def draw(self, canvas):
        y = widgets.TOP + 4
        count = len(self.hands)
        counted = "%d %s%s" % (count, self.game.hand_word, "" if count == 1 else "s")
        font.text(canvas, "%s, %s" % (self.game.date, counted), 6, y, theme.MUTED)
        if self.lines is not None or self.problem:
            lines = widgets.wrap(self.problem or "Reading the log...", widgets.SIZE - 12)
            for index, line in enumerate(lines):
                font.text(canvas, line, 6, y + 40 + 16 * index, theme.TEXT)
            return
        names = self.game.players
        seats = max(1, len(names))
        column = (widgets.SIZE - 40) // seats
        y += 20
        for seat in range(seats):
            name = names[seat] if seat < len(names) else "?"
            font.text(canvas, font.fit(name, column - 4), 40 + seat * column, y, theme.TEXT)
        canvas.hline(4, y + 16, widgets.SIZE - 8, theme.MUTED)
        y += 20
        for number in range(self.first, min(len(self.hands), self.first + self.rows_shown())):
            font.text(canvas, "%d" % (number + 1), 6, y, theme.MUTED)
            self.numbers(canvas, self.hands[number], column, y, font.SMALL)
            y += 16
        if not self.hands:
            font.text(canvas, "No hand was finished.", 6, y, theme.MUTED)
        if self.totals:
            y = widgets.BOTTOM - 26
            canvas.hline(4, y - 3, widgets.SIZE - 8, theme.MUTED)
            font.text(canvas, "Total", 2, y + 4, theme.MUTED)
            self.numbers(canvas, self.totals, column, y, font.LARGE, self.game.winners)

    def numbers(self, canvas, values, column, y, size, winners=()):
        """A row of numbers, one per seat; the winners' in the cursor colour."""
        for seat, value in enumerate(values):
            colour = theme.CURSOR if seat in winners else theme.TEXT
            font.text(canvas, "%d" % value, 40 + seat * column, y, colour, size)

    def key(self, key, kind):
        if not acts(key, kind):
            return
        if key == "b":
            self.app.pop()
        elif key in ("up", "down") and len(self.hands) > self.rows_shown():
            last_first = len(self.hands) - self.rows_shown()
            first = self.first + (-1 if key == "up" else 1)
            if 0 <= first <= last_first:
                self.first = first
                self.changed()
