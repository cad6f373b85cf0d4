"""Replaying a log through the rules core, record by record, checking every step.

The host uses it to check logs (`deckmate replay --check`); the device uses it to resume the
game in progress after a power cut. Records arrive as parsed JSON objects (dicts); every
problem raises LogError with a sentence that says what is wrong.
"""

from deckcore import log
from deckcore.game import RulesError
from deckcore.match import Match


class LogError(Exception):
    pass


class Replay:
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

    def feed(self, record):
        kind = record.get("t")
        if self.header is None:
            if kind != "header":
                raise LogError("the first record must be the header, found %r" % kind)
            self._header(record)
            return
        if self.ended:
            raise LogError("a %r record after the end record" % kind)
        handler = getattr(self, "_" + str(kind), None)
        if kind == "header" or handler is None:
            return  # unknown record kinds are tolerated (newer writers may add some)
        handler(record)

    def _header(self, record):
        if record.get("fmt") != log.FORMAT:
            raise LogError("not a Deckmate log (fmt is %r)" % record.get("fmt"))
        version = record.get("v")
        if type(version) != int or version > log.VERSION:
            raise LogError("log format version %r is newer than this reader (%d); upgrade deckmate"
                           % (version, log.VERSION))
        name = record.get("game")
        game_class = self.games(name)
        if game_class is None:
            raise LogError("unknown game %r" % name)
        options = record.get("options") or {}
        try:
            self.game = game_class(options)
        except RulesError as error:
            raise LogError("header options: %s" % error)
        players = record.get("players")
        if type(players) != list or len(players) != self.game.num_players:
            raise LogError("header lists %s players, the game has %d seats" % (
                len(players) if type(players) == list else "no", self.game.num_players))
        dealer = record.get("first_dealer")
        if type(dealer) != int or not 0 <= dealer < self.game.num_players:
            raise LogError("first_dealer %r is not a seat" % dealer)
        self.header = record
        self.match = Match(self.game, dealer)

    def _hand_number(self):
        return len(self.match.results) + 1

    def _expect_hand(self, record):
        if record.get("hand") != self._hand_number():
            raise LogError("hand %r out of sequence, expected hand %d" % (
                record.get("hand"), self._hand_number()))

    def _deal(self, record):
        if self.state is not None:
            raise LogError("a new deal while hand %d is still being played" % self._hand_number())
        if self.match.is_over():
            raise LogError("a deal after the match is over")
        self._expect_hand(record)
        if record.get("dealer") != self.match.dealer:
            raise LogError("dealer %r, but the deal passes to seat %d" % (
                record.get("dealer"), self.match.dealer))
        try:
            piles = log.piles_from_record(self.game, record)
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
        state = self._playing(record)
        seat = record.get("seat")
        if seat != state.current_player():
            rule = state.turn_rule()
            raise LogError("seat %r acts out of turn; seat %d is to act%s" % (
                seat, state.current_player(), " (%s)" % rule if rule else ""))
        text = record.get("a")
        if type(text) != str:
            raise LogError("the action %r is not text" % text)
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
        if type(count) != int or not 1 <= count <= len(self.hand_actions):
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
        _expect_same("points", record.get("points"), state.points())
        _expect_same("score", record.get("score"), state.scores())
        self.match.finish_hand(state)
        self.state = None
        _expect_same("totals", record.get("totals"), self.match.totals)

    def _end(self, record):
        reason = record.get("reason")
        if reason == "completed":
            if self.state is not None or not self.match.is_over():
                raise LogError("the end record says completed, but the match is not over")
            _expect_same("winner", record.get("winner"), self.match.winners())
        elif reason != "abandoned":
            raise LogError("end reason %r is neither completed nor abandoned" % reason)
        _expect_same("totals", record.get("totals"), self.match.totals)
        self.ended = True


def _expect_same(name, logged, replayed):
    if logged != replayed:
        raise LogError("logged %s %r, but the rules give %r" % (name, logged, replayed))
