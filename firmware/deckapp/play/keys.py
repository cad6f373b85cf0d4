"""Which key events the play screens act on: every key when pressed, the joystick's
directions also when they repeat (held down); a long press adds nothing."""

from micropython import const

from deckhw.buttons import PRESS, REPEAT

_DIRECTIONS = const(("up", "down", "left", "right"))


def acts(key, kind):
    return kind == PRESS or (kind == REPEAT and key in _DIRECTIONS)
