"""A Session kept on flash through the log store: started, written and resumed.

The log itself is the game; beside it the state file `play` holds the bots' generators
after their last decision, so that a resumed match goes on exactly as it would have (without
it the position is the same, only the bots' later draws differ).
"""

import json
import sys

from deckapp.play.session import Session

STATE = "play"


def _writer(store, game_id, game_log=None):
    """`write(line)` for a Session: the header starts the game's log, the end line closes it
    (a closure: it stays with the Session while this module is released)."""
    def write(line):
        nonlocal game_log
        if game_log is None:
            game_log = store.start_game(game_id, line)
        else:
            game_log.append(line)
        if line.startswith('{"t":"end"'):
            game_log.close()
    return write


def start(store, game, seats, seed, device):
    """A new match with its log on flash (StoreFull when there is no room for it)."""
    game_id = store.new_game_id()
    session = Session(game, seats, seed, _writer(store, game_id), game_id, device)
    session.start()
    save_rngs(store, session)
    return session


def save_rngs(store, session):
    """After a bot's decision: where the bots' generators are."""
    store.save_state(STATE, {"game_id": session.game_id, "rngs": session.rng_states()})


def open_match(store):
    """What the boot screen says of the open match, read without replaying it: (header,
    hands finished), or None when no match is open. A log the power cut off after its end
    line, before it was closed, is closed here."""
    game_log = store.open_game()
    if game_log is None:
        return None
    header, finished, last = None, 0, ""
    for line in game_log.lines():
        if header is None:
            header = json.loads(line)
        finished += line.startswith('{"t":"result"')
        last = line
    if last.startswith('{"t":"end"'):
        game_log.close()
        return None
    return None if header is None else (header, finished)


def resume(store):
    """The match whose log is open, at the position it reached, or None. The log is read
    twice (a look, then a replay record by record), never held whole in memory."""
    from deckapp import unload
    from deckcore.games import load
    if open_match(store) is None:
        return None
    replay_loaded = "deckcore.replay" in sys.modules
    game_log = store.open_game()
    records = (json.loads(line) for line in game_log.lines() if line.strip())
    session = Session.resume(load, records, _writer(store, game_log.game_id, game_log))
    if not replay_loaded:
        unload("deckcore.replay")  # 8 KB of code the match needs no more
    saved = store.load_state(STATE, {})
    if saved.get("game_id") == session.game_id:
        session.restore_rngs(saved.get("rngs", []))
    return session
