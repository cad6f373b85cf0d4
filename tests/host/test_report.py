"""`deckmate report`: a static HTML report that opens from the disk in a real browser (headless
Chromium) with nothing fetched from elsewhere: the games table sorts and filters, each player
has a chart, each game replays step by step with the cards as the device draws them."""

import json
import os
import re

import pytest
from PIL import Image

import browser
from deckmate.game_record import record_of_log
from deckmate.logs import ReadLog
from deckmate.report import card_file, game_steps, write_report
from helpers import selfplay
from owner_games import PERSON, write_logs


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    folder = tmp_path_factory.mktemp("report")
    records = [record_of_log(path, date) for path, date in write_logs(str(folder / "logs"))]
    index = write_report(records, str(folder / "out"))
    return records, index


def pages(index):
    folder = os.path.dirname(index)
    yield index
    for name in sorted(os.listdir(os.path.join(folder, "games"))):
        yield os.path.join(folder, "games", name)


def steps_of(page):
    with open(page, encoding="utf-8") as handle:
        text = handle.read()
    data = re.search(r'<script type="application/json" id="steps">(.*?)</script>', text, re.S)
    return json.loads(data.group(1).replace("<\\/", "</"))


def test_every_page_names_only_files_of_the_report(report):
    _, index = report
    for page in pages(index):
        with open(page, encoding="utf-8") as handle:
            text = handle.read()
        for link in re.findall(r'(?:src|href)="([^"]*)"', text):
            assert "://" not in link and not link.startswith("//"), (page, link)
            target = os.path.normpath(os.path.join(os.path.dirname(page), link.split("#")[0]))
            assert os.path.exists(target), (page, link)
        assert "http://" not in text and "https://" not in text, page


def test_each_game_replays_every_record_with_pictures_of_all_its_cards(report):
    records, index = report
    folder = os.path.dirname(index)
    for number, record in enumerate(records, 1):
        steps = steps_of(os.path.join(folder, "games", "%d.html" % number))
        records_read = ReadLog.of_file(record.path).records  # a cut-off last line is not one
        told = sum(1 for _, entry in records_read
                   if entry["t"] in ("deal", "act", "undo", "result", "end", "entry", "correct"))
        assert len(steps) == told
        explained = [step for step in steps if step["explain"]]
        entered = sum(1 for _, entry in records_read if entry["t"] in ("entry", "correct"))
        assert len(explained) == (entered if record.mode == "scorekept" else len(record.hands))
        for step in steps:
            for token in [t for seat in step["seats"] for t in seat["cards"]] + \
                    [token for _, token in step["table"]]:
                assert os.path.exists(os.path.join(folder, "cards", card_file(token))), token


def test_the_browser_fetches_nothing_from_elsewhere(report, tmp_path):
    _, index = report
    control = tmp_path / "control.html"  # a page that does fetch: the log must show it
    control.write_text('<img src="http://192.0.2.1/card.png">')
    assert "http://192.0.2.1/card.png" in browser.requested_urls("file://%s" % control, tmp_path)
    for page in (index, os.path.join(os.path.dirname(index), "games", "1.html")):
        urls = browser.requested_urls("file://" + page, tmp_path)
        assert urls == set(), urls


def test_the_games_table_sorts_and_filters_from_the_address(report):
    records, index = report
    shown = browser.dom("file://%s#sort=date&desc&filter=%s" % (index, "h%C3%A9l%C3%A8ne"))
    body = shown.split('<table id="games">', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr( hidden=\"\")?><td>([^<]*)</td>", body)
    visible = [date for hidden, date in rows if not hidden]
    mine = sorted((record.date for record in records if PERSON in record.names), reverse=True)
    assert visible == mine
    assert "%d of %d games" % (len(mine), len(records)) in shown


def test_screenshots_of_the_index_and_of_a_replay_show_the_table_and_the_cards(report, tmp_path):
    _, index = report
    browser.screenshot("file://" + index, tmp_path / "index.png")
    replay = os.path.join(os.path.dirname(index), "games", "4.html")
    browser.screenshot("file://%s#step=40" % replay, tmp_path / "replay.png")
    with Image.open(tmp_path / "index.png") as picture:
        colours = picture.convert("RGB").getcolors(1 << 20)
        head = sum(count for count, rgb in colours if rgb == (40, 70, 110))
        assert head > 20000  # the games table's head row, drawn across the page
    with Image.open(tmp_path / "replay.png") as picture:
        colours = picture.convert("RGB").getcolors(1 << 20)
        trump = sum(count for count, rgb in colours if rgb == (120, 70, 170))
        assert trump > 500  # the device's trump purple: Scarto's cards are drawn


def test_a_steps_caption_tells_the_action_with_its_cards_drawn_not_their_codes(tmp_path):
    log = selfplay(tmp_path, "chambery", 3, extra=("--bots", "easy"))
    steps, _ = game_steps(record_of_log(str(log)))
    acted = [step["caption"][0] for step in steps if re.match(r"Bot \d: ", step["caption"][0])]
    assert acted and all(re.search("[\u2660\u2663\u2665\u2666\u2605]|T\\d+$|: \\w+$", caption)
                         for caption in acted)
    assert not [caption for caption in acted if re.search(r"\b(10|[2-9AKQJ])[SCHD]\b", caption)]
    assert not [step for step in steps if len(set(step["caption"])) < len(step["caption"])]
