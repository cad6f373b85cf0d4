"""The button debouncer (firmware/deckhw/buttons.py) on scripted pin levels over simulated
ticks, and its queue of the changes the pins' interrupts saw while the app was busy. Runs
under pytest and under MicroPython (tests/host/test_board_under_micropython.py)."""

from deckhw.buttons import (DEBOUNCE_MS, LONG, LONG_MS, PRESS, RELEASE, REPEAT,
                            REPEAT_DELAY_MS, REPEAT_MS, TICKS_PERIOD, Buttons)

POLL_MS = 5


class ScriptedPin:
    """A key's pin whose level the test sets: 1 up (pulled up), 0 down."""

    def __init__(self):
        self.level = 1

    def value(self):
        return self.level


def make_keys(names=("a", "up")):
    pins = dict((name, ScriptedPin()) for name in names)
    return Buttons(pins), pins


def run(keys, pins, script, until_ms):
    """Poll every POLL_MS from 0 to until_ms; script: {ms: (key, level)} applied before the
    poll at that time. Returns [(ms, key, kind)]."""
    events = []
    for now in range(0, until_ms + 1, POLL_MS):
        if now in script:
            key, level = script[now]
            pins[key].level = level
        for key, kind in keys.poll(now):
            events.append((now, key, kind))
    return events


def test_a_press_is_reported_at_the_first_poll_that_sees_the_key_down():
    keys, pins = make_keys()
    assert run(keys, pins, {10: ("a", 0)}, 50) == [(10, "a", PRESS)]


def test_a_release_is_reported_when_the_key_comes_up():
    keys, pins = make_keys()
    assert run(keys, pins, {10: ("a", 0), 100: ("a", 1)}, 150) == [(10, "a", PRESS),
                                                                  (100, "a", RELEASE)]


def test_contact_bounce_within_the_debounce_time_is_ignored():
    keys, pins = make_keys()
    bounce = {10: ("a", 0), 15: ("a", 1), 20: ("a", 0), 25: ("a", 1), 30: ("a", 0)}
    assert DEBOUNCE_MS <= 20
    assert run(keys, pins, bounce, 60) == [(10, "a", PRESS)]


def test_a_change_that_lasts_past_the_debounce_time_is_taken_when_it_ends():
    keys, pins = make_keys()
    # down at 10, up again at 15 (inside the debounce time): the release is seen at 30
    events = run(keys, pins, {10: ("a", 0), 15: ("a", 1)}, 60)
    assert events == [(10, "a", PRESS), (10 + DEBOUNCE_MS, "a", RELEASE)]


def test_a_long_press_is_reported_once():
    keys, pins = make_keys()
    events = run(keys, pins, {0: ("a", 0)}, LONG_MS * 3)
    assert [e for e in events if e[2] == LONG] == [(LONG_MS, "a", LONG)]


def test_a_held_key_repeats_after_the_delay_at_its_rate():
    keys, pins = make_keys()
    end = REPEAT_DELAY_MS + 3 * REPEAT_MS
    repeats = [ms for ms, key, kind in run(keys, pins, {0: ("up", 0)}, end) if kind == REPEAT]
    assert repeats == [REPEAT_DELAY_MS + i * REPEAT_MS for i in range(4)]


def test_a_late_poll_gives_one_repeat_not_a_burst():
    keys, pins = make_keys()
    pins["up"].level = 0
    assert keys.poll(0) == [("up", PRESS)]
    late = REPEAT_DELAY_MS + 5 * REPEAT_MS
    assert keys.poll(late).count(("up", REPEAT)) == 1
    assert keys.poll(late + POLL_MS) == ()


def test_keys_are_independent():
    keys, pins = make_keys()
    events = run(keys, pins, {10: ("a", 0), 12 + 3: ("up", 0), 40: ("a", 1)}, 60)
    assert events == [(10, "a", PRESS), (15, "up", PRESS), (40, "a", RELEASE)]


def test_held_reads_the_pin_without_polling():
    keys, pins = make_keys()
    assert not keys.held("a")
    pins["a"].level = 0
    assert keys.held("a")
    assert not keys.held("x")  # a key this board does not have


