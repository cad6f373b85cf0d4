"""A power cut at every flash write and erase of a scripted workload, under MicroPython.

Usage: micropython power_cut_sweep.py CORE_DIR FIRMWARE_DIR FIRST_LOG SECOND_LOG [SHARD COUNT
[migrating]]
(CORE_DIR holds the compiled deckcore, FIRMWARE_DIR the firmware sources; a shard tries the
cut points k with k % COUNT == SHARD.) `migrating`: the workload up to the second game's half
is done first, and its logs moved into the logs folder itself, as the firmware before the
folders of logs kept them; what is recorded and cut is the boot that moves them into their
folders and the rest of the workload.

The workload on a freshly formatted flash: boot the store, save the settings, play the first
game to its end and close it, acknowledge it, start the second game, prune the first half way
through the second, and leave the second open. It is run once, recording every write and
erase. The workload is deterministic up to a cut, so a cut at operation k leaves the image
after operations 0..k-1: the sweep tries that, and operation k torn in half, for every k.
After each cut the flash must mount and the store must boot without reporting damage; every
closed log is whole and matches its manifest hash; the open log is a prefix of the intended
lines, missing at most the line in flight; the settings are the old or the new value; the open
game replays through the rules core and takes its next line. Prints one line of outcomes and
exits 1 at the first cut that breaks a rule."""

import os
import sys

sys.path[1:1] = sys.argv[1:3]

from deckapp.play import stored
from deckapp.store import Store
from flash import Flash, cut_images, format_and_mount, mount, record, unmount

BLOCKS = 32
SETTINGS = {"brightness": 80, "names": ["Ann"]}
BOOT_OUTCOMES = (("unfinished file", "boot removed a temp file"),
                 ("empty log", "boot removed an empty log"),
                 ("found the log", "boot listed an unlisted log"),
                 ("which had ended", "boot finished a close"),
                 ("cut-off", "boot repaired a cut-off line"),
                 ("acknowledgement of pruned", "boot finished a prune"),
                 ("into their folders", "boot moved logs into their folders"))


