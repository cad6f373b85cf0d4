"""The pictures of the owner's commands in docs/owner/: the score-history plot and screenshots
of the HTML report (its index, a game replayed and a game kept at a table) in headless
Chromium, made from the test suite's archive of real logs (tests/host/owner_games.py).

    python tools/owner_screens.py [--out docs/owner]
"""

import argparse
import os
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "tests", "host"),
                os.path.join(ROOT, "tests", "core")]

import browser  # noqa: E402
from deckmate.archive import Archive  # noqa: E402
from deckmate.cli import main  # noqa: E402
from owner_games import write_logs  # noqa: E402


def make(out):
    os.makedirs(out, exist_ok=True)
    scratch = tempfile.mkdtemp(prefix="deckmate-owner-")
    try:
        archive = os.path.join(scratch, "archive")
        with Archive(archive) as opened:
            for path, date in write_logs(os.path.join(scratch, "logs")):
                with open(path, "rb") as handle:
                    opened.add_log(handle.read(), os.path.basename(path), date)
        assert main(["plot", "--archive", archive, "--game", "scioto",
                     "--out", os.path.join(out, "plot.png")]) == 0
        report = os.path.join(scratch, "report")
        assert main(["report", "--archive", archive, "--out", report]) == 0
        browser.screenshot("file://%s/index.html" % report, os.path.join(out, "report-index.png"),
                           size=(1200, 900))
        browser.screenshot("file://%s/games/4.html#step=40" % report,
                           os.path.join(out, "report-replay.png"), size=(1200, 760))
        browser.screenshot("file://%s/games/11.html#step=5" % report,  # kept at a table
                           os.path.join(out, "report-kept.png"), size=(1200, 560))
    finally:
        shutil.rmtree(scratch)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.join(ROOT, "docs", "owner"))
    make(parser.parse_args().out)
