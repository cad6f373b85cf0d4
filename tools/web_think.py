"""A bot's think in the browser's Deckmate (`deckmate web`), measured in headless Chromium:
the page's longest main-thread task (PerformanceObserver, "longtask") while a `hard` bot
thinks, the time from a key going down during the think to the panel painting its answer,
and the same key's answer outside a think.

    python tools/web_think.py [--game scioto|scout] [--hands N] [--from file|host|both]

It writes the site, opens it from the disk (file://) and from a static host on 127.0.0.1 that
sends the cross-origin isolation headers (COOP/COEP: the page can then share its keys' state
with the firmware's worker), sets the bots' pace to fast, starts a 2-player match of `--game`
(Scioto unless named) against a `hard` bot (deal 3) and plays with the centre key; after each
press, while the bot thinks, it presses B (the match menu opens over the table) and B again (it
closes). What it measures is the page's, seen from outside it (a script added before the page's
own): the long tasks, the keys' `pointerdown` times (the event's timeStamp: when the key went
down, however long the page took to run its handler) and the canvas's paints."""

import argparse
import functools
import http.server
import os
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "tests", "host"),
                os.path.join(ROOT, "host")]

import browser  # noqa: E402
import web_screens  # noqa: E402 (beside this file)
from deckmate.web import write_site  # noqa: E402
from play_sim import fast_bots_keys, setup_keys  # noqa: E402

KINDS = ["human", "hard"]
INTO_THE_THINK_MS = 40  # B pressed this long after the card that sets the bot thinking

# Added before the page's scripts: what the page's main thread does, seen from outside it.
WATCH = """
window.watched = {tasks: [], downs: [], keys: [], paints: []};
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) watched.tasks.push([entry.startTime, entry.duration]);
}).observe({type: "longtask", buffered: true});
const now = () => performance.timeOrigin + performance.now();  // ms since 1970: the tool's clock
window.addEventListener("pointerdown", () => watched.downs.push(now()), true);
window.addEventListener("keydown", () => watched.keys.push(now()), true);
// B pressed (the keyboard's: a tap) `after` ms from now, by a timer of the page's: the time it
// was meant for, and when the page took it
window.pressLater = (after) => {
  const meant = now() + after;
  setTimeout(() => {
    document.dispatchEvent(new KeyboardEvent("keydown", {key: "b", bubbles: true}));
    setTimeout(() => document.dispatchEvent(
      new KeyboardEvent("keyup", {key: "b", bubbles: true})), 60);
  }, after);
  return meant;
};
const putImageData = CanvasRenderingContext2D.prototype.putImageData;
CanvasRenderingContext2D.prototype.putImageData = function (...args) {
  watched.paints.push(now());
  return putImageData.apply(this, args);
};
"""


class IsolatingHandler(http.server.SimpleHTTPRequestHandler):
    """A static host that isolates its pages (Cross-Origin-Opener-Policy: same-origin,
    Cross-Origin-Embedder-Policy: require-corp): SharedArrayBuffer is theirs."""

    def end_headers(self):
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()

    def log_message(self, *args):
        pass


def settle(driver):
    """web_screens.settle with room for a `hard` bot's think (seconds on a busy host)."""
    web_screens.settle(driver, most=120)


def key(driver, name):
    driver.find_element("css selector", '[data-key="%s"]' % name).click()


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def answers(watched, keys):
    """ms from each key's going down to the first paint after the page handled it; `keys`:
    (meant, handled): when the key was meant to go down, when the page's handler ran (the
    page's main thread may be busy in between), in ms since 1970."""
    paints = watched["paints"]
    found = []
    for meant, handled in keys:
        later = [paint for paint in paints if paint > handled]
        if later:
            found.append(later[0] - meant)
    return found