class Script:
    """The workload, with the operation count at which each step had returned."""

    def __init__(self, flash, games):
        self.flash = flash
        self.games = games
        self.returned = {}

    def step(self, name):
        self.returned[name] = self.flash.operations

    def play_lines(self, log, game_number, first, stop):
        lines = self.games[game_number - 1]
        for index in range(first, stop):
            log.append(lines[index])
            self.step((game_number, index + 1))

    def run(self, store):
        self.begin(store)
        self.finish(store)

    def begin(self, store):
        """Boot, the settings, the first game played, closed and acknowledged, the second
        begun: half its lines."""
        store.boot()
        self.step("boot")
        store.save_state("settings", SETTINGS)
        self.step("settings")
        first, second = self.games
        log = store.start_game("1", first[0])
        self.step((1, 1))
        self.play_lines(log, 1, 1, len(first))
        log.close()
        self.step("close")
        store.acknowledge("1", store.entry("1")["sha256"])
        self.step("acknowledge")
        self.log = store.start_game("2", second[0])
        self.step((2, 1))
        self.play_lines(self.log, 2, 1, len(second) // 2)

    def finish(self, store):
        """The first game pruned, the second played on (it stays open)."""
        second = self.games[1]
        store.prune()
        self.step("prune")
        self.play_lines(self.log, 2, len(second) // 2, len(second) - 1)

    def migrating(self, flash):
        """The workload's beginning as the firmware before the folders of logs left it (the
        logs in the logs folder itself); then recorded: a boot, which moves them into their
        folders, and the rest of the workload."""
        store = Store("/flash", reserve_bytes=0)
        self.begin(store)
        self.log.handle.close()  # (the device switched off)
        for game_id in ("1", "2"):
            os.rename(store.log_path(game_id), "%s/%s.jsonl" % (store.logs_dir, game_id))
        os.rmdir(store.log_path("1").rsplit("/", 1)[0])
        unmount()
        mount(flash)
        for step in self.returned:  # (done before any cut)
            self.returned[step] = 0
        flash.operations = 0

        def rest():
            store = Store("/flash", reserve_bytes=0)
            store.boot()
            self.step("boot again")
            self.log = store.open_game()
            self.finish(store)
        return rest

    def done(self, step, cut):
        return step in self.returned and self.returned[step] <= cut

    def committed(self, game_number, cut):
        count = 0
        while self.done((game_number, count + 1), cut):
            count += 1
        return count

    def written(self, game_number):
        count = 0
        while (game_number, count + 1) in self.returned:
            count += 1
        return count


def fail(cut, message):
    print("cut %d: %s" % (cut, message))
    sys.exit(1)


def check(script, image, cut, outcomes):
    flash = Flash(BLOCKS, image)
    try:
        mount(flash)
    except OSError as error:
        fail(cut, "the flash does not mount (%s)" % error)
    try:
        check_store(script, Store("/flash", reserve_bytes=0), cut, outcomes)
    finally:
        unmount()


def check_store(script, store, cut, outcomes):
    report = store.boot()
    if store.problems:
        fail(cut, "boot reports damage: %s" % store.problems)
    for words, outcome in BOOT_OUTCOMES:
        if [sentence for sentence in report if words in sentence]:
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
    if [name for name in os.listdir(store.logs_dir) if name.endswith(".jsonl")]:
        fail(cut, "a log is left outside its folder of logs")
    settings = store.load_state("settings", None)
    if settings != SETTINGS and (settings is not None or script.done("settings", cut)):
        fail(cut, "settings %r" % settings)
    for number in (1, 2):
        check_game(script, store, number, cut, outcomes)
    open_log = store.open_game()
    if open_log is not None:
        resume(script, store, open_log, cut, outcomes)


def check_game(script, store, number, cut, outcomes):
    game_id = str(number)
    entry = store.entry(game_id)
    intended = script.games[number - 1]
    if number == 1 and script.done("prune", cut):
        if entry is not None:
            fail(cut, "game 1 is still there after the prune")
        return
    if entry is None:
        if script.committed(number, cut) and not (number == 1 and script.done("acknowledge", cut)):
            fail(cut, "game %d is missing" % number)
        return
    lines = list(store.read_lines(game_id))
    committed = script.committed(number, cut)
    if not committed <= len(lines) <= min(committed + 1, script.written(number)):
        fail(cut, "game %d has %d lines, %d were committed" % (number, len(lines), committed))
    for index in range(len(lines)):
        if lines[index] + "\n" != intended[index]:
            fail(cut, "game %d line %d differs" % (number, index + 1))
    if len(lines) > committed:
        outcomes["a line in flight was kept"] = outcomes.get("a line in flight was kept", 0) + 1
    if entry["state"] == "closed":
        if len(lines) != len(intended):
            fail(cut, "game %d is closed with %d of %d lines" % (number, len(lines), len(intended)))
        if number == 1 and script.done("acknowledge", cut) and store.acked("1") != entry["sha256"]:
            fail(cut, "game 1 lost its acknowledgement")
    elif script.done("close", cut) and number == 1:
        fail(cut, "game 1 is open again")


def resume(script, store, open_log, cut, outcomes):
    """The app resumes the open game (deckapp.play.stored) and it takes its next line (after
    the result of a hand cut off after its last play, which the resume writes)."""
    game_id = open_log.game_id
    count = len(list(open_log.lines()))
    try:
        session = stored.resume(store)
    except Exception as error:
        sys.print_exception(error)
        fail(cut, "game %s does not resume: %r" % (game_id, error))
    intended = script.games[int(game_id) - 1]
    if session is None:
        fail(cut, "game %s is not resumed" % game_id)
    lines = list(store.read_lines(game_id))
    if len(lines) > count:  # a hand cut off after its last play: the resume wrote its result
        if lines != [line[:-1] for line in intended[:len(lines)]] or len(lines) > count + 1:
            fail(cut, "game %s: the resume wrote %r" % (game_id, lines[count:]))
        outcomes["the resume scored a hand"] = outcomes.get("the resume scored a hand", 0) + 1
        count = len(lines)
    if count < len(intended):
        session.write(intended[count])
        if list(store.read_lines(game_id)) != [line[:-1] for line in intended[:count + 1]]:
            fail(cut, "game %s does not take its next line" % game_id)


def read_log(path):
    with open(path) as handle:
        return [line for line in handle]


def main():
    games = [read_log(sys.argv[3]), read_log(sys.argv[4])]
    shard, shards = (int(sys.argv[5]), int(sys.argv[6])) if len(sys.argv) > 6 else (0, 1)
    flash = Flash(BLOCKS)
    format_and_mount(flash)
    flash.operations = 0
    script = Script(flash, games)
    if sys.argv[7:] == ["migrating"]:
        work = script.migrating(flash)
    else:
        work = lambda: script.run(Store("/flash", reserve_bytes=0))  # noqa: E731
    base, trace = record(flash, work)
    unmount()
    outcomes = {}
    tried = 0
    for cut, image in cut_images(base, trace):
        if cut % shards == shard:
            check(script, image, cut, outcomes)
            tried += 1
    names = sorted(outcomes)
    print("operations %d, cut points tried %d, all passed; %s" % (
        len(trace), tried, ", ".join("%s %d" % (name, outcomes[name]) for name in names)))


main()
