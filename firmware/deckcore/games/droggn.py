"""Droggn (rules.md section 4): Stubai valley tarock, one declarer against two defenders.

A 66-card pack (78 as an option), 21 cards each in sevens and a 3-card talon; one round of
bidding, Ansager < Solo < Super < Slam; the exchange with the talon and, in an Ansager,
buying a card; laying out the Pagat (or, in a Slam, the Gstieß); the Schwacher and retours;
21 tricks in which the Gstieß (the Fool, text `Fool`) excuses from following; counting in
threes to 74, game values and Pagat bonuses. With four at the table the dealer sits out.

In the order of the rules: the game (droggn_game.py: 4.1 the pack and its values, 4.2 the deal
and the dealer's rotation, and 4.7 the scoring, which a scorekept match needs too), then here
the hand (DroggnState: 4.3 bidding, 4.4 the exchange and the purchase, 4.5 laying out and
doubling, 4.6 the play, each rule with the reason it refuses an action), which only a played
match makes. The trick play, the pack, counting and the auction are the tarot family's
(tarot.py).
"""

from deckcore.game import RulesError
import deckcore.games.tarot as tarot
import deckcore.games.droggn_game as droggn_game
from deckcore.games.droggn_game import (
    ANSAGER, CAPTURED, CARD_VERB, CONTRACTS, GUT, LAY_OUT_GSTIESS, LAY_OUT_PAGAT, LIEGE,
    LOST_LAST, NEVER_DISCARDED, NO_BUY, NOT_PLAYED, PAGAT, PASS, PLAYED_EARLY, RETOUR,
    SCHWACHER, SLAM, SOLO, WON_LAST, WORDS, hand_value, pagat_bonus, settlement)
from deckcore.games.tarot import EXCUSE, FOOL, KING, RANK_OF, SUIT_OF, TRUMP


class Droggn(droggn_game.Droggn):
    """The game whose hands are played (droggn_game.Droggn, a scorekept match's, has no
    new_hand)."""

    def new_hand(self, dealer, deal):
        if self.num_players == 4 and deal["hands"][dealer]:
            raise RulesError("section 4.1.1: the dealer sits out and is dealt no cards")
        return DroggnState(self, dealer, deal)


def kings_over_trumps(cards):
    """The Kings among `cards` less the trumps (4.4.2: a King is discarded only with a trump)."""
    balance = 0
    for card in cards:
        if SUIT_OF[card] < TRUMP and RANK_OF[card] == KING:
            balance += 1
        elif SUIT_OF[card] == TRUMP:
            balance -= 1
    return balance



