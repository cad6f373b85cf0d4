"""The device's match session (firmware/deckapp/play/session.py) without screens: the log it
writes, undo, and resume from an open log."""

import json
import os
import shutil
from types import SimpleNamespace

import pytest

from deckapp.play import stored
from deckapp.play.session import BOT, HUMAN, Seat, Session
from deckapp.store import RNGS, LogWriter, Store
from deckcore.games import load
from deckcore.replay import Replay
from helpers import deckmate, selfplay


def bot_seats(game, level):
    return [Seat("Bot %d" % (seat + 1), BOT, level) for seat in range(game.num_players)]


def run_bots(session, until_person=False):
    """Let the bots play until the match ends (or a person is to act)."""
    while not session.is_over():
        if session.state is None:
            session.next_hand()
        if until_person and session.person_to_act():
            return
        session.play(session.bot_choice())


def records(lines):
    return [json.loads(line) for line in "".join(lines).splitlines()]


@pytest.mark.parametrize("name, options", [
    ("scioto", {"players": 3, "compounding": True}),
    ("scout", {"players": 2}),
    ("droggn", {"deals": 2}),
])
def test_bots_only_match_writes_the_bytes_of_selfplay(tmp_path, name, options):
    game = load(name)(options)
    extra = ["--bots", "easy"]
    for key in sorted(options):
        value = options[key]
        extra += ["--option", "%s=%s" % (key, "on" if value is True else value)]
    expected = selfplay(tmp_path, name, 7, extra=extra).read_text()
    lines = []
    session = Session(game, bot_seats(game, "easy"), 7, lines.append,
                      json.loads(expected.split("\n", 1)[0])["game_id"], "host")
    session.start()
    run_bots(session)
    assert "".join(lines) == expected


def person_and_bots(game):
    return [Seat("Ann", HUMAN)] + [Seat("Bot %d" % seat, BOT, "easy")
                                  for seat in range(1, game.num_players)]


def test_undo_takes_back_the_persons_card_and_the_bots_replies(tmp_path):
    game = load("scioto")({"players": 3})
    lines = []
    session = Session(game, person_and_bots(game), 11, lines.append, "g1", "dev")
    session.start()
    run_bots(session, until_person=True)
    before = session.state.view(0).hand
    acted_before = len(session.hand_actions)
    session.play(session.state.legal_actions()[0])
    run_bots(session, until_person=True)
    count = session.undo_count()
    assert count == len(session.hand_actions) - acted_before  # the card and the bots' replies
    assert session.undo()
    assert session.person_to_act() and session.state.view(0).hand == before
    assert json.loads(lines[-1]) == {"t": "undo", "hand": 1, "acts": count}
    run_bots_and_person(session)
    path = tmp_path / "undo.jsonl"
    path.write_text("".join(lines))
    checked = deckmate("replay", "--check", path)
    assert checked.returncode == 0, checked.stderr


def run_bots_and_person(session):
    """The person takes the first legal action every time (the play screen's default)."""
    while not session.is_over():
        if session.state is None:
            session.next_hand()
        elif session.person_to_act():
            session.play(session.state.legal_actions()[0])
        else:
            session.play(session.bot_choice())


def test_undo_is_refused_before_the_person_has_decided():
    game = load("scioto")({"players": 3})
    session = Session(game, person_and_bots(game), 11, [].append, "g1", "dev")
    session.start()
    assert session.undo_count() == 0 and not session.undo()


def test_a_resumed_session_finishes_with_the_same_log_as_an_uninterrupted_one():
    game = load("scout")({"players": 3})
    whole = []
    session = Session(game, person_and_bots(game), 5, whole.append, "g2", "dev")
    session.start()
    run_bots_and_person(session)

    cut = []
    session = Session(game, person_and_bots(game), 5, cut.append, "g2", "dev")
    session.start()
    for _ in range(12):  # into the first round, then the power goes
        if session.person_to_act():
            session.play(session.state.legal_actions()[0])
        else:
            session.play(session.bot_choice())
    saved_rngs = [rng.state for rng in session.bot_rngs]
    resumed = stored.replay(load, records(cut), cut.append)
    stored.restore_rngs(resumed, saved_rngs)
    assert resumed.state.view(1).hand == session.state.view(1).hand
    assert resumed.to_act() == session.to_act()
    run_bots_and_person(resumed)
    assert "".join(cut) == "".join(whole)


