"""A person's choices at one decision, for every game alike, with the cursor.

The cards of the hand form one row: a card is a choice when a legal action plays it (the
action's text ends with the card's text: `7C`, `discard T6`, `lay out T1`); the others are
shown dimmed, and taking one gives the rule that forbids it (`illegal_reason`). Legal
actions that play no card of the hand (`stop`, bids, `buy Fool`) form a menu.
The cursor starts on a legal choice: the first playable card, else the first menu entry.

Where a seat lays down several cards one after another (the tarot games' scart, discard
and the cards given back), the centre key marks them first; once as many are marked as
the step needs, the cursor rests on a menu entry that lays them all down (Y too), and the
core gets them one action each, in hand order. A game whose actions are too many for a list
gives a picker that puts one together from its parts (its show module's `picker`: SCOUT's
Show, Scout and Scout & Show, games/scout_pick.py).

The choices, and the news line after one is played, are in words: the core's action text
is what the logs hold (`two_cards`, `ask T21`, `give 5S`, `KH`); a person reads "two cards",
"buy trump 21", "give back 5♠", "K♥". A game whose action texts do not say a play gives
the words (SCOUT's plays, told from their parts: its show module's `play_words`).
"""

from deckcore.games import SUIT_SYMBOLS, show_of
from deckcore import const

HAND = "hand"
MENU = "menu"
CONFIRM = "confirm"  # the menu entry that lays down the marked cards
_MARKED_PHASES = const(("discard", "give"))
_FACE_RANKS = const(("A", "J", "N", "Q", "K"))


def card_words(token):
    """A card token in a line of text: `5S` as 5♠, `T21` as trump 21; any other word as it
    is."""
    if token[:1] == "T" and token[1:].isdigit():
        return "trump " + token[1:]
    symbol = SUIT_SYMBOLS.get(token[-1:])
    rank = token[:-1]
    if symbol is not None and (rank.isdigit() or rank in _FACE_RANKS):
        return rank + symbol
    return token


def action_words(game, text):
    """An action's text (State.action_text) in the Game `game` as the play screens say it:
    its first word in the game's words where its show module has them (VERBS)."""
    words = [card_words(word) for word in text.replace("_", " ").split(" ")]
    verbs = show_of(game.NAME).VERBS
    if verbs is not None:
        words[0] = verbs.get(words[0], words[0])
    return " ".join(words)


def play_words(state, action):
    """What the news line says of `action`, taken in `state` (before it is applied)."""
    show = show_of(state.game.NAME)
    words = show.play_words(state, action) if show.play_words is not None else None
    return words or action_words(state.game, state.action_text(action))


