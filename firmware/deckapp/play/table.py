"""The play screen: one hand of any game at the table, for people and bots.

From the top: the other seats (name, cards held, match total; the seat to act marked), what
lies on the table (the trick, SCOUT's active set, or the menu of the decision), one line of
news (whose turn, what a bot played, the rule that forbids a card), and the person's hand.

Keys at a person's turn: the joystick moves the cursor and the centre key takes the
highlighted choice (Choices: also marking several cards, and SCOUT's picker); A undoes the
person's last decision (against bots; cards laid down together are taken back together),
X shows the last trick, B opens the match menu (scores so far, help, abandon).
A bot's turn runs in `step`, within the app's thinking scope (App.think): the bot calls back
between slices of its work, and the app's service reads and answers the keys, the serial link
and a screen opened over the table (the decision is the same either way); the table itself is
drawn again after the decision, its drawing code released while a bot thinks
(deckapp/phases.py). Its play stays on screen for the Settings pace.
With several people at the table, a "pass to NAME" screen hides the hand between them.
"""

import gc
import time

from deckapp import phases
from deckapp.screen import Screen, acts


class TableScreen(Screen):
    def __init__(self, start):
        """The table of the match `start(app)` gives (a Session on flash: the boot's, which
        begins the match a set-up asked for or resumes the open one, deckapp/boot.py and
        deckapp/resume.py), opened by the shell (Screen.opening) once the set-up or resume
        screen has left memory."""
        Screen.__init__(self)
        self.session = None
        self.opening = start
        self.choices = None
        self.news = ""          # one line: the last play, or the rule that refused a choice
        self.refused = False    # the news is a refusal (drawn as a warning)
        self.wait_until = None  # ticks_ms until which a bot's play stays on screen
        self.viewer = 0         # whose hand is shown: the first person's, once started
        self.people = 0         # how many people play, once started
        self.covered = False    # pass-and-play: the hand is hidden until its owner takes it
        self.last_trick = None  # (cards, seats) of the last finished trick
        self.showing_last = False
        self.stalled = False    # the flash refused the log: nothing more is played
        self.laid_together = 1  # the actions of the person's last decision (marked cards)

    @property
    def title(self):
        session = self.session
        if session is None:  # the match could not start or resume (as the menu's entry)
            return "Play"
        # the hand on the table: the one in play, else the last one played (the table stalled
        # before the next was dealt)
        shown = len(session.match.results) + (session.state is not None)
        return "%s %d/%d" % (session.game.TITLE, shown, session.game.deals_in_match())

    def opened(self, start):
        from deckapp.store import StoreError
        try:
            self.session = start(self.app)
        except StoreError as error:  # a full flash, or a log it cannot replay: its fix said
            self.stall(error)
            return
        if self.session.is_over():  # resumed after its last hand (deckapp/resume.py)
            from deckapp.play.summary import MatchSummary
            self.app.pop()
            self.app.open(MatchSummary, self.session)
            return
        if self.session.state is not None and self.session.hand_actions:  # (a resume)
            self.last_trick = last_trick(self.session)  # X shows it after a resume too
        phases.intern_table_drawing(self.session.game.NAME)
        seats = self.session.seats
        people = [seat for seat in range(len(seats)) if seats[seat].is_person()]
        self.viewer = people[0] if people else 0
        self.people = len(people)
        self.changed()

    def shown(self):
        """On top again (a hand's summary or the match menu has left): the modules the
        screens over it loaded go too (the summary's explanations), and the table's own are
        imported again when it is drawn."""
        phases.release_table_drawing()
        Screen.shown(self)

    def softkeys(self):
        if self.session is None:  # the match could not start or resume
            return {"b": "Back"}
        if self.covered:
            return {"press": "I am " + self.session.seats[self.viewer].name}
        keys = {"b": "Menu"}
        if self._persons_turn():
            keys["press"] = self.choices.press_label() if self.choices else "Play"
            if self.session.undo_count() and self.people == 1:
                keys["a"] = "Undo"
        if self.last_trick is not None:
            keys["x"] = "Table" if self.showing_last else "Last"
        return keys

    def _persons_turn(self):
        session = self.session
        return session is not None and session.state is not None and session.person_to_act()

    def stall(self, error):
        """The flash refused the log (a StoreError): its message, which says to sync, stays on
        the news line and nothing more is played; what the log holds resumes after a sync."""
        self.news, self.refused, self.stalled = str(error), True, True
        self.changed()

    # Background work: dealing, bots, the pace --------------------------------------------
    def step(self):
        if self.stalled:
            return False
        session = self.session
        if self.wait_until is not None:
            if time.ticks_diff(self.wait_until, time.ticks_ms()) > 0:
                return True
            self.wait_until = None
        if session.state is None:
            return False  # the summary screen deals the next hand
        if session.person_to_act():
            self._person_turn()
            return False
        action = self.app.think(self, session.bot_choice)
        if self not in self.app.stack:  # the match menu abandoned the match during the think
            return False
        self._commit(action)
        pause = self.app.settings.bot_pause_ms()
        if pause:
            self.wait_until = time.ticks_add(time.ticks_ms(), pause)
        return True

    def _person_turn(self):
        seat = self.session.to_act()
        if self.choices is not None:
            return
        if seat != self.viewer:
            self.viewer = seat
            self.covered = self.people > 1
        gc.collect()  # SCOUT's legal actions come as one list of hundreds
        from deckapp.play.choices import Choices
        self.choices = Choices(self.session.state)
        self.changed()

    def _commit(self, action):
        """Play `action` for the seat to act; after the last one, the hand's summary."""
        session = self.session
        state = session.state
        seat = session.to_act()
        from deckapp.play.choices import play_words
        said = play_words(state, action)
        trick = trick_with(state, action)
        from deckapp.store import StoreError
        try:
            ended = session.play(action)
        except StoreError as error:  # flash full: the message says to sync
            self.stall(error)
            return
        after = session.state if not ended else session.last_hand
        if trick[2] and len(getattr(after, "trick", ())) <= trick[2]:  # the trick was taken
            self.last_trick = trick[:2]
        self.news = "%s: %s" % (session.seats[seat].name, said)
        self.refused = False
        self.choices = None
        self.showing_last = False
        self.changed()
        if ended:
            phases.release_table_drawing()  # the summary needs none of it but its own
            from deckapp.play.summary import HandSummary
            self.app.open(HandSummary, session)

    # Keys ---------------------------------------------------------------------------------
    def key(self, key, kind):
        if not acts(key, kind):
            return
        if self.session is None:  # the match could not start or resume
            if key == "b":
                self.app.pop()
            return
        if self.covered:
            if key == "press":
                self.covered = False
                self.changed()
            return
        if key == "b":
            from deckapp.play.menu import MatchMenu
            self.app.open(MatchMenu, self)
        elif key == "x" and self.last_trick is not None:
            self.showing_last = not self.showing_last
            self.changed()
        elif self.choices is None and not self._persons_turn():
            return
        elif self.choices is None:  # a key read before step() saw the person's turn
            self._person_turn()
            if not self.covered:
                self.key(key, kind)
        elif key == "a" and self.people == 1 and self.session.undo():
            for _ in range(self.laid_together - 1):
                self.session.undo()
            self.laid_together = 1
            self.choices = None
            self.last_trick, self.showing_last = last_trick(self.session), False
            self.news, self.refused = "Undone", False
            self._person_turn()
            self.changed()
        else:
            actions, reason = self.choices.key(key)
            if reason is not None:
                self.news, self.refused = reason, True
            elif actions is not None:
                self.laid_together = len(actions)
                for action in actions:
                    if not self.stalled:
                        self._commit(action)
                return
            else:
                self.refused = False
            self.changed()

    # Drawing ------------------------------------------------------------------------------
    def draw(self, canvas):
        from deckapp.play import layout
        if self.session is None:  # the match could not start or resume
            layout.draw_message(canvas, self.news)
        else:
            layout.draw_table(canvas, self)


def trick_with(state, action):
    """(cards, seats, how many cards lay there) of the trick on the table with `action`
    added, when it is a card from the hand (not Scioto's "stop" after a trick)."""
    seat = state.current_player()
    cards, seats = list(getattr(state, "trick", ())), list(getattr(state, "trick_seats", ()))
    count = len(cards)
    if count and action in state.hands[seat]:
        cards.append(action)
        seats.append(seat)
    return cards, seats, count


def last_trick(session):
    """(cards, seats) of the last trick taken in the hand being played (its actions played
    again from its deal), or None."""
    state, last = session.match.new_hand(session.hand_deal), None
    for action in session.hand_actions:
        trick = trick_with(state, action)
        state.apply(action)
        if trick[2] and len(getattr(state, "trick", ())) <= trick[2]:
            last = trick[:2]
    return last