def test_a_match_kept_on_flash_saves_the_bots_generators_where_a_resume_starts(tmp_path):
    """The session's writer (the store's LogWriter) keeps them at the start and after a
    bot's action that leaves a person to act or ends the hand; not after a person's, nor
    between two bots' actions: no screen has to."""
    store = Store(str(tmp_path))
    store.boot()
    game = load("scioto")({"players": 3})
    session = stored.start(store, game, person_and_bots(game), 9, "e6614103")

    def saved():
        return store.load_state(RNGS, None)

    def now():
        return {"game_id": session.game_id, "rngs": [rng.state for rng in session.bot_rngs]}

    assert saved() == now()  # at the start
    bots_acted = resume_points = 0
    while bots_acted < 12:
        if session.state is None:
            session.next_hand()
        before = saved()
        if session.person_to_act():
            session.play(session.state.legal_actions()[0])
            assert saved() == before
            continue
        session.play(session.bot_choice())
        bots_acted += 1
        if session.state is None or session.person_to_act():
            assert saved() == now()
            resume_points += 1
        else:
            assert saved() == before
    assert 0 < resume_points < bots_acted  # both kinds of bot action were seen


def test_a_match_kept_by_the_store_resumes_from_flash_and_its_log_passes_replay(tmp_path):
    store = Store(str(tmp_path))
    store.boot()
    game = load("scioto")({"players": 3, "compounding": True})
    session = stored.start(store, game, person_and_bots(game), 9, "e6614103")
    for _ in range(10):
        if session.person_to_act():
            session.play(session.state.legal_actions()[0])
        else:
            session.play(session.bot_choice())
    position = (session.to_act(), session.state.view(0).hand, session.state.trick)

    store = Store(str(tmp_path))  # switched off and on
    store.boot()
    resumed = stored.resume(store)
    assert (resumed.to_act(), resumed.state.view(0).hand, resumed.state.trick) == position
    run_bots_and_person(resumed)
    assert stored.resume(store) is None
    checked = deckmate("replay", "--check", store.log_path(resumed.game_id))
    assert checked.returncode == 0, checked.stderr


def test_a_match_cut_at_every_write_of_its_log_resumes_and_ends_as_the_rules_replay_it(
        tmp_path, monkeypatch):
    # A 3-player Scioto match of three short hands (the person takes the first legal action)
    # with the flash as the power left it at each write of its log (the store's files copied
    # just before the line was written), the store booted again and the match resumed as the
    # offer's Resume does (stored.resumed), then played to its end: every log ends completed
    # and replays through the rules core; it is the uncut match's, byte for byte, unless the
    # cut came between two bots' plays (the bot that played since the person's turn goes on
    # from the generator saved then, docs/storage.md). A cut between a hand's last play and
    # its result used to stop the match for good: the resumed hand was over, and a bot was
    # asked to play in it.
    game = load("scioto")({"players": 3, "ranks": 6})
    root, cuts = tmp_path / "flash", tmp_path / "cuts"
    write_line = LogWriter.__call__

    def written(writer, line):  # the flash as a power cut during this write leaves it
        shutil.copytree(root, cuts / str(len(os.listdir(cuts)) + 1))
        write_line(writer, line)

    cuts.mkdir()
    store = Store(str(root))
    store.boot()
    monkeypatch.setattr(LogWriter, "__call__", written)
    run_bots_and_person(stored.start(store, game, person_and_bots(game), 3, "e6614103"))
    monkeypatch.setattr(LogWriter, "__call__", write_line)
    intended = list(store.read_lines("1"))
    differing = []
    for cut in range(2, len(intended) + 1):  # (the header's write begins the match)
        store = Store(str(cuts / str(cut)))  # switched on again
        store.boot()
        resumed = stored.resumed(SimpleNamespace(store=store))
        rest = []  # (the rest of the match written in memory: the flash's part is done)
        resumed.write = lambda line: rest.append(line[:-1])
        run_bots_and_person(resumed)
        lines = list(store.read_lines("1")) + rest
        replayed = Replay(load)
        for line in lines:
            replayed.feed(json.loads(line))
        assert replayed.match.is_over() and '"reason":"completed"' in lines[-1], cut
        if lines != intended:
            differing.append(cut)
            before, after = (json.loads(line) for line in intended[cut - 2:cut])
            assert before["t"] == after["t"] == "act", cut
            assert 0 not in (before["seat"], after["seat"]), cut
    assert 0 < len(differing) < len(intended) // 2, differing
