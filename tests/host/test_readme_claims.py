"""The README claims of the device only what it does: keeping score for a table that plays
with real cards is claimed once the main menu offers it."""

import os

from helpers import ROOT, firmware_constant


def readme_text():
    with open(os.path.join(ROOT, "README.md")) as handle:
        return " ".join(handle.read().split())  # lines joined: claims span line breaks


NOT_YET = "Keeping score for a table playing with real cards is not on the device yet"


def test_the_readme_claims_keeping_score_only_when_the_main_menu_offers_it():
    entries = firmware_constant("deckapp/menu.py", "_ENTRIES")
    offered = bool([entry for entry in entries if "score" in entry.lower()])
    readme = readme_text()
    assert ("keeps score" in readme) == offered  # the claim, once there is a scorekeeper
    assert (NOT_YET in readme) == (not offered)  # the sentence to replace then
