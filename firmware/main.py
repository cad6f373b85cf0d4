"""Boot: MicroPython runs this file when the board starts (as source: keep it short, its
names and code stay in memory while the app runs).

Keys held while the board starts (from power-on or the reset button: the app's own resets
wait until every key is up, deckhw/board.py, so a key pressed in the app never counts here):
- X (safe mode): the app is skipped and the MicroPython REPL stays free, e.g. to repair or
  replace files with mpremote;
- Y: the bring-up screen (palette, keys, frame time, free heap) instead of the app.
Without the app in the image (deckapp/shell), the bring-up screen runs too. A Ctrl-C on the
serial port that stops the app leaves deckapp/stopped.py's screen on the panel.
"""

import boards


def boot(app):
    """The app's first screen, at the start and after a reset (deckapp/boot.py)."""
    from deckapp.boot import BootScreen
    app.open(BootScreen)


def menu(app):
    """The main menu (deckapp/menu.py), wherever a screen goes back to it."""
    from deckapp.menu import MainMenu
    app.open(MainMenu)


board = boards.make_board()
if board.keys.held("x"):
    print("Deckmate safe mode: the app did not start; this is the MicroPython REPL.")
else:
    run = None
    if not board.keys.held("y"):
        try:
            from deckapp.shell import run
        except ImportError as error:  # an image without the app
            if "deckapp" not in str(error):
                raise
    if run is None:
        from deckhw.bringup import run
        run(board)
    else:
        try:
            run(board, boot, menu)
        except KeyboardInterrupt:  # a PC stopped the app over USB: said on the panel
            from deckapp.stopped import show
            show(board.display)
            raise
