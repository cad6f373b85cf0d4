"""A Session kept on flash through the log store: started, written and resumed.

The log itself is the game; beside it the session's LogWriter keeps the bots' generators
where a resume may start (the store's state file RNGS), which a resume puts back.
"""

import json
import sys

from deckapp import phases
from deckapp.play.session import Seat, Session
from deckapp.store import RNGS, LogWriter


def start(store, game, seats, seed, device):
    """A new match with its log on flash (StoreFull when there is no room for it)."""
    game_id = store.new_game_id()
    session = Session(game, seats, seed, LogWriter(store, game_id), game_id, device)
    session.start()
    return session


def new_match(game_name, options, seats, seed):
    """A new match as plain values (kept on flash over the reset by App.start_after_reset;
    the boot's table begins it, deckapp/boot.py)."""
    return {"game": game_name, "options": options, "seed": seed,
            "players": [[seat.name, seat.kind, seat.level] for seat in seats]}


def begin(store, match, device):
    """The match `match` (new_match) started with its log on flash."""
    from deckcore.games import load
    game = load(match["game"])(match["options"])
    return start(store, game, [Seat(*player) for player in match["players"]], match["seed"],
                 device)


def restore_rngs(session, states):
    if len(states) == len(session.bot_rngs):
        for seat in range(len(states)):
            session.bot_rngs[seat].state = states[seat]


def replay(games, records, write):
    """The Session of an open log, at exactly the position its records reach.

    `records` are the parsed records of the log (a cut-off last line already left out);
    `games(name)` gives a Game class (deckcore.games.load). The bots' generators are where
    the deals put them; `restore_rngs` puts them where the saved state says."""
    from deckcore.replay import Replay
    replayed = Replay(games)
    deals_made = []  # (dealer) of each hand dealt afresh, to bring the deal Rng along
    for record in records:
        if record.get("t") == "deal" and replayed.match is not None \
                and replayed.match.carried is None:
            deals_made.append(record.get("dealer"))
        replayed.feed(record)
    header = replayed.header
    seats = [Seat(p["name"], p["kind"], p["level"]) for p in header["players"]]
    session = Session(replayed.game, seats, header.get("seed", 0), write,
                      header["game_id"], header["device"])
    for dealer in deals_made:
        replayed.game.deal(session.deal_rng, dealer)
    # Replay's match is None only before the header: here there is one
    session.match = replayed.match  # pyright: ignore[reportAttributeAccessIssue]
    session.state = replayed.state
    session.hand_deal = replayed.hand_deal
    actions = list(replayed.hand_actions) if replayed.state is not None else []  # between hands
    session.hand_actions = actions
    state = session.match.new_hand(replayed.hand_deal)  # who took the hand's actions
    for action in actions:
        session.hand_seats.append(state.current_player())
        state.apply(action)
    return session


def resumed(app):
    """The table's Session when the resume offer opens it (deckapp/resume.py): the match open
    on flash, at the position its log reached (`resume`), or None. If the fault or the power
    cut came between two hands, the next is dealt; if it came after the last hand's result,
    before the end line, the end line is written (the table then gives way to the match's
    summary)."""
    session = resume(app.store)
    if session is not None and session.state is None:
        if session.is_over():
            session.end()
        else:
            session.next_hand()
    return session


def resume(store):
    """The match whose log is open (the boot's offer has read it: deckapp/resume.py), at the
    position it reached, or None. The log is replayed record by record, never held whole in
    memory. A hand whose last action was written but not its result (a fault or a power cut
    between the two lines) is scored: its result is written, as the play would have. A log
    that cannot be replayed (damaged, or not a match's) raises StoreError, which says that
    the offer's X closes it as it is (deckapp/unresumable.py): nothing of it is lost."""
    from deckcore.games import load
    from deckcore.replay import LogError
    game_log = store.open_game()
    if game_log is None:
        return None
    replay_loaded = "deckcore.replay" in sys.modules
    records = (json.loads(line) for line in game_log.lines() if line.strip())
    try:
        session = replay(load, records, LogWriter(store, game_log.game_id, game_log))
    except (LogError, ValueError) as error:  # (ValueError: a line that is not JSON)
        from deckapp.unresumable import unresumable
        raise unresumable(store, game_log.game_id, error)
    if not replay_loaded:
        phases.resumed()  # 8 KB of code the match needs no more
    session.intern_bots()  # (not with the replay's code loaded: the resume's peak)
    saved = store.load_state(RNGS, {})
    if saved.get("game_id") == session.game_id:
        restore_rngs(session, saved.get("rngs", []))
    if session.state is not None and session.state.is_terminal():  # cut off before its result
        session.finish_hand()
    return session
