import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))
sys.path.insert(0, os.path.join(ROOT, "tests", "core"))

# The tests that take longest (`pytest --durations=40`), longest first, run before the others:
# under xdist (`--dist loadgroup`, pyproject.toml) each worker takes the next test when it is
# done, so a long test left to the end would run while the other worker has nothing to do.
# (An xdist group of several tests, a core module under MicroPython, goes before them all.)
# A name here only orders; a long test not listed still runs, later.
LONGEST_FIRST = (
    "tests/core/test_bots_scout.py::test_decisions_depend_only_on_the_seats_view_with_4_and_5",
    ("tests/host/test_play_device.py::"
     "test_a_match_against_bots_finished_with_the_centre_key[chambery"),
    "tests/host/test_readme_walkthrough.py",
    "tests/host/test_store_power_cut.py",
    "tests/core/test_bots_scout.py::test_decisions_depend_only_on_the_seats_view",
    "tests/host/test_play_device.py",
    "tests/host/test_screen_layout.py",
    "tests/host/test_scout_logs.py::test_selfplay",
    "tests/host/test_play_heaviest.py",
    "tests/core/test_scarto.py::test_random_playouts",
    "tests/core/test_droggn_playouts.py::test_random_playouts",
    "tests/host/test_web_page.py::test_a_person_plays",
    "tests/host/test_crash.py::test_a_",
    "tests/host/test_play_fresh_heap.py",
    "tests/host/test_store_killed.py",
    "tests/host/test_adding_a_game.py::test_a_game_added_by_the_recipe_alone",
    "tests/host/test_bots_runtimes.py::test_selfplay_is_identical_on_the_boards_word_size",
    "tests/host/test_firmware_api.py",
    "tests/host/test_device_faults.py",
    "tests/core/test_chambery.py::test_random_playouts",
    "tests/host/test_scioto_logs.py::test_selfplay",
    "tests/host/test_keep_score.py",
    "tests/host/test_bots_runtimes.py",
    "tests/core/test_bots_scout.py",
    "tests/host/test_sync.py",
    "tests/host/test_journeys.py",
    "tests/core/test_scout.py::test_random_rounds",
    "tests/core/test_scioto.py::test_playouts",
    "tests/host/test_sim_headless.py",
    "tests/host/test_sim_window.py",
)


def pytest_collection_modifyitems(items):
    def rank(item):
        for place, prefix in enumerate(LONGEST_FIRST):
            if item.nodeid.startswith(prefix):
                return place
        return len(LONGEST_FIRST)
    items.sort(key=rank)  # (stable: the rest in the order collected)
