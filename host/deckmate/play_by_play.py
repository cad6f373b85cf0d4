"""A game told as it was played, from its log replayed through the rules core: each hand's
deal, then trick by trick (who played what, who took it) or, in SCOUT, action by action (what
was shown, what was scouted), the other decisions (bids, calls, discards) as they came, and
after each hand the score explained in the device's own words (deckcore.explain).

    story = PlayByPlay(faces=True)       # faces: cards drawn on their face's colour
    replay_file(path, story.on_record)   # story.lines: rich Text lines, in order
"""

from rich.text import Text

from deckcore.explain import hand_lines
from deckcore.game import RulesError
from deckcore.games import hand_word
from deckmate import cards_text
from deckmate.logs import seat_names
from deckmate.wording import counted, does


class PlayByPlay:
    def __init__(self, faces=False):
        self.faces = faces
        self.lines = []
        self.names = []
        self.trick_number = 0
        self.trick = []        # (seat, token) of the trick in progress, as this story saw it
        self.active = []       # SCOUT: the tokens of the active set before the last action
        self.last_trick = []   # (seat, token) of the last trick finished
        self.word = "hand"     # what the game calls a deal of a match (SCOUT: a round)

    def on_record(self, line, record, replay):
        kind = record["t"]
        if kind == "header":
            self._header(record, replay.game)
        elif kind == "deal":
            self._deal(record, replay)
        elif kind == "act":
            self._act(record, replay)
        elif kind == "undo" and replay.MODE:  # a scorekept game: the last hand taken back
            self._say("  (undo: %s %d taken back)" % (self.word, record["hand"]), "italic")
        elif kind == "undo":
            self._say("  (undo: %d action(s) taken back)" % record.get("acts", 1), "italic")
            self._follow(replay.state)
        elif kind in ("entry", "correct"):
            self._entered(record, replay)
        elif kind == "result":
            self._result(record)
        elif kind == "end":
            self._end(record, replay)

    # Records ------------------------------------------------------------------------------
    def _header(self, record, game):
        players = record["players"]
        self.names = seat_names(record)
        self.word = hand_word(game.NAME)
        who = ", ".join("%s (%s)" % (self.names[seat], _kind(players[seat]))
                        for seat in range(len(players)))
        self._say("%s: %s" % (game.TITLE, who), "bold")
        options = ", ".join("%s=%s" % (name, _option_text(value))
                            for name, value in game.option_items())
        self._say("game %s on device %s; options %s" % (
            record.get("game_id"), record.get("device"), options), "dim")

    def _deal(self, record, replay):
        self.lines.append(Text())
        self._say("%s %d: %s" % (self.word.capitalize(), record["hand"],
                                 does(self.names[record["dealer"]], "deals")), "bold")
        width = max(len(name) for name in self.names)
        for seat, tokens in enumerate(record["hands"]):
            self._cards("  %s " % self.names[seat].ljust(width), tokens)
        for pile in replay.game.DEAL_PILES:
            if pile != "hands" and record.get(pile):
                self._cards("  %s " % pile.replace("_", " "), record[pile])
        self.trick_number = 0
        self._follow(replay.state)

    def _act(self, record, replay):
        state, game = replay.state, replay.game
        seat, text = record["seat"], record["a"]
        trick = getattr(state, "trick", None)
        trick_ended = trick is not None and bool(self.trick) and not trick
        if trick is not None and len(trick) > len(self.trick):
            pass  # a card into the trick: told when the trick is complete
        elif trick_ended and _is_card(game, text):
            self.trick.append((seat, text))
            self._trick_done(state)
        elif trick_ended:  # Scioto: the leader declines to re-lead
            self._trick_done(state, does(self.names[seat], "stops"))
        elif game.NAME == "scout":
            self._scout_act(seat, text, state)
        else:
            line = Text("  %s: " % self.names[seat])
            line.append_text(action_text(game, text, self.faces))
            self.lines.append(line)
        self._follow(state)
        if state.is_terminal():
            self.lines.append(Text("  How it was scored:", style="bold"))
            for explained in hand_lines(state, self.names):
                self.lines.append(Text("    " + explained))

    def _entered(self, record, replay):
        """A hand of a scorekept game: what was entered, then its result."""
        number = record["hand"]
        if record["t"] == "entry":
            self.lines.append(Text())
            dealer = self.names[record["dealer"]]
            self._say("%s %d: %s (entered)" % (self.word.capitalize(), number,
                                               does(dealer, "deals")), "bold")
        else:
            self._say("%s %d corrected" % (self.word.capitalize(), number), "bold")
        for name, value in record["e"].items():
            if isinstance(value, list):
                value = ", ".join("%s %s" % (self.names[seat], item)
                                  for seat, item in enumerate(value))
            elif name in ("declarer", "partner", "ended"):
                value = self.names[value]
            self._say("  %s: %s" % (name.replace("_", " "), value))
        self._result(record)

    def _trick_done(self, state, after=None):
        """Print the trick just finished; the rules made its winner the leader."""
        self.trick_number += 1
        line = Text("  trick %d: " % self.trick_number)
        for index, (seat, token) in enumerate(self.trick):
            if index:
                line.append(", ")
            line.append(self.names[seat] + " ")
            line.append_text(cards_text.card(token, self.faces))
        if after:
            line.append("; " + after)
        line.append("  -> %s" % self.names[state.leader], style="bold")
        self.lines.append(line)
        self.last_trick = self.trick
        self.trick = []

    def _scout_act(self, seat, text, state):
        game = state.game
        line = Text("  %s: %s" % (self.names[seat], text))
        if text.startswith("scout") and self.active:
            side = text.split(" ")[1]
            token = self.active[0] if side == "left" else self.active[-1]
            line.append(", takes ")
            line.append_text(cards_text.card(token, self.faces))
        if "show" in text.split(" "):
            line.append(", on the table: ")
            line.append_text(cards_text.cards([game.card_text(card) for card in state.active],
                                              self.faces))
        self.lines.append(line)

    def _result(self, record):
        width = max(len(name) for name in self.names)
        for seat, name in enumerate(self.names):
            self._say("  %s points %4d  score %+5d  total %5d" % (
                name.ljust(width), record["points"][seat], record["score"][seat],
                record["totals"][seat]))

    def _end(self, record, replay):
        self.lines.append(Text())
        totals = ", ".join("%s %d" % (self.names[seat], total)
                           for seat, total in enumerate(record.get("totals") or []))
        if record.get("reason") == "completed":
            winners = replay.match.winners()
            who = " and ".join(self.names[seat] for seat in winners)
            self._say("Match over after %s: %s (%s)" % (
                counted(len(replay.match.results), self.word),
                does(who, "wins") if len(winners) == 1 else who + " win", totals), "bold")
        else:
            self._say("Match abandoned after %s (%s)" % (
                counted(len(replay.match.results), self.word), totals), "bold")

    # Helpers ------------------------------------------------------------------------------
    def _follow(self, state):
        """Remember what the next action is compared with: the trick and the active set."""
        if state is None:
            return
        self.trick = list(zip(getattr(state, "trick_seats", ()),
                              [state.game.card_text(card)
                               for card in getattr(state, "trick", ())]))
        self.active = [state.game.card_text(card) for card in getattr(state, "active", ())]

    def _say(self, text, style=""):
        self.lines.append(Text(text, style=style))

    def _cards(self, label, tokens):
        line = Text(label)
        line.append_text(cards_text.cards(tokens, self.faces))
        self.lines.append(line)


def action_text(game, text, face=False):
    """An action of `game` as told: its card tokens drawn as cards (`call K♠`, `10♠`)."""
    return cards_text.action(text, lambda word: _is_card(game, word), face)


def _is_card(game, word):
    try:
        game.parse_card(word)
        return True
    except (RulesError, ValueError, IndexError):
        return False


def _kind(player):
    if player.get("kind") == "bot":
        return "%s bot" % (player.get("level") or "a")
    return "person"


def _option_text(value):
    if value is True:
        return "on"
    if value is False:
        return "off"
    return str(value)
