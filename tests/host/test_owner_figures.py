"""What the owner's commands compute from the archived games: the stats (matches, wins, mean
and best per game and player, a person's results against each bot level with a 95% interval),
the CSV a spreadsheet reads (accented names, one row per hand and seat), the raw JSON Lines,
and the score-history plot (PNG and SVG, drawn headless)."""

import copy
import csv
import io

import pytest
from PIL import Image

from deckmate import export, plot
from deckmate.game_record import record_of_log
from deckmate.standings import MIN_FOR_INTERVAL, standings
from deckmate.stats import proportion_interval
from owner_games import PERSON, write_logs


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    folder = tmp_path_factory.mktemp("logs")
    return [record_of_log(path, date) for path, date in write_logs(str(folder))]


def test_stats_count_every_finished_match_and_its_winners(records):
    figures = {game["game"]: game for game in standings(records)["games"]}
    finished = [record for record in records if record.complete]
    assert sum(game["matches"] for game in figures.values()) == len(finished)
    for game in figures.values():
        for player in game["players"]:
            mine = [(record, record.names.index(player["name"])) for record in finished
                    if record.game == game["game"] and player["name"] in record.names]
            assert player["matches"] == len(mine)
            assert player["wins"] == sum(1 for record, seat in mine if seat in record.winners)
            totals = [record.totals[seat] for record, seat in mine]
            assert player["best"] == max(totals)
            assert player["mean"] == round(sum(totals) / len(totals), 2)


def test_a_persons_results_against_each_bot_level_get_an_interval_once_there_are_enough(records):
    scioto = [game for game in standings(records)["games"] if game["game"] == "scioto"][0]
    person = [player for player in scioto["players"] if player["name"] == PERSON][0]
    against = {row["level"]: row for row in person["against"]}
    assert set(against) == {"easy", "random"}
    assert "interval" not in against["random"]  # one match: no interval means anything
    easy = against["easy"]
    assert easy["matches"] == MIN_FOR_INTERVAL  # the finished ones: not the abandoned, the cut
    low, high = easy["interval"]
    assert 0 <= low <= easy["won"] <= high <= 1
    bots = [player for player in scioto["players"] if player["name"].startswith("Bot")]
    assert all("against" not in bot for bot in bots)  # a bot's results against bots: not asked


def test_a_player_typed_with_and_without_accents_is_counted_once_under_the_usual_spelling(records):
    """Logs from before the device's keyboard had accents say "Helene" where later ones say
    "Hélène": one person, as `--player helene` finds both."""
    def spelled(record, spelling):
        again = copy.copy(record)
        again.players = [dict(player, name=spelling if player["name"] == PERSON else
                              player["name"]) for player in record.players]
        return again
    scioto = [record for record in records if record.game == "scioto" and record.complete
              and PERSON in record.names]
    before = [player for player in standings(scioto)["games"][0]["players"]
              if player["name"] == PERSON][0]
    retyped = [spelled(scioto[0], "HELENE"), spelled(scioto[1], "helene")] + scioto[2:]
    players = standings(retyped)["games"][0]["players"]
    mine = [player for player in players if "l" in player["name"].lower()
            and not player["name"].startswith("Bot")]
    assert [player["name"] for player in mine] == [PERSON]  # used in the most matches
    assert mine[0] == before
    two = [player["name"] for player in standings(retyped[:2])["games"][0]["players"]]
    assert "helene" in two and "HELENE" not in two  # as often: one of them, the same each run


def test_the_wilson_interval_stays_in_bounds_and_narrows_with_more_matches():
    assert abs(proportion_interval(0, 10)[0]) < 1e-9 and proportion_interval(10, 10)[1] == 1.0
    few, many = proportion_interval(3, 10), proportion_interval(300, 1000)
    assert few[0] < 0.3 < few[1] and many[0] < 0.3 < many[1]
    assert many[1] - many[0] < few[1] - few[0]
    low, high = proportion_interval(5, 20)  # a known value: 0.112 .. 0.469
    assert abs(low - 0.1119) < 1e-3 and abs(high - 0.4687) < 1e-3


def test_the_csv_opens_in_a_spreadsheet_with_accented_names_one_row_per_hand_and_seat(records):
    out = io.StringIO(newline="")
    rows = export.write_csv(records, out)
    text = out.getvalue()
    assert text.startswith("\ufeff")  # the BOM that makes Excel read UTF-8
    table = list(csv.DictReader(io.StringIO(text[1:], newline="")))
    assert len(table) == rows == sum(len(r.hands) * len(r.players) for r in records)
    assert tuple(table[0]) == export.COLUMNS
    assert any(row["player"] == PERSON for row in table)
    for record in records:  # the last hand's running total is the match total
        last = [row for row in table if row["match"] == record.game_id
                and row["hand"] == str(len(record.hands))]
        assert [int(row["total"]) for row in last] == record.totals
    plain = io.StringIO(newline="")
    export.write_csv(records, plain, bom=False, delimiter=";")
    assert plain.getvalue().startswith("game;match;date")


def test_jsonl_export_is_the_raw_logs_byte_for_byte(records):
    out = io.BytesIO()
    export.write_jsonl(records, out)
    expected = b""
    for record in records:
        with open(record.path, "rb") as handle:
            data = handle.read()
        expected += data if data.endswith(b"\n") else data + b"\n"
    assert out.getvalue() == expected


def test_the_plot_draws_a_panel_per_game_headless_as_png_and_svg(records, tmp_path):
    panels = plot.draw(records, str(tmp_path / "history.png"))
    assert panels == len({record.game for record in records if record.complete})
    with Image.open(tmp_path / "history.png") as picture:
        width, height = picture.size
        assert width >= 800 and height >= 300 * panels
        assert len(picture.convert("RGB").getcolors(1 << 16)) > 20  # lines, not a blank page
    assert plot.draw(records, str(tmp_path / "mine.svg"), players=[PERSON]) == 3
    assert (tmp_path / "mine.svg").read_text().lstrip().startswith("<?xml")
