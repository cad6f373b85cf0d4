"""Match bookkeeping beside the single hand: deals, dealer rotation, totals, end, winner."""


class Match:
    def __init__(self, game, first_dealer):
        self.game = game
        self.first_dealer = first_dealer
        self.dealer = first_dealer
        self.results = []  # one (points, scores) pair per finished hand
        self.totals = [0] * game.num_players
        self.carried = None  # the next hand's deal when the last hand fixed it (carried_deal)

    def new_hand(self, deal):
        return self.game.new_hand(self.dealer, deal)

    def finish_hand(self, state):
        """Record a finished hand and pass the deal on as the game's rules say."""
        self.record(state)
        self.carried = self.game.carried_deal(state)

    def record(self, hand):
        """Add a hand's points and scores and pass the deal on: `hand` is a finished State
        or a hand entered at a table that plays with real cards (deckcore.keep.EnteredHand,
        which has what next_dealer reads of a State)."""
        scores = hand.scores()
        self.results.append((hand.points(), scores))
        for seat in range(self.game.num_players):
            self.totals[seat] += scores[seat]
        self.dealer = self.game.next_dealer(self.dealer, hand)

    def next_deal(self, rng):
        """The piles of the next hand: carried over from the last hand, or dealt afresh."""
        if self.carried is not None:
            return self.carried
        return self.game.deal(rng, self.dealer)

    def is_over(self):
        return self.game.match_over(self)

    def winners(self):
        return self.game.match_winners(self)
