"""The browser's Deckmate (`deckmate web`) in headless Chromium: screenshots of the page on a
desktop and on a phone-sized window and of History offering the logs (docs/screens/web/, the
README shows them), and what the
page measured meanwhile: the time from a key going down to the panel drawn again, and the
passes of the app's loop that held the page longer than 30 ms (a bot's think).

    python tools/web_screens.py [--out docs/screens/web]

It writes the site, opens it from the disk, sets the bots' pace to fast, starts a match of
2-player Scioto against a `normal` bot (deal 3) with the on-screen keys, plays into the hand
and takes the shots; then it finishes the match and shoots History with its downloads."""

import argparse
import os
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "tests", "host"),
                os.path.join(ROOT, "host")]

import browser  # noqa: E402
from deckmate.web import write_site  # noqa: E402
from play_sim import expected_match, fast_bots_keys, setup_keys  # noqa: E402

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
KINDS = ["human", "normal"]
PRESSES = 5  # into the hand: a few cards played


def settle(driver, most=30):
    deadline = time.monotonic() + most
    while not driver.execute_script("return window.deckmatePage && deckmatePage.settled()"):
        if time.monotonic() > deadline:
            raise SystemExit("the page did not settle: %s" % driver.execute_script(
                "return document.getElementById('status').textContent"))
        time.sleep(0.02)


def click(driver, keys):
    for key in keys:
        driver.find_element("css selector", '[data-key="%s"]' % key).click()
        settle(driver)


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=os.path.join(ROOT, "docs", "screens", "web"))
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    scratch = tempfile.mkdtemp(prefix="deckmate-web-")
    site = os.path.join(scratch, "site")
    write_site(site)
    url = "file://" + os.path.join(site, "index.html")
    driver = browser.webdriver(scratch, SIZES["desktop"])
    try:
        started = time.monotonic()
        driver.get(url)
        settle(driver)
        print("first start: %.2f s to the main menu" % (time.monotonic() - started))
        click(driver, fast_bots_keys() + setup_keys("scioto", KINDS, {}, 3) + ["press"] * PRESSES)
        for name, size in SIZES.items():
            driver.set_window_size(*size)
            time.sleep(0.3)
            path = os.path.join(args.out, name + ".png")
            driver.save_screenshot(path)
            print("wrote", path)
        responses = driver.execute_script("return deckmatePage.responses")
        thinks = driver.execute_script("return deckmatePage.thinks")
        # the match played to its end, then History with its downloads (X: Log, Y: All)
        device = driver.execute_script("return deckmatePage.deviceId()")
        presses = expected_match("scioto", KINDS, {}, 3, device).presses
        driver.set_window_size(*SIZES["desktop"])
        click(driver, ["press"] * (presses - PRESSES) + ["down", "down", "press"])
        path = os.path.join(args.out, "history.png")
        driver.save_screenshot(path)
        print("wrote", path)
    finally:
        driver.quit()
    print("key to panel, ms: p50 %.1f, p95 %.1f, max %.1f over %d keys" % (
        percentile(responses, 0.5), percentile(responses, 0.95), max(responses), len(responses)))
    if thinks:
        print("passes over 30 ms (a bot's think), ms: p50 %.0f, max %.0f over %d" % (
            percentile(thinks, 0.5), max(thinks), len(thinks)))


if __name__ == "__main__":
    main()
