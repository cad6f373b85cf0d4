"""Headless Chromium (Debian's package, which tools/setup.sh installs when CI=true or
DECKMATE_CHROMIUM=1) for the tests of the HTML report: screenshots, the page's DOM after its
scripts ran, and Chromium's own log of every network request the page made."""

import json
import os
import shutil
import subprocess
import tempfile

import pytest

HOW_TO_INSTALL = ("Chromium is not installed: `DECKMATE_CHROMIUM=1 bash tools/setup.sh` installs "
                  "Debian's package (apt-get install chromium)")


def chromium():
    """The Chromium command; skips the test where there is none, fails under CI."""
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    if os.environ.get("CI") == "true":
        pytest.fail(HOW_TO_INSTALL + "; CI must run the browser tests")
    pytest.skip(HOW_TO_INSTALL)


def _run(url, *options, size=(1200, 1000)):
    profile = tempfile.mkdtemp(prefix="deckmate-chromium-")
    try:
        done = subprocess.run(
            [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--no-first-run", "--disable-extensions", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile,
             "--window-size=%d,%d" % size, "--virtual-time-budget=3000"] + list(options)
            + [url], capture_output=True, text=True, timeout=120)
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def screenshot(url, png, size=(1200, 1000)):
    _run(url, "--screenshot=" + str(png), size=size)
    assert os.path.getsize(png) > 0


def dom(url):
    """The page's HTML after its scripts ran."""
    return _run(url, "--dump-dom")


def requested_urls(url, scratch):
    """Every URL the page asked the network for, from Chromium's network log (NetLog): the
    requests whose initiator is a page (Chromium's own, such as its clock and update checks,
    have none; files of a file:// page are read without the network)."""
    log = os.path.join(str(scratch), "netlog.json")
    _run(url, "--dump-dom", "--log-net-log=" + log)
    with open(log) as handle:
        text = handle.read()
    try:
        netlog = json.loads(text)
    except ValueError:  # a log cut off at exit: the events that were written
        netlog = json.loads(text.rstrip().rstrip(",") + "]}")
    start = netlog["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
    urls = set()
    for event in netlog["events"]:
        params = event.get("params") or {}
        if event["type"] == start and "url" in params \
                and params.get("initiator") != "not an origin":
            urls.add(params["url"])
    return urls


def webdriver(downloads, size=(1200, 800)):
    """Headless Chromium driven by its WebDriver (Debian's chromium-driver, through selenium):
    a fresh profile, the network flags of a closed machine, downloads saved in `downloads`.
    Skips where Chromium or its driver is not installed (fails under CI)."""
    browser = chromium()
    driver_path = shutil.which("chromedriver")
    if driver_path is None:
        if os.environ.get("CI") == "true":
            pytest.fail(HOW_TO_INSTALL + " and chromium-driver; CI must run the browser tests")
        pytest.skip(HOW_TO_INSTALL + " and chromium-driver (its WebDriver)")
    from selenium import webdriver as selenium_webdriver
    from selenium.webdriver.chrome.service import Service
    options = selenium_webdriver.ChromeOptions()
    options.binary_location = browser
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--hide-scrollbars",
                 "--user-data-dir=" + tempfile.mkdtemp(prefix="deckmate-chromium-",
                                                       dir=os.path.dirname(str(downloads))),
                 "--window-size=%d,%d" % size):
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"download.default_directory": str(downloads),
                                              "download.prompt_for_download": False})
    driver = selenium_webdriver.Chrome(options=options, service=Service(driver_path))
    driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow",
                                                        "downloadPath": str(downloads)})
    return driver
