"""The log store under flash faults, in the MicroPython unix port on LittleFS over a RAM flash
with 4096-byte blocks (issue 14, point 4): I/O errors, a full flash, flipped bytes, a cut-off
line and a power cut while boot repairs it.

Run by tests/core/run_under_micropython.py with the compiled rules core on the path; the
firmware sources (for deckapp) are found from this file's place in the repository.
"""

import json
import sys

sys.path.append(__file__.rsplit("/", 1)[0] + "/../../firmware")

from deckapp.store import SYNC_MESSAGE, Store, StoreError, StoreFull
from deckcore.bots.levels import make
from deckcore.games import load
from deckcore.replay import LogError, Replay
from deckcore.selfplay import play_match
from flash import Flash, cut_images, format_and_mount, mount, record, unmount

_played = {}


def scioto_log(seed):
    """The lines of a real two-player Scioto match played by random bots."""
    if seed not in _played:
        game = load("scioto")({})
        bots = [make("random", game), make("random", game)]
        lines = []
        play_match(game, seed, bots, lines.append)
        _played[seed] = lines
    return _played[seed]


BLOCKS = 34  # (32 before the folders of logs: a folder takes two blocks)


def fresh_store(blocks=BLOCKS, **limits):
    try:
        unmount()
    except OSError:
        pass
    flash = Flash(blocks)
    format_and_mount(flash)
    store = Store("/flash", **limits)
    store.boot()
    return flash, store


def restart(flash, **limits):
    """Unmount and mount again, as after switching the device off and on; boots the store."""
    unmount()
    mount(flash)
    store = Store("/flash", **limits)
    return store, store.boot()


def play(store, game_id, lines, close=True):
    log = store.start_game(game_id, lines[0])
    for line in lines[1:]:
        log.append(line)
    if close:
        log.close()
    return log


def stored_lines(store, game_id):
    return [line + "\n" for line in store.read_lines(game_id)]


def flip_byte(path, offset):
    """Flip the low bit of one byte of a file in place."""
    with open(path, "r+b") as handle:
        handle.seek(offset)
        byte = handle.read(1)[0]
        handle.seek(offset)
        handle.write(bytes([byte ^ 1]))


def expect_raises(kind, work):
    try:
        work()
    except kind as error:
        return error
    raise AssertionError("%s was not raised" % kind.__name__)


def replays(lines):
    replay = Replay(load)
    for line in lines:
        replay.feed(json.loads(line))
    return replay


def test_a_write_error_in_an_append_loses_only_that_event_and_the_game_goes_on():
    flash, store = fresh_store()
    lines = scioto_log(1)
    log = play(store, "1", lines[:10], close=False)
    flash.fail_writes = (flash.operations,)
    error = expect_raises(StoreError, lambda: log.append(lines[10]))
    assert not isinstance(error, StoreFull) and "flash error" in str(error), error
    assert stored_lines(store, "1") == lines[:10]
    log = store.open_game()
    for line in lines[10:]:
        log.append(line)
    log.close()
    store, report = restart(flash)
    assert store.problems == [] and stored_lines(store, "1") == lines
    replays(lines)


def test_read_errors_are_reported_as_flash_errors_and_lose_nothing():
    flash, store = fresh_store()
    play(store, "1", scioto_log(1))
    play(store, "2", scioto_log(2)[:20], close=False)
    store.save_state("settings", {"brightness": 60})
    unmount()
    mount(flash)
    flash.fail_reads = range(flash.reads + 1, flash.reads + 10 ** 6)
    store = Store("/flash")
    for work in (store.boot, lambda: list(store.read_lines("1")),
                 lambda: store.load_state("settings", None)):
        assert "flash error" in str(expect_raises(StoreError, work))
    flash.fail_reads = ()
    store, report = restart(flash)
    assert store.problems == []
    assert stored_lines(store, "1") == scioto_log(1)
    assert stored_lines(store, "2") == scioto_log(2)[:20]
    assert store.load_state("settings", None) == {"brightness": 60}


