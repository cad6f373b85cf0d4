"""tools/scout_regret.py, where SCOUT's bots lose decision by decision: a regret (the
oracle's best less the level's choice) is never negative; the kinds of decision it reports
split every decision once, and their shares make up the level's whole regret; each third of
the round's turns facing a set is split by the Scout & Show chip held or spent."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))
import scout_regret  # noqa: E402  (tools/scout_regret.py)

KINDS = ("keep", "flip", "show", "scout", "scout & show")


def test_regrets_are_never_negative_and_the_kinds_add_up_to_every_decision(monkeypatch):
    monkeypatch.setattr(scout_regret, "ORACLE_WORLDS", 3)  # a quick oracle: the same sums
    decisions = scout_regret.regrets((3, ["normal", "hard"], 1, 0, 4))
    assert [d[0] for d in decisions[:3]] == ["flip"] * 3 and len(decisions) > 3
    for situation, third, chosen, best, rank in decisions:
        assert situation in scout_regret.SITUATIONS and third in (0, 1, 2)
        assert best in (("keep", "flip") if situation == "flip" else KINDS[2:])
        assert (rank is None) == (situation == "flip")
        for regret, kind in chosen:
            assert regret >= 0 and kind in KINDS
    for k in range(2):
        rows = scout_regret.by_kind(decisions, k)
        chose = [row for row in rows if not row[1]]
        assert sum(row[2] for row in chose) == len(decisions)
        assert abs(sum(row[5] for row in chose) - 1) < 1e-9 or \
            all(d[2][k][0] == 0 for d in decisions)
        for kind, _, count, _, _, _ in chose:
            assert sum(row[2] for row in rows if row[0] == kind and row[1]) == count
    lines = scout_regret.groups(decisions)
    for at in range(len(lines)):
        label, group = lines[at]
        if label.startswith("play, round's"):
            (spent, with_spent), (held, with_held) = lines[at + 1], lines[at + 2]
            assert "chip spent" in spent and "chip held" in held
            facing = [d for d in group if d[0] != "no set to beat"]
            assert len(with_spent) + len(with_held) == len(facing)
            assert all(d in facing and d[0] == "facing a set" for d in with_spent)
            assert all(d in facing and d[0].endswith("chip held") for d in with_held)
    assert sum(len(group) for label, group in lines if label.startswith("play, round's")) == \
        len([d for d in decisions if d[0] != "flip"])


def test_a_level_with_fields_changed_is_that_level_with_its_budget_changed():
    game = scout_regret.load("scout")({"players": 5})
    bot = scout_regret._made("hard:depth=3,candidates=6", game)
    assert (bot.NAME, bot.budget.depth, bot.budget.candidates) == ("hard", 3, 6)
    assert scout_regret._made("hard", game).budget.depth == 2
    try:
        scout_regret._made("hard:deep=3", game)
    except ValueError as refused:
        assert "Budget" in str(refused) and "depth=3" in str(refused)
    else:
        raise AssertionError("a field Budget does not have was taken")


def test_a_level_with_outlook_columns_changed_decides_with_that_row_alone():
    """hard:outlook10=35: while it decides, the 5-player row of the outlook has 35 in column
    10 (the Scout & Show chip kept) and the other rows and columns as they were; after, the
    outlook is the bots' again."""
    from deckcore.bots import scout
    game = scout_regret.load("scout")({"players": 5})
    bot = scout_regret._made("hard:outlook10=35,depth=3", game)
    assert (bot.NAME, bot.budget.depth) == ("hard", 3)
    kept = scout.OUTLOOK
    seen = []
    bot.bot.choose = lambda view, legal, rng: seen.append(scout.OUTLOOK) or legal[0]
    state = game.new_hand(0, game.deal(scout_regret.Rng(1), 0))
    assert bot.choose(state.view(0), state.legal_actions(), scout_regret.Rng(2)) == \
        state.legal_actions()[0]
    assert scout.OUTLOOK is kept
    row = list(kept[3])
    row[10] = 35
    assert seen == [kept[:3] + (tuple(row),)] and kept[3][10] != 35
    for level in ("hard:outlook11=35", "hard:outlook10=a", "hard:outlookx=3"):
        try:
            scout_regret._made(level, game)
        except ValueError as refused:
            assert "OUTLOOK" in str(refused) and "outlook10=35" in str(refused)
        else:
            raise AssertionError("%s was taken" % level)
