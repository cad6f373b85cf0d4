"""The hand summary's explanation (firmware/deckcore/explain.py) restates the core's
score of every seat."""

import pytest

from deckcore.explain import hand_lines
from deckapp.play.session import BOT, Seat, Session
from deckcore.games import load

GAMES = [("scioto", {"players": 3}), ("scarto", {}), ("chambery", {}),
         ("chambery", {"players": 3}), ("droggn", {}), ("scout", {"players": 4})]


@pytest.mark.parametrize("name, options", GAMES)
def test_every_seats_score_of_the_hand_is_in_the_explanation(name, options):
    game = load(name)(options)
    seats = [Seat("Seat%d" % seat, BOT, "easy") for seat in range(game.num_players)]
    for seed in range(1, 4):
        session = Session(game, seats, seed, [].append, "g", "dev")
        session.start()
        while session.state is not None:
            session.play(session.bot_choice())
        state = session.last_hand
        lines = hand_lines(state, [seat.name for seat in session.seats])
        scores = state.scores()
        for seat in range(game.num_players):
            mine = [line for line in lines if line.strip().startswith("Seat%d:" % seat)]
            if name == "droggn" and state.declarer < 0:
                assert lines == ["Everyone passed: no score (4.2.5)"] and scores[seat] == 0
                continue
            assert len(mine) == 1, lines
            number = scores[seat] if name in ("scioto", "scout") else "%+d" % scores[seat]
            assert mine[0].rstrip().endswith(str(number)), (mine[0], scores[seat])
