"""Replaying a log through the rules core, record by record, checking every step.

The host uses it to check logs (`deckmate replay --check`); the device uses it to resume the
game in progress after a power cut. Records arrive as parsed JSON objects (dicts) in any
shape; every problem raises LogError with a sentence that says what is wrong, and nothing
else escapes. Record kinds that this reader does not replay are skipped, as
docs/log-format.md asks (newer writers may add some).
"""

from deckcore import log
from deckcore.game import RulesError
from deckcore.match import Match


class LogError(Exception):
    pass


def _is_whole(value):
    """A JSON whole number (true and false are not numbers here)."""
    return type(value) == int


class Replay:
    MODE = None  # the header's mode of the logs this reader replays: a played game has none

    def __init__(self, games):
        """`games(name)` gives the Game class of a game name, or None (deckcore.games.load)."""
        self.games = games
        self.game = None
        self.header = None
        self.match = None
        self.state = None      # the hand in progress, None between hands
        self.hand_deal = None  # the piles of the hand in progress
        self.hand_actions = []  # its actions so far, for undo
        self.ended = False
        self.end_reason = None  # the end record's: "completed", "abandoned" (or "stopped")

    def feed(self, record):
        if type(record) != dict or type(record.get("t")) != str:
            raise LogError("a record must be a JSON object with a text kind \"t\"")
        kind = record["t"]
        if self.header is None:
            if kind != "header":
                raise LogError("the first record must be the header, found %r" % kind)
            self._header(record)
            return
        if kind == "header":
            raise LogError("a second header record; a log has exactly one, on its first line")
        replay_record = self.RECORD_KINDS.get(kind)
        if replay_record is None:
            return
        if self.ended:
            raise LogError("the record %r after the end record" % kind)
        replay_record(self, record)

    def _header(self, record):
        if record.get("fmt") != log.FORMAT:
            raise LogError("not a Deckmate log (fmt is %r)" % record.get("fmt"))
        self._check_version(record)
        if record.get("mode") != self.MODE:
            raise LogError("the header's mode is %r; this reader replays %s" % (
                record.get("mode"), "scorekept games" if self.MODE else "played games"))
        name = record.get("game")
        game_class = self.games(name) if type(name) == str else None
        if game_class is None:
            raise LogError("unknown game %r" % name)
        self.game = self._game_of_options(game_class, record)
        players = record.get("players")
        if type(players) != list or len(players) != self.game.num_players:
            raise LogError("header lists %s players, the game has %d seats" % (
                len(players) if type(players) == list else "no", self.game.num_players))
        for index in range(len(players)):
            _check_player(index, players[index])
        dealer = record.get("first_dealer")
        if not _is_whole(dealer) or not 0 <= dealer < self.game.num_players:
            raise LogError("first_dealer %r is not a seat (0..%d)" % (
                dealer, self.game.num_players - 1))
        self.header = record
        self.match = Match(self.game, dealer)

    def _check_version(self, record):
        if "v" not in record:
            raise LogError("the header has no format version v")
        version = record["v"]
        if not _is_whole(version):
            raise LogError("format version %r is not a whole number (this reader reads v %d)"
                           % (version, log.VERSION))
        if version < 1:
            raise LogError("format version %d does not exist; versions start at 1" % version)
        if version > log.VERSION:
            raise LogError("log format version %d is newer than this reader (%d); upgrade deckmate"
                           % (version, log.VERSION))

    def _game_of_options(self, game_class, record):
        """The Game of the header's options, which must list every option (no defaults)."""
        options = record.get("options")
        if type(options) != dict:
            raise LogError("header options: %s; a log lists the value of every option" % (
                "missing" if options is None else "%r is not an object" % (options,)))
        try:
            game = game_class(options)
        except RulesError as error:
            raise LogError("header options: %s" % error)
        missing = [name for name, value in game.option_items() if name not in options]
        if missing:
            raise LogError("header options: no value for %s; a log lists the value of every "
                           "option" % ", ".join(missing))
        return game

    def _hand_number(self):
        return len(self.match.results) + 1

    def _expect_hand(self, record):
        hand = record.get("hand")
        if not _is_whole(hand) or hand != self._hand_number():
            raise LogError("hand %r out of sequence, expected hand %d" % (
                hand, self._hand_number()))

    def _expect_dealer(self, record):
        dealer = record.get("dealer")
        if not _is_whole(dealer) or dealer != self.match.dealer:
            raise LogError("dealer %r, but the deal passes to seat %d" % (
                dealer, self.match.dealer))

    def _deal(self, record):
        if self.state is not None:
            raise LogError("a new deal while hand %d is still being played" % self._hand_number())
        if self.match.is_over():
            raise LogError("a deal after the match is over")
        self._expect_hand(record)
        self._expect_dealer(record)
        try:
            piles = piles_from_record(self.game, record)
            if self.match.carried is None:
                self.game.check_deal(piles)
            elif piles != self.match.carried:
                raise RulesError("the rules deal the cards carried over from hand %d" % (
                    self._hand_number() - 1))
            self.state = self.match.new_hand(piles)
        except RulesError as error:
            raise LogError("deal: %s" % error)
        self.hand_deal = piles
        self.hand_actions = []

    def _act(self, record):
        # (the checks of _playing inline, as the most frequent record's: a host replays
        # every act of every log it archives)
        state = self.state
        hand = record.get("hand")
        if state is None or type(hand) != int or hand != len(self.match.results) + 1:
            state = self._playing(record)  # (raises, saying which)
        seat = record.get("seat")
        if type(seat) != int:
            raise LogError("seat %r is not a seat number; seats are whole numbers 0..%d" % (
                seat, self.game.num_players - 1))
        if seat != state.current_player():
            rule = state.turn_rule()
            raise LogError("seat %d acts out of turn; seat %d is to act%s" % (
                seat, state.current_player(), " (%s)" % rule if rule else ""))
        text = record.get("a")
        if type(text) != str:
            raise LogError("the action %r is not text" % (text,))
        try:
            action = state.parse_action(text)
        except RulesError as error:
            raise LogError("seat %d: %s" % (seat, error))
        reason = state.illegal_reason(action)
        if reason is not None:
            raise LogError("seat %d: %s is illegal: %s" % (seat, text, reason))
        state.apply(action)
        self.hand_actions.append(action)

    def _undo(self, record):
        """Take back the last `acts` actions of the hand in progress."""
        self._playing(record)
        count = record.get("acts", 1)
        if not _is_whole(count) or not 1 <= count <= len(self.hand_actions):
            raise LogError("undo of %r actions, but hand has %d" % (count, len(self.hand_actions)))
        kept = self.hand_actions[:len(self.hand_actions) - count]
        self.state = self.match.new_hand(self.hand_deal)
        for action in kept:
            self.state.apply(action)
        self.hand_actions = kept

    def _playing(self, record):
        if self.state is None:
            raise LogError("no hand is being played")
        self._expect_hand(record)
        return self.state

    def _result(self, record):
        state = self._playing(record)
        if not state.is_terminal():
            raise LogError("a result while hand %d is still being played (seat %d to act)" % (
                self._hand_number(), state.current_player()))
        self.match.finish_hand(state)  # (the hand counted once: the match keeps its count)
        points, scores = self.match.results[-1]
        _expect_same("points", record.get("points"), points)
        _expect_same("score", record.get("score"), scores)
        self.state = None
        _expect_same("totals", record.get("totals"), self.match.totals)

    def _end(self, record):
        reason = record.get("reason")
        if reason == "completed":
            if self.state is not None or not self.match.is_over():
                raise LogError("the end record says completed, but the match is not over")
            _expect_same("winner", record.get("winner"), self.match.winners())
            _expect_same("hands", record.get("hands"), len(self.match.results))
        elif reason == "abandoned":
            if self.match.is_over():
                raise LogError("the end record says abandoned, but the match is over (its end "
                               "is completed)")
            _expect_same("winner", record.get("winner"), [])
            _expect_same("hands", record.get("hands"), len(self.match.results))
        else:  # (a scorekept log's may be `stopped` too: deckcore/keep_replay.py)
            raise LogError("end reason %r is neither completed nor abandoned" % (reason,))
        self.end_reason = reason
        _expect_same("totals", record.get("totals"), self.match.totals)
        self.ended = True

    # The record kinds this reader replays, and how; the header is handled apart (first line).
    RECORD_KINDS = {"deal": _deal, "act": _act, "undo": _undo, "result": _result, "end": _end}


