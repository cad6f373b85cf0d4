"""`deckmate sim` in its window (pygame-ce on SDL's dummy video driver): real key events
posted to pygame's event queue start a match from the set-up and play cards, and a tap that
presses and lets go within one frame is a press."""

import json
import time

import pytest

from deckmate.sim.board import SimulatedBoard
from deckmate.sim.script import KEY_SETTLE_MS, save_screenshot
from play_sim import device_log
from test_sim_serial import wait_for_app

WAIT_S = 30


@pytest.fixture
def pygame(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from deckmate.sim import window
    pygame = window.open_display()
    yield pygame
    pygame.display.quit()


@pytest.fixture
def window(pygame, tmp_path):
    from deckmate.sim.window import Window
    with SimulatedBoard(str(tmp_path / "flash.img"), fresh=True) as board:
        yield Window(board, 1)


def frames_until(window, condition, what):
    """Frames, the first one at once, until `condition()` holds after one."""
    deadline = time.monotonic() + WAIT_S
    while True:
        assert window.frame(), "the window closed"
        if condition():
            return
        assert time.monotonic() < deadline, "no %s within %d s" % (what, WAIT_S)
        time.sleep(0.005)


def settle(window, what):
    frames_until(window, window.keys.settled, what)


def tap(pygame, window, keyboard_key):
    """Down and up in the same frame, as a quick tap is."""
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=keyboard_key))
    settle(window, "answer to %s" % pygame.key.name(keyboard_key))


def test_the_window_has_the_board_s_title(window, pygame):
    assert pygame.display.get_caption()[0] == "Deckmate: Pico + Waveshare Pico-LCD-1.3 (simulated)"


def test_a_tap_within_one_frame_opens_play_from_the_main_menu(window, pygame):
    wait_for_app(window.board)  # the main menu
    menu = window.board.panel.changes
    tap(pygame, window, pygame.K_RETURN)
    assert window.board.panel.changes != menu


def test_a_tap_is_held_for_less_than_the_delay_before_a_held_key_repeats():
    from deckhw.buttons import DEBOUNCE_MS, REPEAT_DELAY_MS
    from deckmate.sim.window import TAP_MOST_MS
    assert KEY_SETTLE_MS < TAP_MOST_MS < REPEAT_DELAY_MS and DEBOUNCE_MS < KEY_SETTLE_MS


def test_a_match_starts_from_the_set_up_and_cards_are_played_by_window_keys(
        window, pygame, tmp_path):
    board = window.board
    wait_for_app(window.board)  # the main menu
    tap(pygame, window, pygame.K_RETURN)  # Play: the set-up
    tap(pygame, window, pygame.K_UP)      # up from the first row: Start
    tap(pygame, window, pygame.K_RETURN)  # the match is saved and the board restarts
    frames_until(window, lambda: board.link.resets == 1, "reset")
    settle(window, "table after the reset")
    assert board.bridge.starts == 2
    for _ in range(3):
        tap(pygame, window, pygame.K_SPACE)  # the highlighted card, or the next trick
    save_screenshot(board.panel, str(tmp_path / "window-table.png"))
    records = [json.loads(line) for line in device_log(tmp_path / "flash.img").splitlines()]
    people = [player["seat"] for player in records[0]["players"] if player["kind"] != "bot"]
    played = [record for record in records if record["t"] == "act" and record["seat"] in people]
    assert len(played) >= 2


def test_an_app_that_cannot_start_in_its_heap_stops_the_window_with_its_error(pygame, tmp_path):
    from deckmate.sim.script import FirmwareFailed
    from deckmate.sim.window import Window
    with SimulatedBoard(str(tmp_path / "flash.img"), fresh=True, heapsize="64K") as board:
        window = Window(board, 1)
        with pytest.raises(FirmwareFailed, match="MemoryError"):
            frames_until(window, lambda: False, "MemoryError")
