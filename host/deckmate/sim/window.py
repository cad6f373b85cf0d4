"""The simulated board in a window (pygame-ce): the panel scaled up, a key legend, keyboard
keys as the board's buttons. Closing the window (or Esc) stops the board."""

import os
import sys

from deckmate.errors import CommandError
from deckmate.sim.board import SimulatedBoard


class NoDisplay(CommandError):
    """There is no display to open the window on."""

# keyboard key name (pygame.key.name) -> board key
KEYBOARD = {"up": "up", "down": "down", "left": "left", "right": "right",
            "return": "press", "space": "press", "a": "a", "b": "b", "x": "x", "y": "y"}
NO_DISPLAY = ("no display here for the window; run it headless: "
              "deckmate sim --headless --keys FILE --screenshots DIR")
HEADLESS_DRIVERS = ("offscreen", "dummy")
LEGEND_HEIGHT = 22
FRAMES_PER_SECOND = 30


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
    parts.append("Esc: quit")
    return "   ".join(parts)


def run(flash, board_name, heapsize, fresh, scale):
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
    with SimulatedBoard(flash, board_name, heapsize, fresh) as board:
        keys = board.link.board.keys
        print("serial port: %s" % board.serial_path)
        print("keys: %s" % legend_text(keys))
        sys.stdout.flush()
        panel = board.panel
        size = (panel.width * scale, panel.height * scale)
        screen = pygame.display.set_mode((size[0], size[1] + LEGEND_HEIGHT))
        pygame.display.set_caption("Deckmate: %s" % board.link.board.title)
        font = pygame.font.Font(None, 18)
        legend = font.render(legend_text(keys), True, (200, 200, 200))
        held = set()
        clock = pygame.time.Clock()
        shown = None  # panel.changes when the window last drew the panel
        while True:
            for event in pygame.event.get():
                if event.type == pygame.QUIT:
                    return
                if event.type in (pygame.KEYDOWN, pygame.KEYUP):
                    name = pygame.key.name(event.key)
                    if name == "escape":
                        return
                    key = KEYBOARD.get(name)
                    if key in keys:
                        (held.add if event.type == pygame.KEYDOWN else held.discard)(key)
                        board.press(held)
            if panel.changes != shown:
                shown = panel.changes
                picture = pygame.image.frombuffer(panel.rgb(), (panel.width, panel.height), "RGB")
                screen.fill((0, 0, 0))
                screen.blit(pygame.transform.scale(picture, size), (0, 0))
                screen.blit(legend, (4, size[1] + 4))
                pygame.display.flip()
            clock.tick(FRAMES_PER_SECOND)