def _check_player(index, player):
    if type(player) != dict:
        raise LogError("header players: entry %d is not an object" % index)
    seat = player.get("seat")
    if not _is_whole(seat) or seat != index:
        raise LogError("header players: entry %d has seat %r; seats are whole numbers "
                       "counted from 0 in order" % (index, seat))
    if player.get("kind") not in ("human", "bot"):
        raise LogError("header players: seat %d's kind %r is neither human nor bot" % (
            index, player.get("kind")))


def _same(logged, replayed):
    """Equal as JSON values: a logged true is not the number 1, a list is a list."""
    if type(replayed) == tuple:
        replayed = list(replayed)
    if type(logged) != type(replayed):
        return False
    if type(logged) == list:
        if len(logged) != len(replayed):
            return False
        for index in range(len(logged)):
            if not _same(logged[index], replayed[index]):
                return False
        return True
    return logged == replayed


def _expect_same(name, logged, replayed):
    if not _same(logged, replayed):
        raise LogError("logged %s %r, but the rules give %r" % (name, logged, replayed))


# Reading a deal record's piles
def piles_from_record(game, fields):
    """The piles of a `deal` record as card ids (RulesError names a bad pile or token)."""
    piles = {}
    for name in game.DEAL_PILES:
        if name not in fields:
            raise RulesError("the deal has no %r pile" % name)
        if name == "hands":
            hands = _list_of(fields[name], "the hands")
            piles[name] = [_cards(game, cards, "seat %d's hand" % seat)
                           for seat, cards in enumerate(hands)]
        else:
            piles[name] = _cards(game, fields[name], "the " + name)
    return piles


def _list_of(value, what):
    if type(value) != list:
        raise RulesError("%s must be a list, not %r" % (what, value))
    return value


def _cards(game, tokens, what):
    cards = []
    for token in _list_of(tokens, what):
        if type(token) != str:
            raise RulesError("%s holds %r, which is not a card token" % (what, token))
        cards.append(game.parse_card(token))
    return cards
