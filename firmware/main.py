"""Boot: MicroPython runs this file when the board starts.

Keys held while the board starts:
- X (safe mode): the app is skipped and the MicroPython REPL stays free, e.g. to repair or
  replace files with mpremote;
- Y: the bring-up screen (palette, keys, frame time, free heap) instead of the app.
Without the app in the image (deckapp/shell), the bring-up screen runs too.
"""

import boards

SAFE_MODE_KEY = "x"
BRINGUP_KEY = "y"


def app():
    """The app's run(board), or None when the image has no app."""
    try:
        from deckapp.shell import run  # pyright: ignore[reportMissingImports]
    except ImportError as error:
        if "deckapp" not in str(error):
            raise
        return None
    return run


def boot():
    board = boards.make_board()
    if board.keys.held(SAFE_MODE_KEY):
        print("Deckmate safe mode: the app did not start; this is the MicroPython REPL.")
        return
    run = None if board.keys.held(BRINGUP_KEY) else app()
    if run is None:
        from deckhw.bringup import run
    run(board)


boot()
