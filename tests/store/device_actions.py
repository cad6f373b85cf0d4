"""What the store tests have a device do, in MicroPython: play a Scioto match with the app's
play code, prune what the PC acknowledged, and check the store after a stop. The killed
process (killed.py) and the simulated board (tests/host/test_store_sim.py) both run these."""

import json

from deckapp.play import stored
from deckapp.play.session import BOT, Seat
from deckcore.games import load
from deckcore.replay import Replay


def play(store, seed=7):
    """Resume the open match, or start one with random bots, and play it to its end,
    printing "decision N" after each decision is stored."""
    session = stored.resume(store)
    if session is None:
        seats = [Seat("Bot 1", BOT, "random"), Seat("Bot 2", BOT, "random")]
        session = stored.start(store, load("scioto")({}), seats, seed, "sim")
    decisions = 0
    while not session.is_over():
        if session.state is None:
            session.next_hand()
        session.play(session.bot_choice())
        session.write.save_rngs(session.bot_rngs)  # (bots only: after every decision)
        decisions += 1
        print("decision", decisions)


def prune(store):
    """Acknowledge every closed log with its SHA-256, as a sync would, then prune."""
    for entry in store.games():
        if entry["state"] == "closed":
            store.acknowledge(entry["id"], entry["sha256"])
    print("pruning")
    store.prune()


def _replays_to_its_end(store, game_id):
    replay = Replay(load)
    for line in store.read_lines(game_id):
        replay.feed(json.loads(line))
    return replay.ended


def check(store):
    """Boot and print one JSON line: the boot's problems and report, the closed logs (id,
    SHA-256, whether it replays to its end), the open game's line count (-1 if none), and
    whether the app resumed it (None if there is none)."""
    report = store.boot()
    closed = [[entry["id"], entry["sha256"], _replays_to_its_end(store, entry["id"])]
              for entry in store.games() if entry["state"] == "closed"]
    open_log = store.open_game()
    lines = len(list(open_log.lines())) if open_log else -1
    resumed = stored.resume(store) is not None if open_log else None
    print(json.dumps({"problems": store.problems, "report": report, "closed": closed,
                      "open_lines": lines, "resumed": resumed}))
