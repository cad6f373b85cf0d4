"""A match in progress on the device: the rules core, the bots and the log, without screens.

A Session deals with the core's Rng from a seed exactly as `deckcore.selfplay` does (so a
match with bots in every seat writes the same bytes as `deckmate selfplay`), writes each
committed event as one log line the moment it is final, takes back a person's decision with
the format's `undo` record, and is rebuilt from an open log by replaying it through the core
(deckapp/play/stored.py, `replay`). The screens only ask it questions and hand it decisions.
A writer that keeps what a resume needs (the store's LogWriter, `save_rngs`) is given the
bots' generators wherever a resume may start: at the match's start, and after a bot's action
that leaves a person to act or ends the hand.
"""

from deckcore.residency import Think, Visit
from deckcore.match import Match
from deckcore.rng import Rng

HUMAN = "human"
BOT = "bot"


class Seat:
    """Who sits at a seat: a name, "human" or "bot", and the bot's level (None for people)."""

    def __init__(self, name, kind, level=None):
        self.name = name
        self.kind = kind
        self.level = level if kind == BOT else None

    def is_person(self):
        return self.kind == HUMAN


class Session:
    """One match. `write(line)` stores a log line (the device appends and flushes it)."""

    def __init__(self, game, seats, seed, write, game_id, device):
        self.game = game
        self.seats = seats
        self.seed = seed
        self.write = write
        self.game_id = game_id
        self.device = device
        self.deal_rng = Rng(seed)
        self.first_dealer = self.deal_rng.below(game.num_players)
        self.bot_rngs = [self.deal_rng.fork(seat) for seat in range(game.num_players)]
        self.match = Match(game, self.first_dealer)
        self.state = None          # the hand being played; None between hands
        self.hand_deal = None      # its piles, to replay it after an undo
        self.last_hand = None      # the finished hand, for its summary
        self.hand_actions = []     # the actions of the hand so far, for undo
        self.hand_seats = bytearray()  # the seat that took each (no tuple per action)

    # Starting --------------------------------------------------------------------------
    def intern_bots(self):
        """A bot for each level at the table is made once, and let go: its modules' names
        are interned before the heap is busy (the first decision would otherwise add a pool
        of names on a heap fragmented by the table). `start` does it; a resume does it once
        the replay's code has left memory (deckapp/play/stored.py)."""
        with Think():
            from deckcore.bots.levels import make
            for seat in self.seats:
                if seat.kind == BOT:
                    make(seat.level, self.game)

    def start(self):
        """Write the header and deal the first hand."""
        self.intern_bots()
        players = [(s.name, s.kind, s.level) for s in self.seats]
        self._write("header", self.game, players, self.game_id, self.device, self.first_dealer,
                    [("seed", self.seed)])
        self.next_hand()
        self._save_rngs()

    # The course of the match -----------------------------------------------------------
    def is_over(self):
        return self.state is None and self.match.is_over()

    def next_hand(self):
        """Deal the next hand and write it (after the summary of the last one)."""
        piles = self.match.next_deal(self.deal_rng)
        self._write("deal", self.game, len(self.match.results) + 1, self.match.dealer, piles)
        self.state = self.match.new_hand(piles)
        self.hand_deal = piles
        self.hand_actions = []
        self.hand_seats = bytearray()
        self.last_hand = None

    def to_act(self):
        return self.state.current_player()

    def person_to_act(self):
        return self.seats[self.to_act()].is_person()

    def bot_choice(self, tick=None):
        """The action the bot at the seat to act chooses (not yet played). `tick`, when
        given, is called every few work units of the search, so the caller stays live."""
        seat = self.to_act()
        legal = self.state.legal_actions()  # SCOUT's may be one list of hundreds: made first
        with Think():  # on the device no bot's code takes heap while a person decides
            from deckcore.bots.levels import make
            bot = make(self.seats[seat].level, self.game)
            view = self.state.view(seat)
            if tick is None:
                return bot.choose(view, legal, self.bot_rngs[seat])
            return bot.choose(view, legal, self.bot_rngs[seat], tick)

    def play(self, action):
        """Commit the action of the seat to act (the caller checked `illegal_reason`).
        Returns True when it ended the hand; the result (and the end) is then written."""
        seat = self.to_act()
        self._write("act", len(self.match.results) + 1, seat, self.state.action_text(action))
        self.state.apply(action)
        self.hand_actions.append(action)
        self.hand_seats.append(seat)
        ended = self.state.is_terminal()
        if ended:
            self.finish_hand()
            if self.match.is_over():
                self.end()
        if not self.seats[seat].is_person() and (ended or self.person_to_act()):
            self._save_rngs()
        return ended

    def finish_hand(self):
        """Score the hand the last action ended and write its result line (`play`; a resume,
        when a fault or a power cut came between the hand's last action and its result,
        deckapp/play/stored.py)."""
        state = self.state
        hand = len(self.match.results) + 1
        self.match.finish_hand(state)
        self._write("result", hand, state.points(), state.scores(), list(self.match.totals))
        self.last_hand = state
        self.state = None

    def end(self):
        """Write the end line of the match played to its end, after its last hand's result
        (`play`; a resume, when a fault or a power cut came between the two lines)."""
        self._write("end", "completed", list(self.match.totals), self.match.winners(),
                    len(self.match.results))

    # Undo ------------------------------------------------------------------------------
    def undo_count(self):
        """How many actions an undo takes back: the last person's decision of this hand and
        every bot play after it (0 when no person has decided yet in this hand)."""
        for k in range(len(self.hand_seats) - 1, -1, -1):
            if self.seats[self.hand_seats[k]].is_person():
                return len(self.hand_seats) - k
        return 0

    def undo(self):
        """Take back the last person's decision and what the bots did after it."""
        count = self.undo_count()
        if count == 0:
            return False
        hand = len(self.match.results) + 1
        self._write("record", "undo", [("hand", hand), ("acts", count)])
        kept = len(self.hand_actions) - count
        self.hand_actions, self.hand_seats = self.hand_actions[:kept], self.hand_seats[:kept]
        self.state = self.match.new_hand(self.hand_deal)
        for action in self.hand_actions:
            self.state.apply(action)
        return True

    def abandon(self):
        """Close the log of a match given up before its end; one whose last hand was scored
        (a fault came before its end line) was not given up: it ends completed."""
        if self.is_over():
            return self.end()
        self._write("end", "abandoned", list(self.match.totals), [], len(self.match.results))

    def _save_rngs(self):
        """Where a resume may start: the writer keeps the bots' generators, if it keeps
        anything beside the log."""
        save = getattr(self.write, "save_rngs", None)
        if save is not None:
            save(self.bot_rngs)

    def _write(self, kind, *fields):
        """Write the log line `deckcore.log.<kind>(*fields)` makes. On the device the log
        module is loaded for the line only: it takes no heap while anyone decides."""
        with Visit():
            from deckcore import log
            line = getattr(log, kind)(*fields)
        self.write(line)