class Choices:
    def __init__(self, state):
        self.state = state
        game = state.game
        view = state.view(state.current_player())
        self.cards = list(getattr(view, "hand", ()))
        self.card_texts = [game.card_text(card) for card in self.cards]
        self.card_actions = [None] * len(self.cards)
        self.verb = ""  # what precedes a card in this phase's actions ("discard ")
        self.picker = None
        self.marked = []   # indexes of the hand's marked cards, in hand order
        self.to_mark = 0   # cards to mark before they are laid down (0: one is played)
        legal = state.legal_actions()
        show = show_of(game.NAME)
        if show.picker is not None:
            self.picker = show.picker(state, legal)  # None: the legal actions are listed
        if self.picker is not None:  # (SCOUT's hundreds of plays dropped)
            self.menu, self.playable, self.cards_are_choices = [], [], False
            self.focus, self.cursor = MENU, 0
            return
        played = []  # the legal actions that play a card of the hand
        for action in legal:
            text = state.action_text(action)
            last = text.split(" ")[-1]
            index = self._free_card(last)
            if index >= 0:
                self.card_actions[index] = action
                self.verb = text[:len(text) - len(last)]
                played.append(action)
        self.menu = [a for a in legal if a not in played] if played else legal
        self.playable = [text in self._played_texts() for text in self.card_texts]
        self.cards_are_choices = True in self.playable
        if self.cards_are_choices:
            self.focus, self.cursor = HAND, self.playable.index(True)
            if state.phase in _MARKED_PHASES and not self.menu:
                count = cards_laid_in_a_row(state)
                self.to_mark = count if count > 1 else 0
        else:
            self.focus, self.cursor = MENU, 0

    def _free_card(self, text):
        for index in range(len(self.cards)):
            if self.card_texts[index] == text and self.card_actions[index] is None:
                return index
        return -1

    def _played_texts(self):
        return [self.card_texts[i] for i in range(len(self.cards))
                if self.card_actions[i] is not None]

    # Keys ---------------------------------------------------------------------------------
    def key(self, key):
        """Follow a key: (the actions to play in order, None), (None, the rule that refuses
        the choice), or (None, None) when only the cursor or the marks changed."""
        if self.picker is not None:
            return self.picker.key(key)
        if key == "press":
            return self.take()
        if key == "y" and self.menu and self.menu[-1] == CONFIRM:
            return self.marked_actions(), None
        self.move(key)
        return None, None

    def move(self, key):
        """Follow a direction key; True when the cursor moved."""
        before = (self.focus, self.cursor)
        if self.focus == HAND:
            if key == "left" and self.cursor > 0:
                self.cursor -= 1
            elif key == "right" and self.cursor < len(self.cards) - 1:
                self.cursor += 1
            elif key == "up" and self.menu:
                self.focus, self.cursor = MENU, len(self.menu) - 1
        else:
            if key in ("left", "up") and self.cursor > 0:
                self.cursor -= 1
            elif key in ("right", "down") and self.cursor < len(self.menu) - 1:
                self.cursor += 1
            elif key == "down" and self.cards_are_choices:
                self.focus, self.cursor = HAND, self.playable.index(True)
        return before != (self.focus, self.cursor)

    def press_label(self):
        """What the centre key does, for the soft-key bar."""
        if self.picker is not None:
            return "Play" if self.picker.complete() else "Next"
        if self.focus == MENU and self.menu[self.cursor] == CONFIRM:
            return "OK"
        if self.to_mark:
            return "Unmark" if self.cursor in self.marked else "Mark"
        return "Play"

    def menu_text(self, index):
        """A menu entry in words (the marked cards are lifted in the hand, not named)."""
        entry = self.menu[index]
        if entry == CONFIRM:
            verb = action_words(self.state.game, self.verb.strip()) or "lay down"
            return "OK: %s %d cards" % (verb, len(self.marked))
        return action_words(self.state.game, self.state.action_text(entry))

    def highlighted_text(self):
        if self.picker is not None:
            return self.picker.text()
        if self.focus == HAND:
            return action_words(self.state.game, self.verb + self.card_texts[self.cursor])
        return self.menu_text(self.cursor)

    # Taking the highlighted choice -------------------------------------------------------
    def take(self):
        """The centre key: see `key`."""
        if self.picker is not None:
            return self.picker.key("press")
        if self.focus == MENU:
            if self.menu[self.cursor] == CONFIRM:
                return self.marked_actions(), None
            return [self.menu[self.cursor]], None
        if self.to_mark:
            return None, self._mark()
        action = self.card_actions[self.cursor]
        if action is not None:
            return [action], None
        return self._refused(self.verb + self.card_texts[self.cursor])

    def _refused(self, text):
        from deckcore.game import RulesError
        try:
            action = self.state.parse_action(text)
        except RulesError as error:
            return None, str(error)
        reason = self.state.illegal_reason(action)
        if reason is None:  # a twin of a playable card (Scioto's double pack)
            return [action], None
        return None, reason

    # Marking several cards ---------------------------------------------------------------
    def left_to_mark(self):
        return self.to_mark - len(self.marked)

    def marked_actions(self):
        return [self.cards[i] for i in self.marked]

    def _after_marks(self):
        """The state after the marked cards: what is legal next."""
        after = self.state.clone()
        for action in self.marked_actions():
            after.apply(action)
        return after

    def _mark(self):
        """Mark the card under the cursor, or take its mark back; None, or the rule that
        refuses the mark."""
        index = self.cursor
        taken_back = index in self.marked
        if taken_back:
            self.marked.remove(index)
        elif not self.playable[index]:
            if not self.left_to_mark():
                return "%d cards are marked: take one back first" % self.to_mark
            return self._after_marks().illegal_reason(self.cards[index])
        else:
            self.marked.append(index)
            self.marked.sort()
        legal = self._after_marks().legal_actions() if self.left_to_mark() else ()
        self.playable = [i in self.marked or self.cards[i] in legal
                         for i in range(len(self.cards))]
        if not self.left_to_mark():
            self.menu, self.focus, self.cursor = [CONFIRM], MENU, 0
            return None
        self.menu = []
        if taken_back:
            return None
        for step in range(1, len(self.cards) + 1):  # on to the next card that may be marked
            following = (index + step) % len(self.cards)
            if self.playable[following] and following not in self.marked:
                self.cursor = following
                break
        return None


def cards_laid_in_a_row(state):
    """How many cards the seat to act lays down one after another in this phase."""
    seat, phase = state.current_player(), state.phase
    after, count = state.clone(), 0
    while after.phase == phase and after.current_player() == seat:
        after.apply(after.legal_actions()[0])
        count += 1
    return count
