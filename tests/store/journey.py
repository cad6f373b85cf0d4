"""One thing a user does with the device, run in MicroPython with the app's own store, play
and keep-score code on a simulated board's flash image (a host file). Run by
tests/host/test_journeys.py; with STOP_AT the power goes at that flash operation (the
process prints "stopping" and waits for the kill), otherwise it prints "done".

Usage: micropython journey.py CORE_DIR FIRMWARE_DIR IMAGE STOP_AT DEVICE ACTION [ARGS]

    play GAME SEED DECISIONS  go on with the played match in progress, or start one of GAME
                          dealt from SEED (bots only), for DECISIONS decisions (-1: to its end)
    abandon               abandon the played match in progress (as the device's Abandon does)
    keep HANDS END        go on with the scorekept Scarto match in progress, or begin one, enter
                          HANDS hands, then END: `open` (leave it), `completed` (enter hands to
                          its end, close it), `stop` (what the device's Stop writes), `abandon`
A match of the other kind in progress is first abandoned, as on the start-up's offer."""

import json
import sys

sys.path[1:1] = sys.argv[1:3]

from deckapp.keep import stored as kept_stored
from deckapp.play import stored
from deckapp.play.session import BOT, Seat
from deckapp.store import Store
from deckcore.games import load
from deckcore.keep import refusal
from flash import FileFlash, mount

NAMES = ["Ann", "Bea", "Cy"]


def open_kind(store):
    """"kept", "played" or None: the kind of the match in progress."""
    game_log = store.open_game()
    if game_log is None:
        return None
    for line in game_log.lines():
        return "kept" if kept_stored.is_kept(json.loads(line)) else "played"
    return None


def leave_other(store, kind):
    """Abandon a match in progress that is not of `kind`."""
    other = open_kind(store)
    if other == "played" and kind != "played":
        session = stored.resume(store)
        if session is not None:
            session.abandon()
    elif other == "kept" and kind != "kept":
        kept_stored.resume(store).close("abandoned")


def play(store, device, game_name, seed, decisions):
    leave_other(store, "played")
    session = stored.resume(store)
    if session is None:
        game = load(game_name)({})
        seats = [Seat("Bot %d" % (seat + 1), BOT, "random") for seat in range(game.num_players)]
        session = stored.start(store, game, seats, seed, device)
    while decisions != 0 and not session.is_over():
        if session.state is None:
            session.next_hand()
        session.play(session.bot_choice())
        session.write.save_rngs(session.bot_rngs)
        decisions -= 1


def abandon(store):
    if open_kind(store) == "played":
        session = stored.resume(store)
        if session is not None and not session.is_over():
            session.abandon()


def hand(kept, number):
    """The points of a Scarto hand, varied by `number`, that the form accepts."""
    dealer = kept.match.dealer
    points = [(number * 7 + seat * 11) % 40 for seat in range(3)]
    points[dealer] = max(points[dealer], 1)
    points[2] = 78 - points[0] - points[1]
    entry = {"points": points}
    if points[2] < 0 or refusal(kept.game, dealer, entry) is not None:
        entry = {"points": [26, 26, 26]}
    return entry


def keep(store, device, hands, end):
    leave_other(store, "kept")
    kept = kept_stored.resume(store)
    if kept is None:
        kept = kept_stored.begin(store, kept_stored.new_match("scarto", {}, NAMES, 0), device)
    while (hands > 0 or end == "completed") and not kept.match.is_over():
        kept.add(hand(kept, len(kept.keeper.hands) + hands))
        hands -= 1
    if end == "completed" and kept.match.is_over():
        kept.close("completed")
    elif end in ("stop", "abandon"):  # X Stop on the totals screen, Abandon on the offer
        kept.close("stopped" if end == "stop" else "abandoned")


image, stop_at, device, action = sys.argv[3], int(sys.argv[4]), sys.argv[5], sys.argv[6]
flash = FileFlash(image, stop_at if stop_at >= 0 else None)
mount(flash)
store = Store("/flash", reserve_bytes=0)
store.boot()
words = sys.argv[7:]
if action == "play":
    play(store, device, words[0], int(words[1]), int(words[2]))
elif action == "abandon":
    abandon(store)
elif action == "keep":
    keep(store, device, int(words[0]), words[1])
print("done")