class DroggnState(tarot.TarotState):
    """Phases: "bid", then for Ansager and Solo "discard" (and for an Ansager "offer" and
    "ask", the purchase), "layout", "double", "play", "over"."""

    PLAY_RULE = "section 4.6.2"

    def __init__(self, game, dealer, deal):
        sitting_out = dealer if game.num_players == 4 else -1
        tarot.TarotState.__init__(self, game, dealer, sitting_out)
        if deal is None:
            return  # clone() copies every field
        self.hands = [list(hand) for hand in deal["hands"]]
        self.talon = list(deal["talon"])
        self.auction = tarot.Auction(game.seats_in_play(dealer), SLAM)  # 4.3.1
        self.calls = []           # (seat, bid) in order, public
        self.declarer = -1
        self.contract = PASS
        self.talon_taken = False  # Ansager and Solo: the talon went into the declarer's hand
        self.discard = []
        self.offer = -1           # the card the declarer puts face down for the purchase
        self.bought = -1          # the card bought (handed over face up) and its seller
        self.seller = -1
        self.buy_forfeited = False
        self.laid_out = -1        # PAGAT or FOOL when laid out (4.5.1-2), and by whom
        self.layer = -1
        self.multiplier = 1       # 4.5.4: x2 per Schwacher and retour
        self.speakers = []        # who speaks next in the doubling, in order
        self.first_round = True   # the Schwacher round (then the retours)
        self.pagat_trick = -1     # trick number the Pagat was played to, by whom, who won it
        self.pagat_seat = -1
        self.pagat_winner = -1
        self.stopped = False      # a Slam lost before the last trick: play stops (4.7.5)
        self.phase = "bid"
        self.to_act = self.auction.to_speak()

    # Seats and sides ------------------------------------------------------------------------
    def defenders(self):
        """The defender who plays after the declarer, then the other (4.5.4)."""
        first = self.next_player(self.declarer)
        return [first, self.next_player(first)]

    def side_sign(self, seat):
        return 1 if seat == self.declarer else -1

    # Legal actions ---------------------------------------------------------------------------
    def legal_actions(self):
        phase = self.phase
        if phase == "over":
            return []
        if phase == "bid":
            return self.auction.legal()
        if phase == "discard":
            return [c for c in self.hands[self.declarer] if self._discard_reason(c) is None]
        if phase == "offer":
            extra = [NO_BUY] if self.game.options["invalid_buy"] == "forfeit" else []
            return list(self.hands[self.declarer]) + extra
        if phase == "ask":
            if self.game.options["invalid_buy"] == "forfeit":
                return self.game.pack()
            return sorted(c for c in self.game.pack() if self._ask_reason(c) is None)
        if phase == "layout":
            return self._layout_actions()
        if phase == "double":
            return self._double_actions()
        return self.legal_cards(self.to_act)

    def apply(self, action):
        phase = self.phase
        if phase == "bid":
            self._bid(action)
        elif phase == "discard":
            self._discard(action)
        elif phase == "offer":
            self._offer(action)
        elif phase == "ask":
            self._ask(action)
        elif phase == "layout":
            self._layout(action)
        elif phase == "double":
            self._double(action)
        else:
            self.play_card(action)

    def illegal_reason(self, action):
        """None if `action` is legal now, else the rule it breaks: the check of its phase."""
        phase = self.phase
        if phase == "over":
            return "the hand is over"
        is_card = 0 <= action < tarot.PACK_SIZE
        if phase in ("discard", "offer", "play") and is_card and action not in self.hands[
                self.to_act]:
            return "seat %d does not hold %s" % (self.to_act, tarot.card_text(action))
        if phase == "play" and is_card:  # (legal_cards' check for the one card, no list made)
            return self.play_illegal_reason(action)
        if phase == "discard" and is_card:  # (legal_actions' check for the card held)
            return self._discard_reason(action)
        if action in self.legal_actions():
            return None
        reason = None
        if phase == "bid" and PASS < action <= SLAM:  # the Auction keeps 4.3.3
            reason = ("section 4.3.3: after a bid of %s a player must bid higher or pass"
                      % CONTRACTS[self.auction.high])
        elif phase == "discard":
            reason = self._discard_reason(action)
        elif phase == "ask":
            reason = self._ask_reason(action)
        elif phase == "play" and is_card:
            reason = self.play_illegal_reason(action)
        elif phase in ("layout", "double"):  # _layout_actions and _double_actions keep 4.5
            if action == LAY_OUT_PAGAT:
                reason = ("section 4.5.1: only the holder of the Pagat may lay it out, and only "
                          "one card")
            elif action == LAY_OUT_GSTIESS:
                reason = ("section 4.5.2: only the declarer of a Slam holding the Gstiess may "
                          "lay it out")
            elif action in (SCHWACHER, RETOUR) and not self._doublings_left():
                reason = ("house rule max_doublings: at most %d doublings in a hand"
                          % self.game.options["max_doublings"])
            elif action in (SCHWACHER, RETOUR):
                reason = ("section 4.5.4: the defenders give the Schwacher, then the declarer "
                          "and the defenders retour in turn")
        return reason or self.plain_reason(action)

    def turn_rule(self):
        return {
            "bid": "section 4.3.1: each player speaks once, starting after the dealer",
            "discard": "section 4.4.1: the declarer discards",
            "offer": "section 4.4.3: the declarer buys a card",
            "ask": "section 4.4.3: the declarer buys a card",
            "layout": "section 4.5: the declarer announces first",
            "double": "section 4.5.4: the defender after the declarer speaks first, then in turn",
            "play": "section 4.6.1: the declarer leads, the winner of a trick leads the next",
        }.get(self.phase)

    # 4.3 Bidding ----------------------------------------------------------------------------
    def _bid(self, bid):
        self.calls.append((self.to_act, bid))
        self.auction.speak(bid)
        seat = self.auction.to_speak()
        if seat >= 0:
            self.to_act = seat
            return
        if self.auction.high == PASS:  # 4.2.5: thrown in
            self.phase = "over"
            return
        self.declarer = self.to_act = self.auction.declarer  # 4.3.4
        self.contract = self.auction.high
        if self.contract <= SOLO:  # 4.4.1: take the talon unseen, discard three
            self.hands[self.declarer].extend(self.talon)
            self.hands[self.declarer].sort()
            self.talon_taken = True
            self.phase = "discard"
        else:                      # 4.4.4: the talon stays face down for the declarer
            self.phase = "layout"

    # 4.4 Exchange and buying ----------------------------------------------------------------
    def _discard_reason(self, card):
        """None if `card` may be the next card of the discard (4.4.2), else the rule."""
        hand = self.hands[self.declarer]
        if card not in hand:
            return None
        if card in NEVER_DISCARDED:
            return "section 4.4.2: the Gstiess, XXI and I may not be discarded"
        chosen = self.discard + [card]
        spare = 0  # trumps still in hand that could follow into the discard
        for c in hand:
            if c != card and SUIT_OF[c] == TRUMP and c not in NEVER_DISCARDED:
                spare += 1
        if kings_over_trumps(chosen) > min(3 - len(chosen), spare):
            return "section 4.4.2: a King may be discarded only together with a trump"
        return None

    def _discard(self, card):
        self.hands[self.declarer].remove(card)
        self.discard.append(card)
        if len(self.discard) == 3:
            self.phase = "offer" if self.contract == ANSAGER else "layout"

    def _offer(self, action):
        if action == NO_BUY:        # 4.4.3: forgetting to buy loses the purchase
            self.buy_forfeited = True
            self.phase = "layout"
            return
        self.hands[self.declarer].remove(action)
        self.offer = action
        self.phase = "ask"

    def _ask_reason(self, card):
        """None if the declarer may ask for `card` (4.4.3), else the rule."""
        if card == self.offer or card in self.hands[self.declarer]:
            return "section 4.4.3: the declarer may not ask for a card he holds"
        if card in self.discard:
            return "section 4.4.3: the declarer may not ask for a card he has discarded"
        return None

    def _ask(self, card):
        declarer = self.declarer
        holder = -1
        for seat in range(self.game.num_players):
            if seat != declarer and card in self.hands[seat]:
                holder = seat
        if holder < 0:              # 4.4.3, invalid_buy = forfeit: the purchase is lost
            self.buy_forfeited = True
            self.hands[declarer].append(self.offer)
            self.offer = -1
        else:                       # handed over face up for the face-down card
            self.hands[holder].remove(card)
            self.hands[holder].append(self.offer)
            self.hands[holder].sort()
            self.hands[declarer].append(card)
            self.bought, self.seller = card, holder
        self.hands[declarer].sort()
        self.phase = "layout"

    # 4.5 Announcements and doubling ---------------------------------------------------------
    def _layout_actions(self):
        hand = self.hands[self.declarer]
        actions = [LIEGE]
        if PAGAT in hand:
            actions.append(LAY_OUT_PAGAT)
        if self.contract == SLAM and FOOL in hand:
            actions.append(LAY_OUT_GSTIESS)
        return actions

    def _layout(self, action):
        if action != LIEGE:
            self.laid_out = PAGAT if action == LAY_OUT_PAGAT else FOOL
            self.layer = self.declarer
        self.phase = "double"
        self.speakers = self.defenders()
        self.to_act = self.speakers[0]

    def _may_lay_out_pagat(self, seat):
        """4.5.1: a defender holding the Pagat may lay it out at his turn to speak, unless a
        card is laid out already; not in a Slam, which knows no Pagat scores (4.7.5)."""
        return (seat != self.declarer and self.laid_out < 0 and self.contract != SLAM
                and PAGAT in self.hands[seat])

    def _doublings_left(self):
        """4.5.4 knows no limit; the max_doublings house rule sets one (the multiplier is 2
        to the power of the doublings so far)."""
        cap = self.game.options["max_doublings"]
        return cap == 0 or self.multiplier < 1 << cap

    def _double_actions(self):
        seat = self.to_act
        actions = [GUT]
        if self._doublings_left():
            if seat == self.declarer or not self.first_round:
                actions.append(RETOUR)
            elif self.multiplier == 1:  # one Schwacher; the partner of its giver says gut
                actions.append(SCHWACHER)
        if self._may_lay_out_pagat(seat):
            actions.append(LAY_OUT_PAGAT)
        return actions

    def _double(self, action):
        seat = self.to_act
        if action == LAY_OUT_PAGAT:  # the defender still speaks afterwards
            self.laid_out, self.layer = PAGAT, seat
            return
        if action != GUT:
            self.multiplier *= 2
        if seat == self.declarer:
            self.speakers = self.defenders() if action == RETOUR else []
        else:
            self.speakers.pop(0)
            if action == RETOUR:
                self.speakers = [self.declarer]
            elif not self.speakers and self.first_round and self.multiplier > 1:
                self.speakers = [self.declarer]  # 4.5.4: after a Schwacher, gut or retour
        if seat == self.defenders()[1]:
            self.first_round = False  # the Schwacher round is over; retours follow
        if self.speakers:
            self.to_act = self.speakers[0]
        else:
            self.start_play(self.declarer)  # 4.6.1

    # 4.6 Play -------------------------------------------------------------------------------
    def _must_play_gstiess(self, seat):
        """4.6.6 option (clarification 7.8): the Gstieß among the last two cards goes now;
        a Gstieß laid out in a Slam is meant for the last trick and is exempt."""
        hand = self.hands[seat]
        return (self.game.options["gstiess_last_trick_illegal"] and len(hand) == 2
                and FOOL in hand and self.laid_out != FOOL)

    def legal_cards(self, seat):
        if self._must_play_gstiess(seat):
            return [FOOL]
        cards = tarot.TarotState.legal_cards(self, seat)
        if self.laid_out == PAGAT and self.layer == seat and PAGAT in cards and len(cards) > 1:
            cards.remove(PAGAT)  # 4.6.5 (clarification 7.9: the Gstieß is an alternative)
        return cards

    def play_illegal_reason(self, card):
        """The rule a refused card breaks: 4.6.6 and 4.6.5 (legal_cards), else the tarot
        family's."""
        seat = self.to_act
        if card in self.hands[seat]:
            if self._must_play_gstiess(seat):
                if card != FOOL:
                    return ("section 4.6.6: the Gstiess may not be played to the last trick, "
                            "so seat %d must play it now" % seat)
            elif card == PAGAT and self.laid_out == PAGAT and self.layer == seat \
                    and card not in self.legal_cards(seat):
                return ("section 4.6.5: a laid-out Pagat must not be played while there is a "
                        "legal alternative")
        return tarot.TarotState.play_illegal_reason(self, card)

    def play_card(self, card):
        seat = self.to_act
        number = self.tricks_played
        completes = len(self.trick) + 1 == self.trick_size()
        if card == PAGAT:
            self.pagat_trick, self.pagat_seat = number, seat
            if self.laid_out == PAGAT and number < self.game.tricks - 1:
                # forced out (4.6.5): the holder had no other trump and no Gstieß
                self.voids[seat] |= (1 << TRUMP) | (1 << EXCUSE)
        if (card != FOOL and self.game.options["gstiess_last_trick_illegal"]
                and len(self.hands[seat]) <= 2 and self.laid_out != FOOL):
            self.voids[seat] |= 1 << EXCUSE  # he would have had to play the Gstieß now
        tarot.TarotState.play_card(self, card)
        if completes:
            self._trick_done(number)

    def _trick_done(self, number):
        winner = self.leader
        if self.pagat_trick == number:
            self.pagat_winner = winner
        if self.contract == SLAM and self.phase == "play" and winner != self.declarer:
            self.stopped = True  # 4.7.5: the Slam is lost, play stops
            self.phase = "over"

    def undo_mark(self, card):
        mark = tarot.TarotState.undo_mark(self, card)
        if mark is None:
            return None
        return mark + (self.pagat_trick, self.pagat_seat, self.pagat_winner, self.stopped)

    def undo(self, mark):
        tarot.TarotState.undo(self, mark)
        self.pagat_trick, self.pagat_seat, self.pagat_winner, self.stopped = mark[-4:]

    def trick_winner(self):
        """4.6.4: a Gstieß laid out in a Slam wins the last trick if all others were won."""
        if (self.laid_out == FOOL and FOOL in self.trick
                and self.tricks_played == self.game.tricks - 1
                and self.tricks_won[self.declarer] == self.tricks_played):
            return self.trick.index(FOOL)
        return tarot.TarotState.trick_winner(self)

    # 4.7 Scoring ----------------------------------------------------------------------------
    def side_cards(self, declarers):
        """The cards counted for the declarer's side (True) or the defenders' (4.7.1): tricks
        won, the Gstieß with the side that played it, the discard or an untaken talon; when a
        Slam stopped early, the cards still held count for their holders' sides. Yielded
        from where they lie: the bots' search counts them at every end of a hand it reaches,
        where a list of a side's cards took heap at its peak."""
        for seat in range(self.game.num_players):
            if (seat == self.declarer) == declarers:
                yield from self.piles[seat]
                yield from self.hands[seat]
        if declarers:
            yield from self.discard
            if not self.talon_taken:
                yield from self.talon

    def side_points(self, declarers):
        return tarot.count_in_threes(self.side_cards(declarers), self.game.values)

    def points(self):
        """Per seat the card points of the seat's side (the sitting-out dealer's is the
        defenders'); all 0 after a throw-in."""
        if self.declarer < 0:
            return [0] * self.game.num_players
        mine, theirs = self.side_points(True), self.side_points(False)
        return [mine if seat == self.declarer else theirs
                for seat in range(self.game.num_players)]

    def game_value(self):
        """The declarer's result before any Pagat bonus, doubled as announced (4.7.3-7)."""
        game = self.game
        # Clarification 7.12: a laid-out card must win the last trick of a Slam too. Winning
        # every trick implies it: the declarer always leads, and keeps a laid-out Pagat
        # (4.6.5) to the end; a Gstieß led early loses its trick.
        return hand_value(game, self.contract, self.multiplier, self.side_points(True),
                          self.side_points(False), self.tricks_won[self.declarer] == game.tricks,
                          self.laid_out >= 0, self.leader == self.declarer)

    def pagat_bonus(self):
        """4.7.4, for the declarer: what became of the Pagat, told to pagat_bonus."""
        if self.pagat_trick < 0:
            fate = NOT_PLAYED
        elif self.pagat_trick == self.game.tricks - 1:
            # one card each: the Pagat won the trick if its player did
            fate = WON_LAST if self.pagat_winner == self.pagat_seat else LOST_LAST
        elif self.side_sign(self.pagat_winner) != self.side_sign(self.pagat_seat):
            fate = CAPTURED
        else:
            fate = PLAYED_EARLY
        owner = self.layer if self.laid_out == PAGAT else self.pagat_seat
        return pagat_bonus(self.contract, self.multiplier, self.side_sign(owner), fate,
                           self.laid_out == PAGAT)

    def declarer_result(self):
        """V, what the declarer wins from each other player (4.7.8)."""
        if self.declarer < 0:
            return 0
        return self.game_value() + self.pagat_bonus()

    def scores(self):
        return settlement(self.game.num_players, self.declarer, self.declarer_result())

    # Text, views, copies ----------------------------------------------------------------------
    def action_text(self, action):
        if self.phase == "bid":
            return CONTRACTS[action]
        if NO_BUY <= action <= RETOUR:
            return WORDS[action - NO_BUY]
        return (self._card_verb() or "") + tarot.card_text(action)

    def parse_action(self, text):
        if self.phase == "bid":
            for bid in range(len(CONTRACTS)):
                if CONTRACTS[bid] == text:
                    return bid
            raise RulesError("%r is not a call; the calls are %s" % (text, ", ".join(CONTRACTS)))
        if text in WORDS:
            return NO_BUY + WORDS.index(text)
        verb = self._card_verb()
        if verb is not None and text.startswith(verb):
            return self.game.parse_card(text[len(verb):])
        raise RulesError("%r is not an action of the %s phase" % (text, self.phase))

    def _card_verb(self):
        """The words before a card in an action's text in this phase; None if no card is
        played, discarded, offered or asked for in it."""
        for phase, verb in CARD_VERB:
            if phase == self.phase:
                return verb
        return None

    def view(self, seat):
        return DroggnView(self, seat)

    def talon_visible(self, seat):
        """4.4.1: the declarer sees the talon he takes; everyone in an exposed Ansager; the
        talon of a Super is seen by no one until the end (4.4.4)."""
        if self.phase == "over":
            return True
        if not self.talon_taken:
            return False
        return seat == self.declarer or (self.contract == ANSAGER and
                                         self.game.options["expose_talon_in_ansager"])

    @staticmethod
    def copy_public(target, source, shared=False):
        """The play, the auction, the purchase, what was laid out and the doubling."""
        tarot.TarotState.copy_public(target, source, shared)
        target.auction = source.auction.copy()
        target.calls = list(source.calls)
        target.declarer = source.declarer
        target.contract = source.contract
        target.talon_taken = source.talon_taken
        target.bought = source.bought
        target.seller = source.seller
        target.buy_forfeited = source.buy_forfeited
        target.laid_out = source.laid_out
        target.layer = source.layer
        target.multiplier = source.multiplier
        target.speakers = list(source.speakers)
        target.first_round = source.first_round
        target.pagat_trick = source.pagat_trick
        target.pagat_seat = source.pagat_seat
        target.pagat_winner = source.pagat_winner
        target.stopped = source.stopped

    @staticmethod
    def copy_hidden(target, source):
        tarot.TarotState.copy_hidden(target, source)
        target.talon = list(source.talon)
        target.discard = list(source.discard)
        target.offer = source.offer

    def blank(self):
        return DroggnState(self.game, self.dealer, None)


class DroggnView(tarot.TarotView):
    """A seat's view: the public hand plus the talon, discard and offered card when this
    seat may see them (None when not)."""

    def __init__(self, state, seat):
        tarot.TarotView.__init__(self, state, seat)
        self.talon = list(state.talon) if state.talon_visible(seat) else None
        self.discard_size = len(state.discard)
        sees_secrets = state.phase == "over" or seat == state.declarer
        self.discard = list(state.discard) if sees_secrets else None
        knows_offer = sees_secrets or (seat == state.seller and state.seller >= 0)
        self.offer = state.offer if knows_offer else None
        self.offer_pending = state.phase == "ask"
        # cards seen face up or handed over: a laid-out card, the bought card, the offer
        self.known = [c for c in (state.laid_out, state.bought, self.offer)
                      if c is not None and c >= 0]

    def visible_cards(self):
        cards = tarot.TarotView.visible_cards(self) + self.known
        cards.extend(self.talon or ())
        cards.extend(self.discard or ())
        return cards


GAME_CLASS = Droggn  # (deckcore.games.load)
