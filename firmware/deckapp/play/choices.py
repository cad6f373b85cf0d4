"""A person's choices at one decision, for every game alike, with the cursor.

The cards of the hand form one row: a card is a choice when a legal action plays it (the
action's text ends with the card's text: `7C`, `discard T6`, `lay out T1`); the others are
shown dimmed, and taking one gives the rule that forbids it (`illegal_reason`). Legal
actions that play no card of the hand (`stop`, bids, `buy Fool`, `show 3-5`) form a menu.
The cursor starts on a legal choice: the first playable card, else the first menu entry.
"""

HAND = "hand"
MENU = "menu"


class Choices:
    def __init__(self, state):
        self.state = state
        game = state.game
        view = state.view(state.current_player())
        self.cards = list(getattr(view, "hand", ()))
        self.card_texts = [game.card_text(card) for card in self.cards]
        self.card_actions = [None] * len(self.cards)
        self.verb = ""  # what precedes a card in this phase's actions ("discard ")
        legal = state.legal_actions()
        played = []  # the legal actions that play a card of the hand
        for action in legal:
            text = state.action_text(action)
            last = text.split(" ")[-1]
            index = self._free_card(last)
            if index >= 0:
                self.card_actions[index] = action
                self.verb = text[:len(text) - len(last)]
                played.append(action)
        # The legal actions that play no card of the hand (their texts made when shown);
        # SCOUT's hundreds are the legal list itself, not a copy.
        self.menu = [a for a in legal if a not in played] if played else legal
        self.playable = [text in self._played_texts() for text in self.card_texts]
        self.cards_are_choices = True in self.playable
        if self.cards_are_choices:
            self.focus, self.cursor = HAND, self.playable.index(True)
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

    # Moving the cursor -------------------------------------------------------------------
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

    def jump(self, delta):
        """To the first entry of the next (delta 1) or previous (-1) group of menu entries,
        a group being the entries of one first word (SCOUT's show, scout, scout+show)."""
        def group(index):
            return self.menu_text(index).split(" ")[0]
        index, last = self.cursor, len(self.menu) - 1
        if delta > 0:
            here = group(index)
            while index < last and group(index) == here:
                index += 1
            if group(index) == here:
                return False
        else:
            while index > 0 and group(index - 1) == group(index):
                index -= 1
            if index == 0:
                return False
            index -= 1
            while index > 0 and group(index - 1) == group(index):
                index -= 1
        self.cursor = index
        return True

    def menu_text(self, index):
        return self.state.action_text(self.menu[index])

    def highlighted_text(self):
        if self.focus == HAND:
            return self.verb + self.card_texts[self.cursor]
        return self.menu_text(self.cursor)

    # Taking the highlighted choice -------------------------------------------------------
    def take(self):
        """(action, None) for a legal choice, or (None, the rule that forbids it)."""
        if self.focus == MENU:
            return self.menu[self.cursor], None
        action = self.card_actions[self.cursor]
        if action is not None:
            return action, None
        return self._refused(self.verb + self.card_texts[self.cursor])

    def _refused(self, text):
        from deckcore.game import RulesError
        try:
            action = self.state.parse_action(text)
        except RulesError as error:
            return None, str(error)
        reason = self.state.illegal_reason(action)
        if reason is None:  # a twin of a playable card (Scioto's double pack)
            return action, None
        return None, reason