def test_only_the_board_s_keys_exist():
    keys, _ = make_keys(("b", "a", "left"))
    assert keys.names() == ["left", "a", "b"]


def test_the_tick_counter_wrapping_around_changes_nothing():
    keys, pins = make_keys()
    before_wrap = TICKS_PERIOD - 10
    pins["a"].level = 0
    assert keys.poll(before_wrap) == [("a", PRESS)]
    pins["a"].level = 1
    assert keys.poll(5) == ()  # 15 ms later, inside the debounce time
    assert keys.poll(before_wrap + DEBOUNCE_MS - TICKS_PERIOD) == [("a", RELEASE)]


class InterruptPin(ScriptedPin):
    """A board's pin with an interrupt on both edges (Pin.irq): `set(level)` changes its level
    and, as the pin's interrupt does, calls the handler at once."""

    IRQ_FALLING = 4
    IRQ_RISING = 8

    def irq(self, handler, trigger, hard=False):
        assert trigger == self.IRQ_FALLING | self.IRQ_RISING and hard
        self.interrupt = handler

    def set(self, level):
        self.level = level
        self.interrupt(self)


def keys_with_interrupts(names=("down", "b")):
    """Buttons on InterruptPins, and the clock their interrupts read: clock[0] ms."""
    clock = [0]
    pins = dict((name, InterruptPin()) for name in names)
    return Buttons(pins, lambda: clock[0]), pins, clock


def busy(pins, clock, changes):
    """Changes of level while the app is busy, no poll between them: (ms, key, level)."""
    for at, name, level in changes:
        clock[0] = at
        pins[name].set(level)


def test_presses_while_the_app_is_busy_are_handed_on_in_order_each_with_its_release():
    keys, pins, clock = keys_with_interrupts()
    # B, then Down twice, 150 ms apart, each let go again, between two polls 500 ms apart
    busy(pins, clock, [(0, "b", 0), (70, "b", 1), (150, "down", 0), (220, "down", 1),
                       (300, "down", 0), (370, "down", 1)])
    assert keys.poll(500) == [("b", PRESS), ("b", RELEASE), ("down", PRESS), ("down", RELEASE),
                              ("down", PRESS), ("down", RELEASE)]
    assert keys.poll(510) == ()


def test_presses_quicker_than_a_change_of_screen_and_only_a_debounce_apart_all_count():
    keys, pins, clock = keys_with_interrupts()
    # down and up every DEBOUNCE_MS, 5 presses in 190 ms, no poll (each change its own time)
    busy(pins, clock, [(DEBOUNCE_MS * i, "down", i % 2) for i in range(10)])
    assert keys.poll(400) == [("down", PRESS), ("down", RELEASE)] * 5


def test_contact_bounce_queues_one_change():
    keys, pins, clock = keys_with_interrupts()
    # a press bouncing for 4 ms, a release bouncing for 3 ms
    busy(pins, clock, [(100, "b", 0), (101, "b", 1), (102, "b", 0), (104, "b", 0),
                       (200, "b", 1), (201, "b", 0), (203, "b", 1)])
    assert keys.poll(300) == [("b", PRESS), ("b", RELEASE)]


def test_a_tap_shorter_than_a_bounce_is_a_press_its_release_found_by_the_level():
    keys, pins, clock = keys_with_interrupts()
    busy(pins, clock, [(100, "b", 0), (100 + DEBOUNCE_MS - 5, "b", 1)])  # taken for a bounce
    assert keys.poll(100 + DEBOUNCE_MS - 1) == [("b", PRESS)]
    assert keys.poll(100 + DEBOUNCE_MS) == [("b", RELEASE)]  # the level, once it may be read
    busy(pins, clock, [(300, "b", 0), (370, "b", 1)])  # and the next press is queued
    assert keys.poll(400) == [("b", PRESS), ("b", RELEASE)]


def test_a_change_seen_both_by_its_interrupt_and_by_a_poll_counts_once():
    keys, pins, clock = keys_with_interrupts()
    pins["b"].level = 0  # down, its interrupt not yet run when the poll reads it
    assert keys.poll(5) == [("b", PRESS)]
    busy(pins, clock, [(5, "b", 0)])  # then the interrupt: a change to where the key is
    assert keys.poll(100) == ()
    busy(pins, clock, [(150, "b", 1)])
    assert keys.poll(160) == [("b", RELEASE)]
    assert keys.poll(300) == ()