def test_a_full_flash_mid_game_keeps_every_committed_event_and_every_saved_log():
    flash, store = fresh_store(blocks=21, reserve_bytes=0)
    store.save_state("settings", {"brightness": 60})
    seed = 0
    while True:  # play until the flash is full
        seed += 1
        lines = scioto_log(seed)
        count = 0  # lines committed
        try:
            log = store.start_game(str(seed), lines[0])
            for count in range(1, len(lines)):
                log.append(lines[count])
            count = len(lines)
            log.close()
        except StoreFull as error:
            assert str(error) == SYNC_MESSAGE
            break
    assert seed > 3 and 1 < count < len(lines), (seed, count)  # full in the middle of a game
    assert stored_lines(store, str(seed)) == lines[:count]
    assert store.load_state("settings", None) == {"brightness": 60}
    settings = {"brightness": 10}
    try:  # a small file may still fit in the metadata
        store.save_state("settings", settings)
    except StoreFull:
        settings = {"brightness": 60}
    assert store.load_state("settings", None) == settings
    store, report = restart(flash, reserve_bytes=0)
    assert store.problems == [] and store.load_state("settings", None) == settings
    for saved in range(1, seed):
        assert stored_lines(store, str(saved)) == scioto_log(saved)
    assert stored_lines(store, str(seed)) == lines[:count]
    replays(lines[:count])
    for entry in store.games():  # the sync: the PC acknowledges what it saved
        if entry["state"] == "closed":
            store.acknowledge(entry["id"], entry["sha256"])
    assert len(store.prune()) == seed - 1
    log = store.open_game()
    if count < len(lines):
        for line in lines[count:]:
            log.append(line)
        log.close()
    assert stored_lines(store, str(seed)) == lines
    assert store.entry(str(seed))["state"] == "closed"


def test_a_new_game_is_refused_with_the_sync_message_when_space_is_short():
    flash, store = fresh_store()
    store.reserve_bytes = store.free_bytes() + 1
    error = expect_raises(StoreFull, lambda: store.start_game("1", scioto_log(1)[0]))
    assert str(error) == SYNC_MESSAGE
    assert list(store.games()) == [] and store.open_game() is None


def test_a_flipped_byte_in_a_closed_log_is_reported_and_nothing_else_is_lost():
    flash, store = fresh_store()
    play(store, "1", scioto_log(1))
    play(store, "2", scioto_log(2))
    play(store, "3", scioto_log(3)[:30], close=False)
    store.save_state("settings", {"brightness": 60})
    sha256 = {entry["id"]: entry["sha256"] for entry in store.games() if entry["sha256"]}
    flip_byte(store.log_path("1"), len(scioto_log(1)[0]) + 30)
    store, report = restart(flash)
    assert store.problems == ["The log of game 1 is damaged"], store.problems
    assert [entry["damaged"] is not None for entry in store.games()] == [True, False, False]
    assert stored_lines(store, "2") == scioto_log(2)
    assert stored_lines(store, "3") == scioto_log(3)[:30]
    assert store.load_state("settings", None) == {"brightness": 60}
    store.acknowledge("1", sha256["1"])
    store.acknowledge("2", sha256["2"])
    assert store.prune() == ["2"]  # the damaged log stays for the PC to report
    assert store.entry("1") is not None


def test_a_flipped_byte_in_the_open_log_is_found_and_the_log_is_left_as_it_was():
    flash, store = fresh_store()
    lines = scioto_log(1)
    play(store, "1", lines[:12], close=False)
    size = len("".join(lines[:12]))
    flip_byte(store.log_path("1"), len(lines[0]) + len(lines[1]))  # the '{' of line 3
    store, report = restart(flash)
    assert store.problems == ["The log of game 1 is damaged at line 3"], store.problems
    assert len(list(store.read_lines("1"))) == 12 and next(store.games())["size"] == size
    flip_byte(store.log_path("1"), len(lines[0]) + len(lines[1]))
    flip_byte(store.log_path("1"), len("".join(lines[:4])) - 4)  # a card of an act line
    store, report = restart(flash)
    assert store.problems == []
    expect_raises(LogError, lambda: replays(store.read_lines("1")))


def test_a_flipped_byte_in_a_state_file_gives_its_default_and_is_reported():
    flash, store = fresh_store()
    store.save_state("settings", {"brightness": 60})
    store.save_state("setups", [{"game": "scioto", "players": 2}])
    flip_byte(store.state_path("settings"), 5)
    store, report = restart(flash)
    assert store.load_state("settings", "default") == "default"
    assert store.load_state("setups", None) == [{"game": "scioto", "players": 2}]
    assert len(store.problems) == 1 and "settings" in store.problems[0], store.problems


def test_a_flipped_byte_in_the_manifest_rebuilds_it_from_the_logs():
    flash, store = fresh_store()
    play(store, "1", scioto_log(1))
    play(store, "2", scioto_log(2)[:9], close=False)
    entry = store.entry("1")
    store.acknowledge("1", entry["sha256"])
    flip_byte(store.manifest_path, 3)
    store, report = restart(flash)
    assert len(store.problems) == 1 and "rebuilt" in store.problems[0], store.problems
    rebuilt = store.entry("1")
    assert rebuilt["state"] == "closed" and rebuilt["sha256"] == entry["sha256"]
    assert rebuilt["result"] == entry["result"] and store.acked("1") == entry["sha256"]
    assert store.entry("2")["state"] == "open" and store.entry("2")["game"] == "scioto"
    assert store.prune() == ["1"]


