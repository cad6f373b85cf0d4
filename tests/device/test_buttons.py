"""The button debouncer (firmware/deckhw/buttons.py) on scripted pin levels over simulated
ticks. Runs under pytest and under MicroPython (tests/host/test_board_under_micropython.py)."""

from deckhw.buttons import (DEBOUNCE_MS, LONG, LONG_MS, PRESS, RELEASE, REPEAT, REPEAT_DELAY_MS,
                            REPEAT_MS, TICKS_PERIOD, Buttons)

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
    assert keys.poll(late + POLL_MS) == []


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
    assert keys.poll(5) == []  # 15 ms later, inside the debounce time
    assert keys.poll(before_wrap + DEBOUNCE_MS - TICKS_PERIOD) == [("a", RELEASE)]
