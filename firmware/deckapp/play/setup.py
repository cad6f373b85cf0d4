"""Match set-up: the game, who sits at each seat (a person or a bot and its level), the
game's options (house rules labelled) and the match length: the `deals` option where the
game has one (Scioto, Droggn), else the length the rules fix (each player deals once: Scarto,
Chambery, SCOUT), shown. The last set-up of each game is remembered in the store's state
file `setup-<game>`.

"Deal" is random, or a number: the same number deals the same cards and the bots decide
alike (as `deckmate selfplay --seed` does), to replay a deal or to test.

Rows change with left and right; the centre key on "Start" (up from the first row) starts
the match, and does nothing elsewhere, so a stray press never starts a match. People take
their names from Settings in seat order; with several people the play screen hides each
hand until its owner takes the device.
"""

from micropython import const

from deckapp.play.session import BOT, HUMAN, Seat
from deckapp.screen import Screen, acts
from deckcore.game import RulesError, call_unloaded
from deckcore.option import value_text
from deckcore.games import NAMES, TITLES, load, options_of
from deckui import font, theme, widgets

# Private constants (const): no name of theirs is interned on the device.
# A person, or a level whose decisions fit the device's budget (p95 <= 3 s on the RP2040
# estimate, docs/bots.md): strong takes 15-32 s at p95 in every game, so it is not offered.
_SEAT_KINDS = const(("human", "easy", "normal"))  # HUMAN, then the levels
_DEFAULT_LEVEL = const("normal")
_START = const("Start")
_DEAL = const("Deal")
_MATCH = const("Match")
_DEAL_NUMBERS = const(9999)  # "random", or a deal number 1.._DEAL_NUMBERS