def test_a_cut_off_last_line_is_removed_at_boot_even_if_the_power_fails_meanwhile():
    flash, store = fresh_store()
    lines = scioto_log(1)
    play(store, "1", lines[:10], close=False)
    with open(store.log_path("1"), "ab") as handle:
        handle.write(lines[10][:15].encode())
    unmount()
    mount(flash)
    base, trace = record(flash, lambda: Store("/flash").boot())
    unmount()
    for cut, image in cut_images(base, trace):
        flash = Flash(BLOCKS, image)
        mount(flash)
        store = Store("/flash")
        store.boot()
        assert store.problems == [], (cut, store.problems)
        assert stored_lines(store, "1") == lines[:10], cut
        store.open_game().append(lines[10])
        assert stored_lines(store, "1") == lines[:11], cut
        unmount()
    assert len(trace) > 3, trace


def test_a_batch_of_acknowledgements_is_one_write_and_older_ack_files_join_the_journal():
    """The sync acknowledges many logs in one block of the journal: 20 logs cost a few flash
    operations (a file each cost 20 renames and more); the acknowledgements of the firmware
    before the journal, a file a log, are moved into it at boot, and the prune honours both."""
    flash, store = fresh_store(blocks=64)
    for number in range(1, 22):
        play(store, str(number), scioto_log(1 + number % 3))
    entries = [entry for entry in store.games()]
    before = flash.operations
    assert store.acknowledge_listed([[entry["id"], entry["size"], entry["sha256"][:16]]
                                     for entry in entries[:20]], True) == []
    assert flash.operations - before <= 6, flash.operations - before
    assert [entry["id"] for entry in store.games() if entry["synced"]] == [
        str(number) for number in range(1, 21)]
    from deckapp.checked_file import exists, write_checked  # as the firmware before wrote it
    write_checked(store.logs_dir + "/21.ack", [entries[20]["sha256"]])
    store, report = restart(flash)
    assert "moved 1 acknowledgements into the journal" in report, report
    assert not exists(store.logs_dir + "/21.ack") and store.acked("21") == entries[20]["sha256"]
    assert sorted(store.prune(), key=int) == [str(number) for number in range(1, 22)]
    assert list(store.games()) == [] and not exists(store.logs_dir + "/acks.chk")


def test_the_logs_of_the_firmware_before_the_folders_of_logs_are_moved_into_them_at_boot():
    """The firmware before the folders of logs kept every log in the logs folder itself: the
    first boot moves them into their folders of 32 (32 at a time: more than one
    pass here), with the game in progress, and loses nothing: the logs are whole, the open
    game goes on, acknowledgements hold and the prune then empties a folder and removes it.
    (A power cut at each of its writes: power_cut_sweep.py migrating.)"""
    import os
    FOLDER_LOGS = 32  # (decklink's log_name)
    flash, store = fresh_store(blocks=48)
    count = 2 * FOLDER_LOGS + 6
    small = ['{"t":"header","game":"scioto"}\n', '{"t":"end"}\n']  # (kept in the metadata)
    for number in range(1, count):
        play(store, str(number), small)
    play(store, str(count), scioto_log(2)[:9], close=False).handle.close()  # (switched off)
    entries = dict((entry["id"], entry) for entry in store.games())
    acks = [[str(number), entries[str(number)]["size"], entries[str(number)]["sha256"][:16]]
            for number in range(1, FOLDER_LOGS)]  # games 1-31: the first folder, but game 0
    assert store.acknowledge_listed(acks, True) == []
    folders = sorted(os.listdir(store.logs_dir))
    for number in range(1, count + 1):  # as the firmware before the folders kept them
        os.rename(store.log_path(str(number)), "%s/%d.jsonl" % (store.logs_dir, number))
    for name in folders:
        if "." not in name:
            os.rmdir(store.logs_dir + "/" + name)
    store, report = restart(flash)
    assert report == ["moved %d logs into their folders" % count], report
    assert store.problems == [] and sorted(os.listdir(store.logs_dir)) == folders
    assert folders == ["0", "1", "2", "acks.chk", "manifest.chk"], folders
    for number in range(1, count):
        assert stored_lines(store, str(number)) == small
    log = store.open_game()
    assert log.game_id == str(count) and stored_lines(store, str(count)) == scioto_log(2)[:9]
    log.append(scioto_log(2)[9])
    assert stored_lines(store, str(count)) == scioto_log(2)[:10]
    assert sorted(store.prune(), key=int) == [str(number) for number in range(1, FOLDER_LOGS)]
    assert sorted(os.listdir(store.logs_dir)) == ["1", "2", "manifest.chk"]  # folder 0 gone
    store, report = restart(flash)
    assert report == [] and store.problems == []