def measure(url, scratch, hands, game="scioto"):
    driver = browser.webdriver(scratch)
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH})
        driver.get(url)
        settle(driver)
        isolated = driver.execute_script("return self.crossOriginIsolated")
        keys = fast_bots_keys() + setup_keys(game, KINDS, {}, 3)
        for name in keys[:-1]:
            key(driver, name)
            settle(driver)
        before = driver.execute_script("return watched")  # (Start may load the page again)
        key(driver, keys[-1])
        settle(driver)
        started, origin = driver.execute_script(
            "return [performance.timeOrigin + performance.now(), performance.timeOrigin]")
        during = []  # (meant, handled) of the B keys pressed during a think
        for _ in range(hands):
            # a card played: the bot's think follows; B while it thinks (the match menu
            # opens over the table), B again once it is over (the menu closes)
            key(driver, "press")
            count = driver.execute_script("return watched.keys.length")
            meant = driver.execute_script("return pressLater(%d)" % INTO_THE_THINK_MS)
            while driver.execute_script("return watched.keys.length") == count:
                time.sleep(0.02)
            during.append((meant, driver.execute_script("return watched.keys[%d]" % count)))
            settle(driver)
            key(driver, "b")
            settle(driver)
        watched = driver.execute_script("return watched")
        passes = driver.execute_script("return deckmatePage.passes || null")
    finally:
        driver.quit()
    tasks = [duration for start, duration in watched["tasks"] if start >= started - origin]
    if passes is None:  # a page that runs the firmware's passes on its main thread: its long tasks
        passes = [(origin + start, duration) for start, duration in watched["tasks"]]
    passes = [found for found in passes if found[0] >= started]  # the match's
    sent_during = len(during)
    during = [(meant, handled) for meant, handled in during  # the keys pressed while a pass ran
              if any(began <= meant <= began + took for began, took, *_ in passes)]
    return {"isolated": isolated, "during": answers(watched, during), "sent": sent_during,
            "outside": answers(before, [(down, down) for down in before["downs"]]),
            "tasks": tasks, "passes": passes}


def report(name, figures):
    print("%s (cross-origin isolated: %s)" % (name, figures["isolated"]))
    for what, values in (("key to panel outside a think", figures["outside"]),
                         ("B to panel, pressed during a think (of %d pressed)" % figures["sent"],
                          figures["during"])):
        if not values:
            continue
        print("  %s, ms: p50 %.1f, p95 %.1f, max %.1f over %d keys" % (
            what, percentile(values, 0.5), percentile(values, 0.95), max(values), len(values)))
    tasks = figures["tasks"]
    print("  main-thread tasks over 50 ms while playing: %d, longest %.0f ms" % (
        len(tasks), max(tasks) if tasks else 0))
    passes = figures["passes"]
    if passes:
        took = [p[1] for p in passes]
        print("  passes over 30 ms (a bot's think), ms: p50 %.0f, max %.0f over %d" % (
            percentile(took, 0.5), max(took), len(took)))
        if len(passes[0]) > 2:
            unread = [p[2] for p in passes]
            print("  the longest the keys went unread in each, ms: p50 %.0f, max %.0f" % (
                percentile(unread, 0.5), max(unread)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=("scioto", "scout"), default="scioto",
                        help="the game played against `hard`, 2 players (default scioto)")
    parser.add_argument("--hands", type=int, default=4,
                        help="centre presses, each a card or set played (default 4)")
    parser.add_argument("--from", dest="where", choices=("file", "host", "both"), default="both")
    args = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="deckmate-web-")
    site = os.path.join(scratch, "site")
    write_site(site)
    if args.where in ("file", "both"):
        report("from the disk", measure("file://" + os.path.join(site, "index.html"),
                                        os.path.join(scratch, "file"), args.hands, args.game))
    if args.where in ("host", "both"):
        handler = functools.partial(IsolatingHandler, directory=site)
        with http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler) as server:
            threading.Thread(target=server.serve_forever, daemon=True).start()
            url = "http://127.0.0.1:%d/" % server.server_address[1]
            report("from a static host", measure(url, os.path.join(scratch, "host"), args.hands,
                                                args.game))
            server.shutdown()


if __name__ == "__main__":
    main()
