# Modules of the board layer that import MicroPython's own modules (deckhw/board.py:
# micropython.const) run under MicroPython only, by tests/host/test_board_under_micropython.py.
collect_ignore = ["test_board_reset.py"]