def test_a_key_held_through_the_change_of_screen_is_long_and_repeats_from_its_press():
    keys, pins, clock = keys_with_interrupts()
    busy(pins, clock, [(0, "down", 0)])  # held down while the app is busy for 700 ms
    assert keys.poll(LONG_MS + 100) == [("down", PRESS), ("down", LONG), ("down", REPEAT)]


def test_a_full_queue_loses_the_presses_past_it_never_the_app_and_the_levels_stay_right():
    keys, pins, clock = keys_with_interrupts()
    ring = len(keys.buffer) // 3  # changes: a place stays empty (ring - 1 fit)
    presses = ring  # twice what the ring holds
    busy(pins, clock, [(50 * i, "down", i % 2) for i in range(2 * presses)]
         + [(50 * 2 * presses, "b", 0)])  # then B, pressed and held
    events = keys.poll(50 * 2 * presses + 100)
    kept = (ring - 1) // 2  # whole presses in the ring (7)
    assert events[:2 * kept] == [("down", PRESS), ("down", RELEASE)] * kept
    assert events[2 * kept:] == [("down", PRESS), ("down", RELEASE), ("b", PRESS)]  # the
    # ring's last change (a press), its release from the level, and B from its level
    busy(pins, clock, [(4900, "b", 1), (5000, "down", 0), (5070, "down", 1)])  # room again
    assert keys.poll(5100) == [("b", RELEASE), ("down", PRESS), ("down", RELEASE)]


def test_the_queue_works_across_the_wrap_of_the_tick_counter():
    keys, pins, clock = keys_with_interrupts()
    start = TICKS_PERIOD - 30
    busy(pins, clock, [(start, "down", 0), (start + 10, "down", 1),  # a bounce (10 ms)
                       ((start + 25) % TICKS_PERIOD, "down", 1)])  # 25 ms: the release
    assert keys.poll(20) == [("down", PRESS), ("down", RELEASE)]


def test_the_interrupt_allocates_nothing():
    """Under MicroPython (tests/host/test_board_under_micropython.py) the handler runs with
    the heap locked, as in a hard interrupt: an allocation would raise MemoryError."""
    try:
        from micropython import heap_lock, heap_unlock
    except ImportError:  # CPython: only MicroPython can lock its heap
        return
    keys, pins, clock = keys_with_interrupts()
    for at, level in ((100, 0), (101, 1), (200, 1), (TICKS_PERIOD - 1, 0)):
        clock[0] = at
        pins["down"].level = level
        heap_lock()
        try:
            keys.handler(pins["down"])
        finally:
            heap_unlock()
    assert keys.poll(300) == [("down", PRESS), ("down", RELEASE), ("down", PRESS)]


def test_a_poll_that_finds_no_event_allocates_nothing():
    """The app polls every 10 ms while it waits for a key: a poll's garbage would make when
    the heap is collected, and where what the next key makes lands, hang on how long the wait
    was (tests/host/test_device_heap_layout.py). Under MicroPython the polls run with the heap
    locked: keys up, then one held down between its press and its first REPEAT."""
    try:
        from micropython import heap_lock, heap_unlock
    except ImportError:  # CPython: only MicroPython can lock its heap
        return
    keys, pins = make_keys()
    assert keys.poll(0) == ()
    pins["up"].level = 0
    assert keys.poll(10) == [("up", PRESS)]
    events = 0
    heap_lock()
    try:
        for now in range(20, REPEAT_DELAY_MS, 50):
            events += len(keys.poll(now))
    finally:
        heap_unlock()
    assert events == 0


def test_a_change_queued_during_the_poll_keeps_its_own_time():
    keys, pins, clock = keys_with_interrupts()
    busy(pins, clock, [(105, "down", 0)])  # its interrupt ran after the poll read the clock
    assert keys.poll(100) == [("down", PRESS)]
    assert keys.poll(104 + REPEAT_DELAY_MS) == ()
    assert keys.poll(105 + REPEAT_DELAY_MS) == [("down", REPEAT)]
