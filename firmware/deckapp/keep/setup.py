"""The set-up of a scorekept match: the game, the number of players (every count its rules
allow), who sits where round the table (names from Settings, or typed with X), the first
dealer, the game's options (house rules labelled) and the match length. The last set-up of
each game is remembered (state files `keep-<game>`, and `keep` for the game).

Rows change with left and right; the centre key on "Start" begins the match on a fresh heap
(App.start_after_reset opens the totals screen, deckapp/keep/totals.py).
"""

from micropython import const

from deckcore.residency import Visit
from deckapp.form import Choice, FormScreen, Number, Row
from deckcore.game import RulesError
from deckcore.games import NAMES, TITLES, hand_word
from deckcore.games.options import options_of
from deckcore.option import value_words

_GAME = const("Game")
_DEALER = const("First dealer")
_MATCH = const("Match")
_START = const("Start")
_SEAT = const("seat")  # row names "seat0", "seat1", ...
_LAST = const("keep")
_RECENT = const("keep-names")  # the names of the last matches kept, the latest first
_KEPT = const(12)  # how many


class KeepSetupScreen(FormScreen):
    title = "Keep score"

    def __init__(self):
        FormScreen.__init__(self, [], row_height=17, hint="X: type a name. Start: the last row")
        self.store = None
        self.game_options = None

    def shown(self):
        if self.store is None:
            self.store = self.app.store
            last = self.store.load_state(_LAST, NAMES[0])
            self._load(last if last in NAMES else NAMES[0])
        FormScreen.shown(self)

    # The set-up as data ------------------------------------------------------------------
    def _load(self, game_name):
        if self.game_options is not None:
            from deckapp import phases
            phases.forget_games((self.game_name,))
        self.game_name = game_name
        self.game_options = options_of(game_name)
        saved = self.store.load_state("keep-" + game_name, {})
        if type(saved) != dict:
            saved = {}
        self.options = {}
        for option in self.game_options.OPTIONS:
            try:
                self.options[option.name] = option.check(
                    saved.get("options", {}).get(option.name, option.default))
            except RulesError:
                self.options[option.name] = option.default
        known = self.app.settings.names
        recent = self.store.load_state(_RECENT, [])  # the names of the last matches kept
        recent = [name for name in recent if type(name) == str] if type(recent) == list else []
        self.names = [name for name in saved.get("names", []) if type(name) == str] or \
            (recent + [name for name in known if name not in recent])[:len(known)]
        self.choices = recent + [name for name in list(known) + self.names
                                 if name not in recent]
        self.choices = [name for index, name in enumerate(self.choices)
                        if name not in self.choices[:index]]
        self.dealer = saved.get("dealer", 0)
        self._fit()

    def _players(self):
        return self.options.get("players", getattr(self.game_options, "PLAYERS", 3))

    def _fit(self):
        """A name for every seat (the next names of the list for new seats)."""
        players = self._players()
        names = self.names[:players]
        for name in self.choices:
            if len(names) == players:
                break
            if name not in names:
                names.append(name)
        self.names = names
        if not 0 <= self.dealer < players:
            self.dealer = 0
        self.rows = self._rows()

    def _rows(self):
        rows: "list[Row]" = [Choice("Game", NAMES, self.game_name, TITLES.get, name=_GAME)]
        for option in self.game_options.OPTIONS:
            if option.name == "players":
                rows.append(Number("Players", self.options["players"], option.lo, option.hi,
                                   name="players"))
        for seat in range(len(self.names)):
            rows.append(Choice("Seat %d" % (seat + 1), self.choices, self.names[seat],
                               name=_SEAT + str(seat)))
        rows.append(Choice(_DEALER, list(range(len(self.names))), self.dealer,
                           lambda seat: self.names[seat], name=_DEALER))
        length = None
        for option in self.game_options.OPTIONS:
            if option.name != "players" and not option.play_only:  # what changes the scores
                label = "match length" if option.name == "deals" else option.name.replace("_", " ")
                if option.name == "deals":
                    length = option
                rows.append(_option_row(option, label + (" (house)" if option.house_rule else ""),
                                        self.options[option.name]))
        if length is None:
            rows.append(Row(_MATCH, "%d %ss" % (self._deals(), hand_word(self.game_name))))
        rows.append(Row(_START, press=_START))
        return rows

    def _deals(self):
        try:
            with Visit():
                from deckcore.checks import resolve
                resolved = resolve(self.game_options, dict(self.options))
        except RulesError:
            return self._players()
        return resolved.get("deals", self._players())

    # Keys --------------------------------------------------------------------------------
    def edited(self, row):
        name = row.name
        if name == _GAME:
            self._load(row.value)
            return
        if name == _DEALER:
            self.dealer = row.value
        elif name.startswith(_SEAT):
            self.names[int(name[len(_SEAT):])] = row.value
        else:
            option = [option for option in self.game_options.OPTIONS if option.name == name][0]
            auto = option.choices is None and option.default is None \
                and row.value < option.lo  # a number's "auto" (see _option_row)
            self.options[name] = None if auto else row.value
        self._fit()

    def refused(self, row):
        if row.name == _MATCH:
            self.say("The rules fix the match: each player deals once")

    def other_key(self, key):
        row = self.row()
        if key == "x" and row is not None and row.name.startswith(_SEAT):
            from deckapp.settings import NAME_LENGTH
            from deckapp.text_entry import TextEntry
            seat = int(row.name[len(_SEAT):])
            self.app.push(TextEntry("Seat %d's name" % (seat + 1), "", NAME_LENGTH,
                                    lambda name: self._typed(seat, name)))  # a new name

    def _typed(self, seat, name):
        if name not in self.choices:
            self.choices.append(name)
        self.names[seat] = name
        self.message = ""  # the row is changed, as left and right change one (FormScreen)
        self._make_room()
        self._fit()
        self.changed()

    def softkeys(self):
        keys = FormScreen.softkeys(self)
        row = self.row()
        if row is not None and row.name.startswith(_SEAT):
            keys["x"] = "Type"
        return keys

    def choose(self, row):
        self.start()

    def start(self):
        for seat in range(len(self.names)):
            if self.names.index(self.names[seat]) != seat:
                self.go_to(_SEAT + str(seat))
                self.say("Seat %d: %s sits at seat %d already" % (
                    seat + 1, self.names[seat], self.names.index(self.names[seat]) + 1))
                return
        from deckcore.keep import game_class  # (the match's game: Droggn's without its hand)
        try:
            game_class(self.game_name)(dict(self.options))
        except RulesError as error:
            self.say(str(error))
            return
        from deckapp.keep.stored import new_match
        from deckapp.store import StoreError
        try:
            self.store.save_state("keep-" + self.game_name, {
                "options": self.options, "names": self.names, "dealer": self.dealer})
            self.store.save_state(_LAST, self.game_name)
            recent = self.store.load_state(_RECENT, [])
            recent = recent if type(recent) == list else []
            self.store.save_state(_RECENT, (self.names + [name for name in recent
                                                          if name not in self.names])[:_KEPT])
            self.app.start_after_reset("keep", new_match(
                self.game_name, self.options, self.names, self.dealer))
        except StoreError as error:
            self.say(str(error))


def _option_row(option, label, value):
    """A row for an option: its choices, or a number (an "auto" default below the lowest)."""
    if option.choices is not None:
        return Choice(label, list(option.choices), value, value_words, name=option.name)
    if option.default is None:  # its lowest value stands for None, "auto"
        return Number(label, option.lo - 1 if value is None else value, option.lo - 1, option.hi,
                      shown=lambda number: "auto" if number < option.lo else str(number),
                      name=option.name)
    return Number(label, value, option.lo, option.hi, name=option.name,
                  shown=(lambda points: str(points) if points else "none")
                  if option.name == "target" else None)
