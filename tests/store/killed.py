"""The store in a MicroPython process that is killed (SIGKILL) in the middle of its work, on
a flash image in a host file as the simulator keeps it. Run by tests/host/test_store_killed.py.

Usage: micropython killed.py CORE_DIR FIRMWARE_DIR IMAGE ACTION [STOP_AT]

ACTION is one of
- `format`: a fresh filesystem on the image;
- `play`: boot the store, then resume the open match (deckapp.play.stored) or start a new
  Scioto match with random bots, and play it to its end;
- `prune`: acknowledge every closed log with its SHA-256 and prune;
- `check`: boot and print one JSON line: the boot's problems, the closed logs (id, SHA-256,
  whether it replays to its end), the open game's line count (-1 if none), and whether the
  app resumed it.
With STOP_AT, the process stops at that flash operation and waits for the kill; the number of
operations done is printed at the end otherwise."""

import json
import sys

sys.path[1:1] = sys.argv[1:3]

from deckapp.play import stored
from deckapp.play.session import BOT, Seat
from deckapp.store import Store
from deckcore.games import load
from deckcore.replay import Replay
from flash import FileFlash, format_and_mount, mount

image, action = sys.argv[3], sys.argv[4]
flash = FileFlash(image, int(sys.argv[5]) if len(sys.argv) > 5 else None)


def play(store):
    session = stored.resume(store)
    if session is None:
        game = load("scioto")({})
        seats = [Seat("Bot 1", BOT, "random"), Seat("Bot 2", BOT, "random")]
        session = stored.start(store, game, seats, 7, "sim")
    while not session.is_over():
        if session.state is None:
            session.next_hand()
        session.play(session.bot_choice())
        stored.save_rngs(store, session)


def prune(store):
    for entry in store.games():
        if entry["state"] == "closed":
            store.acknowledge(entry["id"], entry["sha256"])
    store.prune()


def replays_to_its_end(store, game_id):
    replay = Replay(load)
    for line in store.read_lines(game_id):
        replay.feed(json.loads(line))
    return replay.ended


def check(store):
    report = store.boot()
    closed = [[entry["id"], entry["sha256"], replays_to_its_end(store, entry["id"])]
              for entry in store.games() if entry["state"] == "closed"]
    open_log = store.open_game()
    lines = len(list(open_log.lines())) if open_log else -1
    resumed = stored.resume(store) is not None if open_log else None
    print(json.dumps({"problems": store.problems, "report": report, "closed": closed,
                      "open_lines": lines, "resumed": resumed}))


if action == "format":
    format_and_mount(flash)
else:
    mount(flash)
    store = Store("/flash", reserve_bytes=0)
    if action == "check":
        check(store)
    else:
        store.boot()
        if action == "play":
            play(store)
        else:
            prune(store)
        print("operations", flash.operations)
