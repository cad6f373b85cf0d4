"""The Game/State API that every game of the core follows (after OpenSpiel's spiel.h).

A `Game` is an immutable description: a name, resolved options and the number of players.
It deals (`deal`) and starts a hand from a deal (`new_hand`). A `State` is one hand in
progress: explicit phases, the seat to act, the legal actions, `apply`, the result, and a
per-seat `view` that holds only what that seat may see. Match bookkeeping (dealer rotation,
totals, end, winner) lives in `match.py`; the game only answers the questions it asks.

Actions are small integers; each game gives them a stable text form (`action_text`,
`parse_action`) that logs and the UI use.
"""

from deckcore import RulesError
from deckcore.residency import Visit

TERMINAL = -1


class Game:
    """Subclasses set NAME and TITLE and implement:

        deal(rng, dealer)        a new deal: a dict of piles named in DEAL_PILES (`hands` is
                                 a list of per-seat card lists)
        new_hand(dealer, deal)   the State of a hand that starts from `deal`
        pack()                   every card id of the pack, once each
        card_text(card)          a card's token; parse_card(text) the card id of a token
                                 (RulesError for one that is not in the pack)

    (Abstract methods that nothing here calls are listed in the docstrings, not defined to
    raise: on the device every function costs heap.) A game's options are
    declared in games/<NAME>_options.py, which its `declared_options()` imports and the
    set-up reads without the rules (deckcore.games.options.options_of); a match does not keep them
    loaded."""

    NAME = ""
    TITLE = ""

    def __init__(self, options=None):
        items = self.resolve(options or {})
        self.options = dict(items)  # final: never changed after this
        self.option_names = tuple(name for name, _ in items)  # in declaration order
        self.num_players = 0  # set by the subclass from its options

    @staticmethod
    def declared_options():
        """The game's options module (games/<NAME>_options.py: NAME, OPTIONS and an optional
        `settle`), which the game imports here only, for `resolve`."""
        raise NotImplementedError

    @classmethod
    def resolve(cls, given):
        """The final options for `given` (name: value) as (name, value) pairs in declaration
        order: unknown names refused, each value checked, the defaults filled in, then the
        game's `settle` step (in its options module). Raises RulesError."""
        with Visit():
            from deckcore.checks import resolve
            declared = cls.declared_options()
            resolved = resolve(declared, given)
            return [(option.name, resolved[option.name]) for option in declared.OPTIONS]

    def option_items(self):
        """The resolved options as (name, value) pairs in declaration order (for logs)."""
        return [(name, self.options[name]) for name in self.option_names]

    # Dealing and hands -------------------------------------------------------------------
    DEAL_PILES = ("hands",)  # names of the piles of a deal, in log order

    def check_deal(self, piles):
        """Raise RulesError unless `piles` deal out exactly the pack in piles of the right sizes
        (a logged deal is checked with this before it is replayed)."""
        with Visit():
            from deckcore.checks import check_deal
            check_deal(self, piles)

    def carried_deal(self, state):
        """The deal of the next hand when the rules carry it over from the finished hand
        `state` (SCOUT, 2 players: round 2 deals the cards set aside in round 1), else None."""
        return None

    # Match rules (defaults: the deal passes to the next seat, a fixed number of deals) ----
    def next_dealer(self, dealer, state):
        """Who deals after the hand `state` that `dealer` dealt; state None: before the hand
        is played, -1 if the hand decides (Droggn's declarer deals next)."""
        return (dealer + 1) % self.num_players

    def deals_in_match(self):
        return self.num_players

    def match_over(self, match):
        return len(match.results) >= self.deals_in_match()

    def match_winners(self, match):
        """Seats with the highest total."""
        best = max(match.totals)
        return [seat for seat in range(self.num_players) if match.totals[seat] == best]

    def match_losers(self, match):
        """The seats that lose the match where the rules name losers (Scarto, 2.4.5), else
        None: the match names its winners."""
        return None

    def target_points(self):
        """The total that ends the match when a seat reaches it (Scioto's target), or 0: the
        match is a number of deals."""
        return 0


class State:
    """One hand. Subclasses keep `phase` up to date and implement the four methods below
    that raise, and:

        apply(action)            apply a legal action (callers check `illegal_reason` first)
        points(), scores()       per seat: the points counted in the hand (card points, for
                                 the trick games) and the score added to the match totals
        view(seat)               what `seat` may see (a View); bots receive only this
        parse_action(text)       the action whose text is `text` (action_text) for the seat
                                 to act; RulesError if none
        undo(mark)               where undo_mark gives marks: take back the action applied
                                 since `undo_mark` gave `mark`

    A hand's fields are of two sorts. The public ones every seat sees (the phase, whose turn
    it is, the cards played): `copy_public` copies them, from a State or a view to a State
    or a view, which hold them under the same names; `clone`, the game's view and its
    `determinize` all use it. The hidden ones (hands, stock, secrets) only `clone` copies,
    with `copy_hidden`. A game's State extends both (they are the one list of its fields).
    They assign field by field rather than loop over names: `clone` runs at every node of a
    bot's search, and such a loop cost a third more think time under MicroPython.

    A refused action's reason comes from the rules that refuse it: a game's State overrides
    `illegal_reason` with the checks its `legal_actions` makes, each giving the rule's
    section, and `turn_rule` with the rule that says whose turn it is."""

    def __init__(self, game, dealer):
        self.game = game
        self.dealer = dealer
        self.phase = ""

    @staticmethod
    def copy_public(target, source):
        """Give `target` its own copy of the fields every seat sees of `source`."""
        target.phase = source.phase

    @staticmethod
    def copy_hidden(target, source):
        """Give `target` its own copy of the other fields of `source`, a State."""

    def clone(self):
        """A copy of the hand that shares nothing that play changes."""
        other = self.blank()
        self.copy_public(other, self)
        self.copy_hidden(other, self)
        return other

    def blank(self):
        """A State of the same game and dealer whose fields `clone` fills in."""
        raise NotImplementedError

    def current_player(self):
        """The seat to act, or TERMINAL when the hand is over."""
        raise NotImplementedError

    def legal_actions(self):
        """The distinct legal actions, in a fixed order; never empty while the hand runs."""
        raise NotImplementedError

    def action_text(self, action):
        raise NotImplementedError

    def undo_mark(self, action):
        """What `undo` needs to take back `action` applied next, or None when this State
        cannot take it back (the bots' search then applies it to a `clone`)."""
        return None

    def is_terminal(self):
        return self.current_player() == TERMINAL

    def illegal_reason(self, action):
        """None if `action` is legal now, else a sentence naming the rule it breaks (a game's
        State says more), else `plain_reason`."""
        if not self.is_terminal() and action in self.legal_actions():
            return None
        return self.plain_reason(action)

    def plain_reason(self, action):
        """Why an illegal `action` is refused, where no rule of the game says more."""
        if self.is_terminal():
            return "the hand is over"
        return "%s is not a legal action in the %s phase" % (self.action_text(action), self.phase)

    def turn_rule(self):
        """The rule that makes it this seat's turn, for messages about a seat acting out of
        turn (e.g. "section 3.4.2: one round of bidding from the dealer's right"), or None."""
        return None


class View:
    """What one seat may see of a hand: the game, the seat, the dealer and the State's public
    fields (`copy_public`). A game's view adds what this seat alone sees (its own hand, a
    secret pile it laid down) and the sizes of what it does not, and implements
    visible_cards(): every card this seat can see, for the tests that check that no secret
    leaks."""

    def __init__(self, state, seat):
        self.game = state.game
        self.seat = seat
        self.dealer = state.dealer
        state.copy_public(self, state)
