"""The simulated board in a window (pygame-ce): the panel scaled up, a key legend, keyboard
keys as the board's buttons, R its reset (as unplugging it and plugging it in again). Closing
the window (or Esc) stops the board. Under the panel, the legend of the keys, or the notice
that a PC has stopped the app over the serial port.

A key is held on the board until the firmware has read it down for KEY_SETTLE_MS, however
soon the keyboard lets it go: a tap shorter than a frame is a press too, as a real button's
is always seen. While the firmware is busy (a bot thinking) it reports no reads: a tap is
then held TAP_MOST_MS at most, less than the debouncer's delay before a held key repeats."""

import os
import sys
import time

from deckmate.errors import CommandError
from deckmate.sim.board import SimulatedBoard
from deckmate.sim.script import KEY_SETTLE_MS, FirmwareFailed


class NoDisplay(CommandError):
    """There is no display to open the window on."""

# keyboard key name (pygame.key.name) -> board key
KEYBOARD = {"up": "up", "down": "down", "left": "left", "right": "right",
            "return": "press", "space": "press", "a": "a", "b": "b", "x": "x", "y": "y"}
NO_DISPLAY = ("no display here for the window; run it headless: "
              "deckmate sim --headless --keys FILE --screenshots DIR")
HEADLESS_DRIVERS = ("offscreen", "dummy")
STOPPED = "Stopped for the PC: its REPL has the serial port. R starts the app again"
LEGEND_COLOUR = (200, 200, 200)
STOPPED_COLOUR = (255, 190, 60)
LEGEND_HEIGHT = 22
FRAMES_PER_SECOND = 30
SEQUENCE_HALF = 0x8000  # link.py: key-level sequence numbers are 16 bits and wrap
TAP_MOST_MS = 200       # < deckhw/buttons.py REPEAT_DELAY_MS (a test checks)


def legend_text(keys):
    """The keyboard keys of the board's buttons, in one short line."""
    parts = []
    if "up" in keys:
        parts.append("arrows: joystick")
    if "press" in keys:
        parts.append("Enter/Space: press")
    letters = [key for key in ("a", "b", "x", "y") if key in keys]
    if letters:
        parts.append("%s: keys %s" % (" ".join(k.upper() for k in letters), " ".join(letters)))
    parts.append("R: reset")
    parts.append("Esc: quit")
    return "   ".join(parts)


def title(board_definition):
    return "Deckmate: %s (simulated)" % board_definition.title


class HeldKeys:
    """The keys held on the board: those down on the keyboard, and those let go before the
    firmware has read them down for KEY_SETTLE_MS (kept down until it has)."""

    def __init__(self, link):
        self.link = link
        self.down = {}       # key -> (the key-level sequence number that first held it, when)
        self.letting_go = set()

    def seen(self, key):
        """Whether `key` may be let go: the firmware went idle with the levels that held it,
        or later ones, applied KEY_SETTLE_MS before its last read; or it was held
        TAP_MOST_MS."""
        sequence_down, pressed_at = self.down[key]
        if (time.monotonic() - pressed_at) * 1000 >= TAP_MOST_MS:
            return True
        if self.link.idle is None:
            return False
        sequence, lag = self.link.idle
        return (sequence - sequence_down) % 0x10000 < SEQUENCE_HALF and lag >= KEY_SETTLE_MS

    def press(self, key):
        self.letting_go.discard(key)
        if key not in self.down:
            self.link.press(set(self.down) | {key})
            self.down[key] = (self.link.sequence, time.monotonic())

    def release(self, key):
        if key in self.down:
            self.letting_go.add(key)
            self.update()

    def update(self):
        """Let go of the released keys the firmware has seen."""
        gone = [key for key in self.letting_go if self.seen(key)]
        if gone:
            for key in gone:
                self.letting_go.discard(key)
                del self.down[key]
            self.link.press(set(self.down))

    def settled(self):
        """Nothing is held and the firmware has read that."""
        return not self.down and self.link.settled(KEY_SETTLE_MS)


class Window:
    """The window on a running SimulatedBoard. `frame()` takes in the keyboard's events and
    draws the panel when it changed; the caller paces the frames."""

    def __init__(self, board, scale):
        import pygame
        self.pygame = pygame
        self.board = board
        self.keys = HeldKeys(board.link)
        definition = board.link.board
        panel = board.panel
        self.size = (panel.width * scale, panel.height * scale)
        pygame.display.set_caption(title(definition))
        self.screen = pygame.display.set_mode((self.size[0], self.size[1] + LEGEND_HEIGHT))
        font = pygame.font.Font(None, 18)
        self.legends = {False: font.render(legend_text(definition.keys), True, LEGEND_COLOUR),
                        True: font.render(STOPPED, True, STOPPED_COLOUR)}
        self.shown = None  # (panel.changes, whether the app was stopped) as last drawn

    def frame(self):
        """One frame; False once the window is closed (or Esc pressed). FirmwareFailed when
        the app has died of an error."""
        pygame = self.pygame
        failure = self.board.bridge.app_failure()
        if failure:
            raise FirmwareFailed("the firmware stopped with an error\n--- firmware output ---\n"
                                 + failure[-4000:])
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                return False
            if event.type in (pygame.KEYDOWN, pygame.KEYUP):
                name = pygame.key.name(event.key)
                if name == "escape":
                    return False
                if name == "r" and event.type == pygame.KEYDOWN:
                    self.board.bridge.reset_board()
                key = KEYBOARD.get(name)
                if key in self.board.link.board.keys:
                    if event.type == pygame.KEYDOWN:
                        self.keys.press(key)
                    else:
                        self.keys.release(key)
        self.keys.update()
        panel = self.board.panel
        now = (panel.changes, self.board.bridge.app_stopped)
        if now != self.shown:
            self.shown = now
            picture = pygame.image.frombuffer(panel.rgb(), (panel.width, panel.height), "RGB")
            self.screen.fill((0, 0, 0))
            self.screen.blit(pygame.transform.scale(picture, self.size), (0, 0))
            self.screen.blit(self.legends[now[1]], (4, self.size[1] + 4))
            pygame.display.flip()
        return True


def open_display():
    """pygame with its display up, or NoDisplay (or CommandError without pygame-ce)."""
    if sys.platform.startswith("linux") and not any(
            name in os.environ for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")):
        raise NoDisplay(NO_DISPLAY)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame
    except ImportError:
        raise CommandError("the window needs pygame-ce (pip install pygame-ce); or run it "
                           "headless: deckmate sim --headless --keys FILE --screenshots DIR")
    try:
        pygame.display.init()
        pygame.font.init()
    except pygame.error:
        raise NoDisplay(NO_DISPLAY)
    if pygame.display.get_driver() in HEADLESS_DRIVERS and "SDL_VIDEODRIVER" not in os.environ:
        raise NoDisplay(NO_DISPLAY)  # SDL fell back to drawing nowhere
    return pygame


def run(flash, board_name, heapsize, fresh, scale, flash_blocks=None):
    pygame = open_display()
    with SimulatedBoard(flash, board_name, heapsize, fresh,
                        flash_blocks=flash_blocks) as board:
        print("serial port: %s" % board.serial_path)
        print("keys: %s" % legend_text(board.link.board.keys))
        sys.stdout.flush()
        window = Window(board, scale)
        clock = pygame.time.Clock()
        while window.frame():
            clock.tick(FRAMES_PER_SECOND)
