"""The button debouncer: polled pins in, (key, kind) events out.

Keys are named `up down left right press a b x y`; a board passes the ones it has as a dict
of key name to pin (anything with `value()`, active low: 0 while the key is down). The app
polls every few milliseconds with the current `time.ticks_ms()`:

- PRESS when a key goes down, RELEASE when it comes up: a change of level is taken at once,
  then that key ignores its pin for DEBOUNCE_MS while the contacts bounce;
- LONG once, LONG_MS after a PRESS, if the key is still down;
- REPEAT after REPEAT_DELAY_MS held, then every REPEAT_MS, for every held key (the screens
  use it on the joystick directions and ignore it elsewhere).

A press is never lost while the app is busy between two polls (a screen being imported and
drawn): on a board (given `ticks_ms`), every change of a key's pin raises its interrupt
(Pin.irq on both edges, hard: `handler` runs at the change and allocates nothing), which
puts the key, its new level and the time in a ring buffer of 16 changes made with the keys;
a change within DEBOUNCE_MS of the key's last one (in the ring, or the last the poll handed
on) is a bounce and is left out. The
poll hands the changes in the ring on first, in the order they came, each as its PRESS or
RELEASE (one that leaves the key as it is is dropped), then reads the levels as above, which
also finds any change the ring missed. A full ring drops the change that comes then: with
more than 7 presses waiting, a press is lost, never the app, and the key's level is right
again at the next poll.

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


class Buttons:
    """The board's keys, each known by its place in `keys` (KEY_NAMES' order): its pin and
    state are at that place in the lists below (lists rather than an object a key: 0.9 KB
    less of the heap, which keeps them for good)."""

    def __init__(self, pins, ticks_ms=None):
        """pins: dict key name -> pin (active low). With `ticks_ms` (a board's clock) each
        pin's interrupt puts its changes in the ring (`handler`)."""
        self.keys = [name for name in KEY_NAMES if name in pins]
        self.pins = [pins[name] for name in self.keys]
        self.down = bytearray(len(self.keys))  # 0 up, 1 down, 2 down and its LONG sent
        self.changed_at = [None] * len(self.keys)  # ticks of its last accepted change of level
        self.next_repeat = [0] * len(self.keys)  # ms after changed_at of its next REPEAT
        self.buffer = bytearray(48)  # the ring, 16 changes of 3 bytes: key index * 2 + level,
        # then its ticks' low 16 bits, low byte first (the poll, within 65 s, adds the rest)
        self.read = self.write = 0  # where the poll reads the next change, the interrupt writes
        self.ticks_ms = ticks_ms
        if ticks_ms is not None:
            handler = self.handler  # one for every pin
            for pin in self.pins:
                pin.irq(handler, 12, True)  # IRQ_FALLING | IRQ_RISING (4 | 8), hard

    def handler(self, pin):
        """A key's pin changed level (its interrupt): the change put in the ring, unless it
        comes within DEBOUNCE_MS of the key's last change (its latest in the ring, else the
        last the poll handed on) or the ring is full. It runs in the interrupt: no
        allocation (small ints, masks for the wrap of the tick counter, no iterator)."""
        now = self.ticks_ms()
        pins = self.pins
        index = 0
        while pins[index] is not pin:
            index += 1
        buffer = self.buffer
        write = at = self.write
        since = self.changed_at[index]
        if since is not None:
            since = (now - since) & 0x3FFFFFFF
        while at != self.read:
            at = (at - 3) % len(buffer)
            if buffer[at] // 2 == index:
                since = (now - buffer[at + 1] - 256 * buffer[at + 2]) & 0xFFFF
                break
        if since is not None and since < DEBOUNCE_MS:
            return
        if (write + 3) % len(buffer) != self.read:
            buffer[write] = 2 * index + pin.value()
            buffer[write + 1] = now & 0xFF
            buffer[write + 2] = now >> 8 & 0xFF
            self.write = (write + 3) % len(buffer)

    def names(self):
        return list(self.keys)

    def held(self, name):
        """Whether the key is down right now (reads its pin; used at boot for safe mode)."""
        return name in self.keys and self.pins[self.keys.index(name)].value() == 0

    def change(self, events, index, ticks):
        """Key `index` went down or up at `ticks`: `events` with its event added."""
        self.down[index] = 0 if self.down[index] else 1
        self.changed_at[index] = ticks
        self.next_repeat[index] = REPEAT_DELAY_MS
        return self.add(events, index, PRESS if self.down[index] else RELEASE)

    def add(self, events, index, kind):
        """`events` (a list, or None before the poll's first) with key `index`'s `kind` added."""
        if events is None:
            return [(self.keys[index], kind)]
        events.append((self.keys[index], kind))
        return events

    def poll(self, now_ms):
        """The events since the last poll, as a list of (key name, kind), or () if there are
        none. A poll that finds none allocates nothing: the app polls every 10 ms while it
        waits for a key, and a list each time was garbage whose amount, and so when the heap
        is collected and where the objects that stay land, hung on how long the wait was
        (a person's pace, a loaded host's: docs/notes/2026-12-06-idle-heap.md)."""
        events = None
        buffer = self.buffer
        down = self.down
        while self.read != self.write:  # the ring's changes first, in order
            read = self.read
            index = buffer[read] // 2
            if (down[index] != 0) != (buffer[read] % 2 == 0):
                ago = (now_ms - buffer[read + 1] - 256 * buffer[read + 2]) & 0xFFFF
                events = self.change(events, index, (now_ms - ago + (0x10000 if ago >= 0x8000
                                                                     else 0)) % TICKS_PERIOD)
                # (a change the interrupt timed after now_ms: `ago` counts back from 65536)
            self.read = (read + 3) % len(buffer)
        for index in range(len(self.keys)):
            changed_at = self.changed_at[index]
            since = DEBOUNCE_MS if changed_at is None else ticks_since(now_ms, changed_at)
            if since >= DEBOUNCE_MS and (down[index] != 0) != (self.pins[index].value() == 0):
                events = self.change(events, index, now_ms)
                continue
            if not down[index]:
                continue
            if down[index] == 1 and since >= LONG_MS:
                down[index] = 2
                events = self.add(events, index, LONG)
            if since >= self.next_repeat[index]:
                while since >= self.next_repeat[index]:  # one REPEAT however late the poll
                    self.next_repeat[index] += REPEAT_MS
                events = self.add(events, index, REPEAT)
        return events or ()
