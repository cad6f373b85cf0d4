"""A PC that stops the app over USB (Ctrl-C on the serial port, as mpremote does) leaves a
screen on the panel that says so and how to start the app again; the window says it too,
and its R key (the board's reset) starts the app again."""

import time

import pytest
import serial

from deckmate.sim.board import SimulatedBoard
from sim_helpers import run_with_link
from test_sim_serial import read_until, wait_for_app, wait_for_app_after_reset

# The stopped screen drawn on its own, in the colours of a new device's settings.
STOPPED_SCREEN = """
import boards.pico_lcd_13 as definition
from deckapp.settings import Settings
from deckapp.stopped import show
from deckui import theme
board = definition.make_board()
settings = Settings()
theme.apply(board.display, settings.scheme, settings.four_colour)
show(board.display)
board.idle()
"""


def interrupt(board):
    with serial.Serial(board.serial_path, 115200, timeout=0.1) as port:
        port.write(b"\x03")
        assert "KeyboardInterrupt" in read_until(port, ">>> ")


def panel_becomes(board, picture, seconds=10):
    deadline = time.monotonic() + seconds
    while board.panel.picture() != picture and time.monotonic() < deadline:
        time.sleep(0.05)
    return board.panel.picture() == picture


def test_ctrl_c_on_the_serial_port_leaves_the_stopped_screen_on_the_panel(tmp_path):
    stopped = run_with_link(STOPPED_SCREEN)[0].panel.picture()
    with SimulatedBoard(str(tmp_path / "flash.img"), fresh=True) as board:
        wait_for_app(board)
        assert board.panel.picture() != stopped
        interrupt(board)
        assert panel_becomes(board, stopped)


def test_the_window_says_the_app_stopped_and_r_starts_it_again(tmp_path, monkeypatch):
    stopped = run_with_link(STOPPED_SCREEN)[0].panel.picture()
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from deckmate.sim import window
    pygame = window.open_display()
    try:
        with SimulatedBoard(str(tmp_path / "flash.img"), fresh=True) as board:
            shown = window.Window(board, 3)
            wait_for_app(board)
            menu = board.panel.picture()
            assert shown.frame() and shown.shown[1] is False
            interrupt(board)
            assert panel_becomes(board, stopped)
            assert shown.frame() and shown.shown[1] is True  # the legend is the notice
            pygame.image.save(shown.screen, str(tmp_path / "window-stopped.png"))
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r))
            assert shown.frame()
            wait_for_app_after_reset(board, 0)
            assert board.bridge.starts == 2 and not board.bridge.app_stopped
            assert panel_becomes(board, menu)
            assert shown.frame() and shown.shown[1] is False
    finally:
        pygame.display.quit()


def test_the_notice_and_the_reset_key_fit_the_window_at_its_default_scale():
    from deckmate.sim.window import STOPPED, legend_text
    from deckmate.sim.boards import read_board
    pygame = pytest.importorskip("pygame")
    pygame.font.init()
    font = pygame.font.Font(None, 18)
    for text in (STOPPED, legend_text(read_board("pico_lcd_13").keys)):
        assert font.size(text)[0] <= 240 * 3 - 8
    assert "R: reset" in legend_text(read_board("pico_lcd_13").keys)
