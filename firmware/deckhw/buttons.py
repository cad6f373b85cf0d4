"""The button debouncer: polled pins in, (key, kind) events out.

Keys are named `up down left right press a b x y`; a board passes the ones it has as a dict
of key name to pin (anything with `value()`, active low: 0 while the key is down). The app
polls every few milliseconds with the current `time.ticks_ms()`:

- PRESS when a key goes down, RELEASE when it comes up: a change of level is taken at once,
  then that key ignores its pin for DEBOUNCE_MS while the contacts bounce;
- LONG once, LONG_MS after a PRESS, if the key is still down;
- REPEAT after REPEAT_DELAY_MS held, then every REPEAT_MS, for every held key (the screens
  use it on the joystick directions and ignore it elsewhere).

A press is never lost, however long the app is busy between two polls (a screen being
imported and drawn): on a board whose pins have interrupts, each key's falling edge (its press)
is queued as it happens (a bounce within DEBOUNCE_MS of the key's last change or press is
not), and the polls hand the queued presses on in the order they came, each followed by its
RELEASE, before the levels they read.

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
QUEUE = 16  # the most presses kept waiting for a poll


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
        self.pressed_at = None  # ticks of the last press its interrupt queued


class Buttons:
    def __init__(self, pins, ticks_ms=None):
        """pins: dict key name -> pin (active low). With `ticks_ms` (time.ticks_ms on a board)
        the pins that have interrupts (`irq`) queue their presses."""
        self.keys = [Key(name, pins[name]) for name in KEY_NAMES if name in pins]
        self.queue = []  # the Keys whose presses came since the last poll, in order
        self.ticks_ms = ticks_ms
        if ticks_ms is not None:
            edge = self._edge  # one handler for every pin
            for key in self.keys:
                if hasattr(key.pin, "irq"):
                    key.pin.irq(edge, key.pin.IRQ_FALLING)

    def _edge(self, pin):
        """A key's press edge (its pin's interrupt): queued, unless a bounce."""
        now = self.ticks_ms()
        for key in self.keys:
            if key.pin is pin:
                for then in (key.changed_at, key.pressed_at):
                    if then is not None and ticks_since(now, then) < DEBOUNCE_MS:
                        return
                key.pressed_at = now
                if len(self.queue) < QUEUE:
                    self.queue.append(key)
                return

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
        queue = self.queue
        while queue:  # the queued presses first, in order, each when its key is up again
            key = queue[0]
            if key.down or (key.changed_at is not None
                            and ticks_since(now_ms, key.changed_at) < DEBOUNCE_MS):
                break
            queue.pop(0)
            key.down = True
            key.changed_at = now_ms
            key.long_sent = False
            key.next_repeat = REPEAT_DELAY_MS
            events.append((key.name, PRESS))
        for key in self.keys:
            since = DEBOUNCE_MS if key.changed_at is None else ticks_since(now_ms, key.changed_at)
            if since >= DEBOUNCE_MS:
                down = key.pin.value() == 0
                if down != key.down:
                    if down and key in self.queue:  # its press was queued: taken now
                        self.queue.remove(key)
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
