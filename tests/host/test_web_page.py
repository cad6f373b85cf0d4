"""Deckmate in a browser (`deckmate web`, docs/device.md "The browser"), in headless Chromium
driven through its WebDriver: the site opens from the disk and from a static host asking for
nothing outside it; a person plays a match of Scioto against a bot with the on-screen keys
(the log is the one the rules core writes for that match, and `deckmate replay --check`
takes it), keeps score of two Chambéry hands, closes the page and finds the match to resume,
and downloads the logs from History, which `deckmate import` takes."""

import functools
import http.server
import json
import os
import threading
import time

import pytest

import browser
from helpers import ROOT, deckmate
from play_sim import expected_match, fast_bots_keys, setup_keys

SITE_FILES = ("index.html", "runtime.js", "firmware.js", "deckmate.js")
FIRST_LOAD_MOST = 3 * 1024 * 1024  # bytes the first load may fetch (issue 47)
DEAL = 3
SCIOTO = ("scioto", ["human", "easy"], {})
STEP_MOST_S = 30  # a key's answer, a boot or a bot's think; far more than any takes
# Added before the page's scripts: the times (ms since 1970) of the frames the page drew,
# which it draws only when its main thread is free.
FRAMES = """
window.frames_drawn = [];
requestAnimationFrame(function frame() {
  frames_drawn.push(performance.timeOrigin + performance.now());
  requestAnimationFrame(frame);
});
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    result = deckmate("web", "--out", out)
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture
def page(site, tmp_path):
    """The site opened from the disk, running."""
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    driver = browser.webdriver(downloads)
    driver.downloads = downloads
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FRAMES})
        driver.get((site / "index.html").as_uri())
        wait_until(driver, "return deckmatePage.settled()")
        yield driver
    finally:
        driver.quit()


def wait_until(driver, script, most=STEP_MOST_S):
    """The value of `script` once it is true; the page may be loading again meanwhile (a
    reset)."""
    from selenium.common.exceptions import WebDriverException
    deadline = time.monotonic() + most
    while True:
        try:
            value = driver.execute_script(script)
            status = driver.execute_script("return [deckmatePage.status, "
                                           "document.getElementById('status').textContent]")
        except WebDriverException:  # between two loads of the page
            value, status = None, ("loading", "")
        if value:
            return value
        assert status[0] != "failed", status[1]
        assert time.monotonic() < deadline, "%s: still false (%s)" % (script, status)
        time.sleep(0.02)


def click(driver, keys):
    """Each key clicked on the page's on-screen keys, the app left to answer it."""
    for key in keys:
        driver.find_element("css selector", '[data-key="%s"]' % key).click()
        wait_until(driver, "return deckmatePage.settled()")


def flash(driver):
    return driver.execute_script("return deckmatePage.flashText()")


def logs(driver):
    return dict((path, text) for path, text in flash(driver).items()
                if path.startswith("/logs/") and path.endswith(".jsonl"))


def records(text):
    return [json.loads(line) for line in text.splitlines()]


def test_the_site_is_the_page_the_port_and_the_firmware_image(site):
    assert sorted(os.listdir(str(site))) == sorted(SITE_FILES)
    runtime = (site / "runtime.js").read_text()
    assert '"version":"1.29.0-6"' in runtime
    firmware = (site / "firmware.js").read_text()
    assert '"main.py"' in firmware and '"deckapp/shell.mpy"' in firmware
    assert '"deckcore/bots/scioto_search_viper.mpy"' in firmware  # as bytecode: no native code


def test_served_by_a_static_host_the_first_load_fetches_only_the_site_under_3_MB(site, tmp_path):
    """A host that isolates the page (COOP and COEP headers): the firmware's worker then
    shares the keys' memory with the page, and reads a key within a pass."""
    handler = functools.partial(IsolatingHandler, directory=str(site))
    with http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        origin = "http://127.0.0.1:%d/" % server.server_address[1]
        driver = browser.webdriver(tmp_path)
        try:
            driver.get(origin)
            wait_until(driver, "return deckmatePage.settled()")
            shared = driver.execute_script("return deckmatePage.keysShared")
            fetched_by_the_worker = driver.execute_script("return deckmatePage.workerFetched")
            loaded = driver.execute_script(
                "return performance.getEntriesByType('navigation').concat("
                "performance.getEntriesByType('resource')).map("
                "e => [e.name, e.transferSize, e.encodedBodySize])")
        finally:
            driver.quit()
        server.shutdown()
    assert sorted(name for name, _, _ in loaded) == sorted(origin + name if name != "index.html"
                                                           else origin for name in SITE_FILES)
    assert shared
    assert fetched_by_the_worker == []  # (blob: URLs, which no resource timing lists, only)
    fetched = sum(size for _, _, size in loaded)
    assert fetched == sum(os.path.getsize(str(site / name)) for name in SITE_FILES)
    assert fetched <= FIRST_LOAD_MOST


