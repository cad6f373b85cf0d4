"""Logs of the kinds an owner's archive holds, written by the code that writes them for real:
self-played matches (deckcore.selfplay, as `deckmate selfplay`), matches played on the device
by a person against its bots (the device's Session, which writes the bytes the device writes:
a person's undo, a match abandoned, one cut off by a power cut), and a match kept at a table
(deckcore.keep's Keeper, as the device's scorekeeper: an entry undone, one corrected), for the
tests of games, stats, export, plot and report.

    write_logs(folder) -> [(path, date)], oldest first
"""

import os

from deckapp.play.session import BOT, HUMAN, Seat, Session
from deckcore.bots.levels import make
from deckcore.games import load
from deckcore.selfplay import play_match
from test_keep_log import kept_scarto_match

PERSON = "Hélène"
# (game, options, seed, bot levels of the other seats)
TWO = {"players": 2}
DEVICE_MATCHES = (("scioto", TWO, 1, ("easy",)), ("scioto", TWO, 2, ("easy",)),
                  ("scioto", TWO, 3, ("random",)), ("scarto", {}, 4, ("easy", "random")),
                  ("scout", {"players": 3}, 5, ("easy", "easy")), ("scioto", TWO, 6, ("easy",)),
                  ("scioto", TWO, 7, ("easy",)), ("scioto", TWO, 8, ("easy",)),
                  ("scioto", TWO, 10, ("easy",)), ("scioto", TWO, 11, ("easy",)))
DEVICE = "e6614103e72f4a2b"
KEPT_AT_TABLE = (PERSON, "Ann", "Bo")  # the scorekept Scarto match's players
SELFPLAY_MATCHES = (("chambery", {}, 3, ("random",) * 5), ("droggn", {}, 2, ("easy",) * 3),
                    ("scioto", {"players": 3}, 9, ("greedy", "random", "easy")))


def device_log(game, seed, levels, game_id, undo=False, abandon_after=None):
    """The lines of a match of PERSON (seat 0, who plays the first legal action) against bots
    of `levels` on the device's Session; `undo`: she takes her first card back once;
    `abandon_after`: the match is given up after that many hands."""
    seats = [Seat(PERSON, HUMAN)] + [Seat("Bot %d" % (n + 2), BOT, level)
                                     for n, level in enumerate(levels)]
    lines = []
    session = Session(game, seats, seed, lines.append, game_id, DEVICE)
    session.start()
    undone = not undo
    while True:
        if session.state is None:
            if session.is_over():
                break
            if abandon_after is not None and len(session.match.results) >= abandon_after:
                session.abandon()
                break
            session.next_hand()
        if session.person_to_act():
            session.play(session.state.legal_actions()[0])
            if not undone and session.state is not None:
                session.undo()
                undone = True
        else:
            session.play(session.bot_choice())
    return lines


def write_logs(folder):
    os.makedirs(folder, exist_ok=True)
    logs = []
    day = 0
    for number, (name, options, seed, levels) in enumerate(DEVICE_MATCHES, 1):
        game = load(name)(options)
        lines = device_log(game, seed, levels, "game-%d" % number, undo=number == 1,
                           abandon_after=1 if number == 6 else None)
        data = _text(lines)
        if number == 8:  # the power was cut in the middle of a line
            data = data[:len(data) * 2 // 3]
            data = data[:data.rindex("\n") + 12]
        day += 1
        logs.append((_write(folder, "device-game-%d.jsonl" % number, data),
                     "2026-11-%02d 20:%02d" % (day, number)))
    day += 1
    kept = _text(kept_scarto_match(KEPT_AT_TABLE, "game-11", DEVICE)[1])
    logs.append((_write(folder, "device-game-11.jsonl", kept), "2026-11-%02d 19:30" % day))
    for name, options, seed, levels in SELFPLAY_MATCHES:
        game = load(name)(options)
        lines = []
        play_match(game, seed, [make(level, game) for level in levels], lines.append,
                   "selfplay-%d" % seed, "host")
        day += 1
        logs.append((_write(folder, "selfplay-%s-%d.jsonl" % (name, seed), _text(lines)),
                     "2026-11-%02d 21:00" % day))
    return logs


def _text(lines):
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def _write(folder, name, text):
    path = os.path.join(folder, name)
    with open(path, "w", encoding="ascii") as handle:
        handle.write(text)
    return path
