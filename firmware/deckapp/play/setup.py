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
from deckapp.form import Choice, FormScreen, Number, Row
from deckcore.game import RulesError
from deckcore.residency import Visit
from deckcore.option import value_words
from deckcore.games import NAMES, TITLES, hand_word, load
from deckcore.games.options import options_of
from deckui.widgets import BOTTOM

# Private constants (const): no name of theirs is interned on the device.
# A person, or a level whose decisions fit the device's budget (normal: p95 <= 1 s, hard:
# p95 <= 3 s on the RP2040 estimate, docs/bots.md): strong takes 15-32 s at p95 in every
# game, so it is not offered.
_SEAT_KINDS = const(("human", "easy", "normal", "hard"))  # HUMAN, then the levels
# What each level is, under the list while the cursor is on a bot's seat (one line).
_LEVEL_NOTES = const(("easy: one move ahead; beatable", "normal: plans ahead; thinks 1 s",
                      "hard: strongest; thinks up to 3 s"))
_DEFAULT_LEVEL = const("normal")
_HINT = const("\u2190 \u2192 change; Start is the last row")
_HINT_ROWS = const(16)  # the hint's line under the list (form.py)
_GAME = const("Game")
_START = const("Start")
_DEAL = const("Deal")
_MATCH = const("Match")
_DEAL_NUMBERS = const(9999)  # "random", or a deal number 1.._DEAL_NUMBERS


class SetupScreen(FormScreen):
    title = "New match"

    def __init__(self):
        FormScreen.__init__(self, [], row_height=17, hint=_HINT)
        self.store = None

    def shown(self):
        if self.store is None:  # first shown: the app is known, the last set-up is read
            self.open(self.app.store, self.app.settings.names)
        FormScreen.shown(self)

    def key(self, key, kind):
        """The form's keys; on a bot's seat the hint line tells what its level is."""
        FormScreen.key(self, key, kind)
        row = self.row()
        hint = _HINT
        if row is not None and isinstance(row.name, int) and row.value != HUMAN:
            hint = _LEVEL_NOTES[_SEAT_KINDS.index(row.value) - 1]
        if hint != self.hint:
            self.hint = hint
            if not self.message:
                self.changed(BOTTOM - _HINT_ROWS, BOTTOM)

    def open(self, store, names):
        """Read the last set-up (of the last game set up) from the store."""
        self.store = store
        self.names = names
        last = store.load_state("setup", NAMES[0])
        self._load(last if last in NAMES else NAMES[0])
        self.rows = self._rows()

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
        # a game without a players option (Scarto) names its number in its options module
        return getattr(self.game_options, "PLAYERS")

    def _fit_seats(self):
        """One kind per seat: the first a person, the others bots at the default level."""
        players = self._players()
        kinds = [k for k in self.kinds if k in _SEAT_KINDS][:players]
        if not kinds:
            kinds = [HUMAN]
        while len(kinds) < players:
            kinds.append(_DEFAULT_LEVEL)
        self.kinds = kinds

    def _rows(self):
        """The rows for the set-up as it stands: each row's name is what it sets (_GAME, a
        seat's number, an option's name, _DEAL), or _MATCH and _START."""
        rows: "list[Row]" = [Choice("Game", NAMES, self.game_name, TITLES.get, name=_GAME)]
        for option in self.game_options.OPTIONS:
            if option.name == "players":
                rows.append(Choice("Players", _values(option), self.options["players"],
                                   name="players"))
        for seat in range(len(self.kinds)):
            person = self.names[self._people_before(seat)]
            rows.append(Choice("Seat %d" % (seat + 1), _SEAT_KINDS, self.kinds[seat],
                               lambda kind, person=person: person if kind == HUMAN
                               else "bot " + kind, name=seat))
        deals = None
        for option in self.game_options.OPTIONS:
            if option.name == "players":
                continue
            label, shown = option.name.replace("_", " "), value_words
            if option.name == "deals":  # the match length, where the game lets it change
                deals = self._deals()
                label, shown = _MATCH, lambda value, deals=deals: "%s %s%s" % (
                    value or "auto: " + deals, hand_word(self.game_name),
                    "" if value == 1 else "s")
            label += " (house)" if option.house_rule else ""
            rows.append(Choice(label, _values(option), self.options[option.name], shown,
                               name=option.name))
        if deals is None:  # the rules fix it: each player deals once
            rows.append(Row(_MATCH, "%s %ss, one each" % (
                self._deals(), hand_word(self.game_name))))
        rows.append(Number(_DEAL, self.deal, 0, _DEAL_NUMBERS, wrap=True,
                           shown=lambda deal: str(deal) if deal else "random"))
        rows.append(Row(_START, press=_START))
        return rows

    def _deals(self):
        """The deals in the match the options make ("?" while they conflict): the resolved
        `deals` option, or each player deals once (the Game's deals_in_match, without
        loading its rules)."""
        try:
            with Visit():
                from deckcore.checks import resolve
                resolved = resolve(self.game_options, dict(self.options))
        except RulesError:
            return "?"
        return str(resolved["deals"] if "deals" in resolved else self._players())

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

    def edited(self, row):
        """A row's new value taken into the set-up; the rows made again (a game or a number
        of players brings other rows, a person's seat moves the names along)."""
        name = row.name
        if name == _GAME:
            self._load(row.value)
        elif name == _DEAL:
            self.deal = row.value
        elif isinstance(name, int):
            self.kinds[name] = row.value
        else:
            self.options[name] = row.value
            if name == "players":
                self._fit_seats()
        self.rows = self._rows()

    def refused(self, row):
        if row.name == _MATCH:
            self.say("The rules fix the match: each player deals once")

    def make_game(self):
        """The Game of this set-up (its rules loaded), or raises RulesError naming the option
        in conflict."""
        return load(self.game_name)(dict(self.options))

    def remember(self):
        self.store.save_state("setup-" + self.game_name,
                              {"options": self.options, "seats": self.kinds})
        self.store.save_state("setup", self.game_name)

    def choose(self, row):
        self.start()

    def back(self):
        """The main menu at once, as it was opened, without the reset of App.top (which would
        lose the keys pressed meanwhile and blank the panel): what the set-up loaded leaves
        memory as a reset would let it go (phases.left)."""
        from deckapp import phases
        app = self.app
        app.pop()
        phases.left(app.kept)
        app.menu(app)

    def start(self):
        """Remember the set-up, then start the match on a fresh heap: the board restarts and
        its boot opens the table (App.start_after_reset)."""
        try:
            self.make_game()
        except RulesError as error:
            self.say(str(error))
            return
        from deckapp.play.stored import new_match
        from deckapp.store import StoreError
        try:
            self.remember()
            self.app.start_after_reset("play", new_match(
                self.game_name, self.options, self.seats(), self.deal or _random_seed()))
        except StoreError as error:
            self.say(str(error))


def _values(option):
    """The values an option's row steps through."""
    if option.choices is not None:
        return list(option.choices)
    step = max(1, (option.hi - option.lo) // 100)
    return ([None] if option.default is None else []) + list(
        range(option.lo, option.hi + 1, step))


def _forget_games():
    """Take every game module out of memory (the next `load` imports the one needed)."""
    import gc
    from deckapp import phases
    phases.forget_games(NAMES + ("tarot",))
    gc.collect()


def _random_seed():
    import os
    return int.from_bytes(os.urandom(4), "big") & 0x3FFFFFFF