class IsolatingHandler(http.server.SimpleHTTPRequestHandler):
    def end_headers(self):
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()

    def log_message(self, *args):
        pass


def test_a_person_plays_keeps_score_closes_the_page_and_takes_the_logs_home(page, tmp_path):
    """One person's session, step by step (one test: each step needs the one before)."""
    a_match_of_scioto_against_a_bot_played_with_the_on_screen_keys(page, tmp_path)
    two_chambery_hands_kept_survive_closing_the_page_and_resume(page)
    history_downloads_each_log_and_all_of_them_for_deckmate_import(page, tmp_path)


def a_match_of_scioto_against_a_bot_played_with_the_on_screen_keys(page, tmp_path):
    game, kinds, options = SCIOTO
    expected = expected_match(game, kinds, options, DEAL, page.execute_script(
        "return deckmatePage.deviceId()"))
    click(page, fast_bots_keys() + setup_keys(game, kinds, options, DEAL))
    click(page, ["press"] * expected.presses)
    the_page_drew_while_the_firmware_thought(page)
    written = logs(page)
    assert list(written) == ["/logs/0/1.jsonl"]
    log = written["/logs/0/1.jsonl"]
    assert log == expected.text()  # byte for byte the rules core's log of that match
    assert records(log)[-1]["reason"] == "completed"
    path = tmp_path / "scioto.jsonl"
    path.write_text(log)
    checked = deckmate("replay", "--check", path)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def the_page_drew_while_the_firmware_thought(page):
    """The firmware runs beside the page (a Web Worker): during its long passes (over 30 ms:
    a bot's decision, a screen's imports; together several frames of 17 ms) the
    page drew frames. From the disk, it reads the keys between two passes (no shared memory)."""
    # Passes long enough to hold two frames (34 ms): a busy host has several, a quick one may
    # have none with the `easy` bot (tools/web_think.py measures a `hard` bot's thinks)
    passes = [p for p in page.execute_script("return deckmatePage.passes") if p[1] > 34]
    frames = page.execute_script("return frames_drawn")
    assert not passes or [frame for frame in frames if any(
        began < frame < began + took for began, took, _ in passes)], (passes, frames[-20:])
    assert len(frames) > 10, frames  # (the page drew at all)
    assert page.execute_script("return [self.crossOriginIsolated, deckmatePage.keysShared]") \
        == [False, False]


def keep_score_keys(until):
    """docs/keys/keep-score-chambery.keys from the main menu up to the comment `until`. The
    page shows no text to a test, so its `until right GAME` on the set-up's game row becomes
    the right presses from where that row starts on this page's flash, which has kept no
    match before: the first game of deckcore.games.NAMES."""
    from deckcore.games import NAMES, TITLES
    with open(os.path.join(ROOT, "docs", "keys", "keep-score-chambery.keys"),
              encoding="utf-8") as handle:
        text = handle.read().split("# " + until, 1)[0]
    keys = []
    for line in text.splitlines():
        words = line.split("#", 1)[0].split()
        if words and words[0] == "hold":  # a value run to its end: a long press
            keys.append(("hold", words[1]))
        elif words[:2] == ["until", "right"]:
            game = [name for name in NAMES if TITLES[name] == " ".join(words[2:])][0]
            keys += ["right"] * NAMES.index(game)
        elif words and words[0] != "shot":
            keys.append(words[0])
    return keys


def press_keys(driver, keys):
    for key in keys:
        if isinstance(key, tuple):  # hold KEY: down until the value stops changing
            hold(driver, key[1])
        else:
            click(driver, [key])


def hold(driver, key):
    from selenium.webdriver.common.action_chains import ActionChains
    element = driver.find_element("css selector", '[data-key="%s"]' % key)
    ActionChains(driver).click_and_hold(element).pause(2.5).release(element).perform()
    wait_until(driver, "return deckmatePage.settled()")


def two_chambery_hands_kept_survive_closing_the_page_and_resume(page):
    press_keys(page, keep_score_keys("hand 3,"))
    kept = [text for text in logs(page).values() if '"mode":"scorekeep"' in text]
    assert len(kept) == 1
    assert [r["hand"] for r in records(kept[0]) if r["t"] == "entry"] == [1, 2]
    boots = page.execute_script("return deckmatePage.boots")
    page.refresh()  # the tab closed and opened again: the flash comes back from IndexedDB
    wait_until(page, "return deckmatePage.settled()")
    assert page.execute_script("return deckmatePage.boots") == boots + 1
    click(page, ["press"])  # the boot's offer: Resume
    press_keys(page, keep_score_keys("hand 4 committed")[len(keep_score_keys("hand 3,")):])
    kept = [text for text in logs(page).values() if '"mode":"scorekeep"' in text][0]
    entries = [r for r in records(kept) if r["t"] == "entry"]
    assert [r["hand"] for r in entries] == [1, 2, 3]