class SetupScreen(Screen):
    title = "New match"

    def __init__(self):
        Screen.__init__(self)
        self.store = None
        self.list = None
        self.message = ""

    def shown(self):
        if self.list is None:  # first shown: the app is known, the last set-up is read
            self.open(self.app.store, self.app.settings.names)
        Screen.shown(self)

    def open(self, store, names):
        """Read the last set-up (of the last game set up) from the store."""
        self.store = store
        self.names = names
        last = store.load_state("setup", NAMES[0])
        self._load(last if last in NAMES else NAMES[0])
        self.list = widgets.ListView(self._rows(), row_height=17, bottom=widgets.BOTTOM - 16)

    # The set-up as data ---------------------------------------------------------------
    def _load(self, game_name):
        self.game_name = game_name
        self.game_options = None
        _forget_games()  # the game shown before: its options leave memory
        self.game_options = options_of(game_name)  # not the rules: their names would stay
        saved = self.store.load_state("setup-" + game_name, {})
        self.options = {}
        for option in self.game_options.OPTIONS:
            value = saved.get("options", {}).get(option.name, option.default)
            try:
                self.options[option.name] = option.check(value)
            except RulesError:
                self.options[option.name] = option.default
        self.kinds = list(saved.get("seats", []))
        self.deal = 0  # random
        self._fit_seats()

    def _players(self):
        if "players" in self.options:
            return self.options["players"]
        return self.game_options.PLAYERS  # a game without a players option (Scarto)

    def _fit_seats(self):
        """One kind per seat: the first a person, the others bots at the default level."""
        players = self._players()
        kinds = [k for k in self.kinds if k in _SEAT_KINDS][:players]
        if not kinds:
            kinds = [HUMAN]
        while len(kinds) < players:
            kinds.append(_DEFAULT_LEVEL)
        self.kinds = kinds

    def _option_rows(self):
        return [o for o in self.game_options.OPTIONS if o.name != "players"]

    def _rows(self):
        rows = [("Game", TITLES[self.game_name])]
        if "players" in self.options:
            rows.append(("Players", str(self.options["players"])))
        for seat in range(len(self.kinds)):
            rows.append(("Seat %d" % (seat + 1), self._seat_text(seat)))
        for option in self._option_rows():
            value = value_text(self.options[option.name])
            label = option.name.replace("_", " ")
            if option.name == "deals":  # the match length, where the game lets it change
                deals = self.options["deals"]
                value = "%s deal%s" % (deals or "auto: " + self._deals(),
                                       "" if deals == 1 else "s")
                label = "match length"
            label += " (house)" if option.house_rule else ""
            rows.append((label, value))
        if "deals" not in self.options:  # the rules fix it: each player deals once
            rows.append((_MATCH, "%s %s, one each" % (
                self._deals(), "rounds" if self.game_name == "scout" else "deals")))
        rows.append((_DEAL, str(self.deal) if self.deal else "random"))
        rows.append((_START, ""))
        return rows

    def _deals(self):
        """The deals in the match the options make ("?" while they conflict): the resolved
        `deals` option, or each player deals once (the Game's deals_in_match, without
        loading its rules)."""
        try:
            resolved = call_unloaded("deckcore.checks", "resolve", self.game_options,
                                     dict(self.options))
        except RulesError:
            return "?"
        return str(resolved["deals"] if "deals" in resolved else self._players())

    def _seat_text(self, seat):
        kind = self.kinds[seat]
        if kind == HUMAN:
            return self.names[self._people_before(seat)]
        return "bot " + kind

    def _people_before(self, seat):
        return len([k for k in self.kinds[:seat] if k == HUMAN])

    def seats(self):
        seats = []
        for seat in range(len(self.kinds)):
            kind = self.kinds[seat]
            if kind == HUMAN:
                seats.append(Seat(self.names[self._people_before(seat)], HUMAN))
            else:
                seats.append(Seat("Bot %d" % (seat + 1), BOT, kind))
        return seats

    def change(self, row, delta):
        """Step the value of the row at `row` by delta (left -1, right +1)."""
        label = self.list.rows[row][0]
        if label == "Game":
            index = (NAMES.index(self.game_name) + delta) % len(NAMES)
            self._load(NAMES[index])
        elif label == "Players":
            self._step_option(self._option("players"), delta)
            self._fit_seats()
        elif label.startswith("Seat "):
            seat = int(label[5:]) - 1
            self.kinds[seat] = _SEAT_KINDS[(_SEAT_KINDS.index(self.kinds[seat]) + delta)
                                          % len(_SEAT_KINDS)]
        elif label == _DEAL:
            self.deal = (self.deal + delta) % (_DEAL_NUMBERS + 1)
        elif label == _MATCH:
            self.message = "The rules fix the match: each player deals once"
            return
        elif label != _START:
            self._step_option(self._option_rows()[row - self._first_option_row()], delta)
        self.list.rows = self._rows()
        self.message = ""

    def _first_option_row(self):
        return 1 + ("players" in self.options) + len(self.kinds)

    def _option(self, name):
        for option in self.game_options.OPTIONS:
            if option.name == name:
                return option
        return None

    def _step_option(self, option, delta):
        value = self.options[option.name]
        if option.choices is not None:
            values = list(option.choices)
        else:
            step = max(1, (option.hi - option.lo) // 100)
            values = ([None] if option.default is None else []) + list(
                range(option.lo, option.hi + 1, step))
        index = values.index(value) if value in values else 0
        self.options[option.name] = values[(index + delta) % len(values)]

    def make_game(self):
        """The Game of this set-up (its rules loaded), or raises RulesError naming the option
        in conflict."""
        return load(self.game_name)(dict(self.options))

    def remember(self):
        self.store.save_state("setup-" + self.game_name,
                              {"options": self.options, "seats": self.kinds})
        self.store.save_state("setup", self.game_name)

    # Screen ---------------------------------------------------------------------------
    def softkeys(self):
        if self.list.rows[self.list.cursor][0] == _START:
            return {"press": "Start", "b": "Back"}
        return {"b": "Back"}

    def draw(self, canvas):
        self.list.draw(canvas)
        text = self.message or "\u2190 \u2192 change; Start is the last row"
        colour = theme.HEARTS if self.message else theme.MUTED
        font.text(canvas, font.fit(text, 236), 2, widgets.BOTTOM - 15, colour)

    def key(self, key, kind):
        if not acts(key, kind):
            return
        if key in ("up", "down"):
            if self.list.move(-1 if key == "up" else 1):
                self.changed()
        elif key in ("left", "right"):
            self.change(self.list.cursor, -1 if key == "left" else 1)
            self.changed()
        elif key == "b":
            self.app.pop()
        elif key == "press" and self.list.rows[self.list.cursor][0] == _START:
            self.start()

    def start(self):
        """Save the new match as asked for, then restart the board: the match begins on a
        fresh heap (deckapp/play/stored.py, `ask_to_begin`)."""
        try:
            self.make_game()
        except RulesError as error:
            self.message = str(error)
            self.changed()
            return
        from deckapp.play import stored
        from deckapp.store import StoreError
        try:
            self.remember()
            stored.ask_to_begin(self.store, self.game_name, self.options, self.seats(),
                                self.deal or _random_seed())
        except StoreError as error:
            self.message = str(error)
            self.changed()
            return
        self.app.board.reset()


def _forget_games():
    """Take every game module out of memory (the next `load` imports the one needed)."""
    import gc
    from deckapp import unload
    for game in NAMES + ("tarot",):
        unload("deckcore.games." + game)
        unload("deckcore.games." + game + "_options")
    gc.collect()


def _random_seed():
    import os
    return int.from_bytes(os.urandom(4), "big") & 0x3FFFFFFF
