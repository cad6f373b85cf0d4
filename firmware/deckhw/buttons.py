"""The button debouncer: polled pins in, (key, kind) events out.

Keys are named `up down left right press a b x y`; a board passes the ones it has as a dict
of key name to pin (anything with `value()`, active low: 0 while the key is down). The app
polls every few milliseconds with the current `time.ticks_ms()`:

- PRESS when a key goes down, RELEASE when it comes up: a change of level is taken at once,
  then that key ignores its pin for DEBOUNCE_MS while the contacts bounce;
- LONG once, LONG_MS after a PRESS, if the key is still down;
- REPEAT after REPEAT_DELAY_MS held, then every REPEAT_MS, for every held key (the screens
  use it on the joystick directions and ignore it elsewhere).

Runs unchanged under CPython (the tests drive it with scripted levels and ticks).
"""

PRESS = 0
RELEASE = 1
LONG = 2
REPEAT = 3
KEY_NAMES = ("up", "down", "left", "right", "press", "a", "b", "x", "y")

DEBOUNCE_MS = 20
LONG_MS = 600
REPEAT_DELAY_MS = 400
REPEAT_MS = 120
TICKS_PERIOD = 1 << 30  # time.ticks_ms() on the board wraps at 2**30


def ticks_since(now, then):
    """now - then in ms, right across the wrap of the tick counter (as time.ticks_diff; this
    one also runs under CPython)."""
    return ((now - then + TICKS_PERIOD // 2) & (TICKS_PERIOD - 1)) - TICKS_PERIOD // 2


class Key:
    """One key's state: whether it is down and when its level or repeat last changed."""

    def __init__(self, name, pin):
        self.name = name
        self.pin = pin
        self.down = False
        self.changed_at = None  # ticks of the last accepted change of level
        self.long_sent = False
        self.next_repeat = 0    # ms after changed_at at which the next REPEAT is due


class Buttons:
    def __init__(self, pins):
        """pins: dict key name -> pin (active low)."""
        self.keys = [Key(name, pins[name]) for name in KEY_NAMES if name in pins]

    def names(self):
        return [key.name for key in self.keys]

    def held(self, name):
        """Whether the key is down right now (reads its pin; used at boot for safe mode)."""
        for key in self.keys:
            if key.name == name:
                return key.pin.value() == 0
        return False

    def poll(self, now_ms):
        """The events since the last poll, as a list of (key name, kind)."""
        events = []
        for key in self.keys:
            since = DEBOUNCE_MS if key.changed_at is None else ticks_since(now_ms, key.changed_at)
            if since >= DEBOUNCE_MS:
                down = key.pin.value() == 0
                if down != key.down:
                    key.down = down
                    key.changed_at = now_ms
                    key.long_sent = False
                    key.next_repeat = REPEAT_DELAY_MS
                    events.append((key.name, PRESS if down else RELEASE))
                    continue
            if not key.down:
                continue
            if not key.long_sent and since >= LONG_MS:
                key.long_sent = True
                events.append((key.name, LONG))
            if since >= key.next_repeat:
                while since >= key.next_repeat:  # one REPEAT however late the poll
                    key.next_repeat += REPEAT_MS
                events.append((key.name, REPEAT))
        return events