def history_downloads_each_log_and_all_of_them_for_deckmate_import(page, tmp_path):
    click(page, ["x", "a", "press"])  # the kept match stopped, its standings shown; Done: the menu
    click(page, ["down", "down", "press"])  # History, under Play and Keep score
    click(page, ["down", "x", "y"])  # the older game (the Scioto match): its log; every log
    device = page.execute_script("return deckmatePage.deviceId()")
    one = "deckmate-%s-1.jsonl" % device
    everything = "deckmate-%s-logs.zip" % device
    downloads = page.downloads
    deadline = time.monotonic() + STEP_MOST_S
    while not ((downloads / one).exists() and (downloads / everything).exists()):
        assert time.monotonic() < deadline, os.listdir(str(downloads))
        time.sleep(0.05)
    assert (downloads / one).read_text() == logs(page)["/logs/0/1.jsonl"]
    checked = deckmate("replay", "--check", downloads / one)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    archive = tmp_path / "archive"
    imported = deckmate("import", "--archive", archive, downloads / everything)
    assert imported.returncode == 0, imported.stdout + imported.stderr
    assert "2 files" in imported.stdout, imported.stdout
    again = deckmate("import", "--archive", archive, downloads / one)
    assert again.returncode == 0 and "already" in again.stdout, again.stdout


def test_without_the_pinned_port_the_site_is_not_written_and_the_fix_is_named(
        monkeypatch, tmp_path):
    from deckmate import web
    monkeypatch.setattr(web, "installed_version", lambda: "1.27.0")
    with pytest.raises(web.WebError) as refused:
        web.write_site(str(tmp_path / "site"))
    assert str(refused.value) == ("%s is 1.27.0, package.json pins 1.29.0-6: run `bash "
                                  "tools/setup.sh` in the repository (it installs it with npm "
                                  "ci)" % web.PACKAGE)
    assert not (tmp_path / "site").exists()
    monkeypatch.setattr(web, "installed_version", lambda: None)
    with pytest.raises(web.WebError, match="is not installed: run `bash tools/setup.sh`"):
        web.write_site(str(tmp_path / "site"))


def test_an_installed_deckmate_built_without_the_port_names_the_fix(monkeypatch, tmp_path):
    """A wheel carries the port's files and pin (deckmate/web/port/) when it was built in a
    clone after tools/setup.sh; one built before says how to make it again."""
    from deckmate import web
    monkeypatch.setattr(web, "CLONE_ROOT", str(tmp_path / "no-clone"))
    monkeypatch.setattr(web, "PACKAGED_ROOT", str(tmp_path / "port"))
    (tmp_path / "port").mkdir()
    (tmp_path / "port" / "package.json").write_text(
        json.dumps({"dependencies": {web.PACKAGE: "1.29.0-6"}}))
    with pytest.raises(web.WebError) as refused:
        web.write_site(str(tmp_path / "site"))
    assert str(refused.value) == (
        "%s 1.29.0-6 is not installed: this deckmate was built without it: run `bash "
        "tools/setup.sh` in the clone, then install deckmate again from there (`pipx install "
        "--force .`)" % web.PACKAGE)
    assert not (tmp_path / "site").exists()


def test_a_zip_of_logs_is_imported_and_a_damaged_one_is_said_in_one_line(tmp_path):
    import zipfile
    log = tmp_path / "a.jsonl"
    assert deckmate("selfplay", "--game", "scout", "--seed", 1, "--bots", "random",
                    "--out", log).returncode == 0
    with zipfile.ZipFile(str(tmp_path / "logs.zip"), "w") as archive:
        archive.write(str(log), "1.jsonl")
    imported = deckmate("import", "--archive", tmp_path / "archive", tmp_path / "logs.zip")
    assert imported.returncode == 0 and "1 file: 1 new" in imported.stdout, imported.stdout
    (tmp_path / "bad.zip").write_bytes(b"PK\x03\x04 not a zip")
    refused = deckmate("import", "--archive", tmp_path / "archive", tmp_path / "bad.zip")
    assert refused.returncode == 1
    assert "not imported: %s: cannot read it: " % (tmp_path / "bad.zip") in refused.stdout
