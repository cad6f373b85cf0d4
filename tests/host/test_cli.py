"""The `deckmate` command as a new user meets it: every mistake is one line `deckmate: ...`
with status 2 (usage) or 1 (failure), never a traceback; --version and the help."""

import json
import os
import signal
import stat
import subprocess
import sys
import time

import pytest

from deckcore import RULES_VERSION
from deckmate.cli import main
from helpers import ROOT, deckmate, selfplay


def run(capsys, *args):
    """`deckmate ARGS` in this process: (exit status, stdout, stderr)."""
    try:
        status = main([str(a) for a in args])
    except SystemExit as stop:  # argparse's own usage errors
        status = stop.code
    out, err = capsys.readouterr()
    return status, out, err


def assert_one_line_error(status, err, expected_status, *words):
    assert status == expected_status
    assert err.startswith("deckmate") and err.count("\n") == 1 and "Traceback" not in err, err
    for word in words:
        assert word in err


@pytest.mark.parametrize("runtime", ["cpython", "micropython"])
def test_selfplay_says_in_one_line_why_the_log_cannot_be_written(capsys, tmp_path, runtime):
    (tmp_path / "a-file").write_text("")
    cases = [(tmp_path / "missing" / "x.jsonl", "No such file or directory"),
             (tmp_path, "Is a directory"),
             (tmp_path / "a-file" / "x.jsonl", "Not a directory")]
    if os.path.exists("/dev/full"):
        cases.append(("/dev/full", "No space left on device"))  # opens, but no write succeeds
    for out, reason in cases:
        status, _, err = run(capsys, "selfplay", "--game", "scioto", "--seed", 1,
                             "--runtime", runtime, "--out", out)
        assert_one_line_error(status, err, 1, "cannot write %s: %s" % (out, reason))


def test_selfplay_out_given_no_file_name_says_it_needs_one(capsys):
    status, _, err = run(capsys, "selfplay", "--game", "scioto", "--seed", 1, "--out", "")
    assert_one_line_error(status, err, 1, "--out needs a file name")


@pytest.mark.parametrize("hands", [0, -1])
def test_bench_refuses_fewer_than_one_hand(capsys, hands):
    status, _, err = run(capsys, "bench", "--game", "scioto", "--hands", hands)
    assert_one_line_error(status, err, 2, "--hands must be at least 1")


def test_replay_into_a_closed_pipe_stops_quietly(tmp_path):
    """`deckmate replay FILE | head`: the reader leaves early; no traceback, no message."""
    log = tmp_path / "game.jsonl"
    assert deckmate("selfplay", "--game", "scout", "--seed", 3, "--out", log).returncode == 0
    proc = subprocess.Popen([sys.executable, "-m", "deckmate.cli", "replay", str(log)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # every write of the play-by-play meets a closed pipe
    err = proc.stderr.read()
    assert proc.wait() == 1
    assert err == b""


def test_players_given_twice_must_agree(capsys, tmp_path):
    status, _, err = run(capsys, "selfplay", "--game", "scioto", "--players", 4, "--option",
                         "players=3", "--seed", 1, "--out", tmp_path / "x.jsonl")
    assert_one_line_error(status, err, 2, "--players 4 and --option players=3 disagree")
    status, _, err = run(capsys, "selfplay", "--game", "scioto", "--players", 3, "--option",
                         "players=3", "--seed", 1, "--out", tmp_path / "x.jsonl")
    assert status == 0, err


def test_more_bots_than_seats_are_refused(capsys, tmp_path):
    status, _, err = run(capsys, "selfplay", "--game", "scioto", "--bots", "easy,normal,strong",
                         "--seed", 1, "--out", tmp_path / "x.jsonl")
    assert_one_line_error(status, err, 2, "3 bots named for 2 seats")
    status, _, err = run(capsys, "arena", "--game", "scarto", "--bots",
                         "easy,normal,greedy,random", "--deals", 1)
    assert_one_line_error(status, err, 2, "4 bots named for 3 seats")


@pytest.mark.parametrize("seed", [-1, 2 ** 32, "x"])
def test_seeds_outside_32_bits_are_refused(capsys, tmp_path, seed):
    for command in (["selfplay", "--out", tmp_path / "x.jsonl"],
                    ["arena", "--bots", "easy,normal", "--deals", 1]):
        status, _, err = run(capsys, *command, "--game", "scioto", "--seed", seed)
        assert status == 2 and "argument --seed: a seed is" in err
    assert not (tmp_path / "x.jsonl").exists()


def test_the_largest_seed_is_used_and_recorded_as_given_by_both_runtimes(tmp_path):
    seed = 2 ** 32 - 1
    logs = [selfplay(tmp_path, "scioto", seed, runtime) for runtime in ("cpython", "micropython")]
    assert logs[0].read_bytes() == logs[1].read_bytes()
    assert json.loads(logs[0].read_text().splitlines()[0])["seed"] == seed


def test_on_off_options_take_every_documented_spelling_in_any_case(capsys, tmp_path):
    headers = []
    for index, spelling in enumerate(["on", "YES", "True", "1"]):
        log = tmp_path / ("%d.jsonl" % index)
        status, _, err = run(capsys, "selfplay", "--game", "scioto", "--option",
                             "compounding=" + spelling, "--seed", 5, "--out", log)
        assert status == 0, err
        headers.append(json.loads(log.read_text().splitlines()[0])["options"])
    assert all(h == headers[0] for h in headers) and headers[0]["compounding"] is True
    status, _, err = run(capsys, "selfplay", "--game", "scioto", "--option", "compounding=0",
                         "--seed", 5, "--out", tmp_path / "off.jsonl")
    assert status == 0, err
    status, _, err = run(capsys, "selfplay", "--game", "scioto", "--option", "compounding=2",
                         "--seed", 5, "--out", tmp_path / "bad.jsonl")
    assert_one_line_error(status, err, 2, "on/off, yes/no, true/false or 1/0")
    status, out, _ = run(capsys, "options", "--game", "scioto")
    assert "on/off, yes/no, true/false or 1/0" in out


def test_unknown_options_and_bots_are_usage_errors(capsys):
    status, _, err = run(capsys, "arena", "--game", "scioto", "--option", "colour=red",
                         "--bots", "easy,normal", "--deals", 1)
    assert_one_line_error(status, err, 2, "no option 'colour'")
    status, _, err = run(capsys, "arena", "--game", "scioto", "--bots", "easy,nobody",
                         "--deals", 1)
    assert_one_line_error(status, err, 2, "no bot called 'nobody'")


def test_a_log_that_cannot_be_read_is_a_failure(capsys, tmp_path):
    status, _, err = run(capsys, "replay", tmp_path / "none.jsonl")
    assert_one_line_error(status, err, 1, "cannot read")


def test_version_gives_the_package_version_and_the_rules_version(capsys):
    from importlib import metadata
    status, out, _ = run(capsys, "--version")
    assert status == 0
    assert out.strip() == "deckmate %s (rules_v %s)" % (metadata.version("deckmate"),
                                                        RULES_VERSION)


def test_help_shows_no_doubled_percent_signs(capsys):
    for command in ("selfplay", "replay", "options", "arena", "bench"):
        status, out, _ = run(capsys, command, "--help")
        assert status == 0 and "%%" not in out


def test_bench_takes_the_bot_names_arena_takes_and_says_why_not_the_solver(capsys):
    from deckcore.bots import NAMES
    from deckmate.commands.arena import ARENA_BOTS
    assert set(ARENA_BOTS) == set(NAMES) | {"solver"}
    status, _, err = run(capsys, "bench", "--level", "solver")
    assert_one_line_error(status, err, 2, "solver runs on the host only")
    status, out, err = run(capsys, "bench", "--game", "scioto", "--level", "random",
                           "--hands", 1, "--json")
    assert status == 0, err
    assert json.loads(out)[0]["level"] == "random"


def test_commands_report_errors_through_cli_main_only():
    """One error path: no command prints its own error or returns a status of its own."""
    folder = os.path.join(ROOT, "host", "deckmate", "commands")
    for name in os.listdir(folder):
        if name.endswith(".py"):
            with open(os.path.join(folder, name)) as handle:
                source = handle.read()
            assert "sys.stderr" not in source, name
            assert "return 1" not in source and "return 2" not in source, name


def interrupted(*args):
    """`deckmate ARGS` stopped by Ctrl-C as a terminal sends it (SIGINT to its process group)
    once it has started a child process (arena's workers, the MicroPython of a run): its exit
    status and standard error."""
    proc = subprocess.Popen([sys.executable, "-m", "deckmate.cli"] + [str(a) for a in args],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    children = "/proc/%d/task/%d/children" % (proc.pid, proc.pid)
    while proc.poll() is None and not open(children).read().strip():
        time.sleep(0.02)
    time.sleep(0.3)  # (arena: past the start of its workers, which ignore Ctrl-C)
    os.killpg(proc.pid, signal.SIGINT)
    return proc.wait(timeout=60), proc.stderr.read().decode()


@pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="reads Linux's /proc")
def test_ctrl_c_stops_a_command_in_one_line_and_leaves_no_half_written_file(tmp_path):
    """Ctrl-C in a long command is one line, no traceback (of the command or of its workers);
    a selfplay stopped in its match leaves the file it was to write as it was."""
    status, err = interrupted("arena", "--game", "droggn", "--bots", "normal,greedy",
                              "--deals", 4000)
    assert (status, err) == (1, "deckmate arena: stopped (Ctrl-C)\n")
    out = tmp_path / "game.jsonl"
    out.write_text("kept\n")
    status, err = interrupted("selfplay", "--game", "droggn", "--bots", "hard", "--runtime",
                              "micropython", "--out", out)
    assert (status, err) == (1, "deckmate selfplay: stopped (Ctrl-C)\n")
    assert out.read_text() == "kept\n" and os.listdir(tmp_path) == ["game.jsonl"]


# A command that starts the arena's workers, slowed while they start, then waits.
STARTING_WORKERS = """
import multiprocessing, sys, time
from deckmate import arena
started = multiprocessing.Pool
def slow_start(jobs):
    pool = started(jobs)
    time.sleep(1)  # (the workers started, the command's Ctrl-C not yet given back)
    return pool
arena.multiprocessing.Pool = slow_start
print("starting", flush=True)
try:
    arena.workers(2)
    time.sleep(5)
    print("went on")
except KeyboardInterrupt:
    print("stopped")
"""


def test_ctrl_c_while_the_arenas_workers_start_stops_the_command():
    """A Ctrl-C while the workers start (they start with it ignored) is held back, not lost:
    the command stops once they have started, where it went on."""
    proc = subprocess.Popen([sys.executable, "-c", STARTING_WORKERS], stdout=subprocess.PIPE,
                            text=True, start_new_session=True)
    assert proc.stdout.readline() == "starting\n"
    time.sleep(0.5)
    os.killpg(proc.pid, signal.SIGINT)
    assert proc.communicate(timeout=30)[0] == "stopped\n"


@pytest.mark.skipif(not os.path.exists("/dev/stdout"), reason="no /dev/stdout")
def test_out_to_dev_stdout_into_a_pipe_is_written_as_it_is(tmp_path):
    """--out /dev/stdout when standard output is a pipe (`deckmate selfplay ... --out
    /dev/stdout | ...`): the bytes go down the pipe, alone (/dev/stdout's real path,
    `pipe:[N]`, is nowhere: both said 'cannot write /dev/stdout: No such file or
    directory')."""
    log = selfplay(tmp_path, "scioto", 1)
    played = deckmate("selfplay", "--game", "scioto", "--seed", 1, "--bots", "random",
                      "--out", "/dev/stdout")
    assert played.returncode == 0, played.stderr
    with open(log) as handle:
        assert played.stdout == handle.read()
    assert deckmate("import", "--archive", tmp_path / "A", log).returncode == 0
    exported = deckmate("export", "jsonl", "--archive", tmp_path / "A", "--out", "/dev/stdout")
    assert exported.returncode == 0, exported.stderr
    with open(log) as handle:
        assert exported.stdout == handle.read()


def test_export_writes_through_a_link_and_into_a_device_never_over_them(tmp_path, capsys):
    """export --out: a symbolic link's target gets the file (the link stays a link); a device
    is written as it is (/dev/full: its one-line error), never replaced by a file; an
    archived log that cannot be read is named (it was "cannot write the output")."""
    log = selfplay(tmp_path, "scioto", 1)
    assert run(capsys, "import", "--archive", tmp_path / "A", log)[0] == 0
    (tmp_path / "games.csv").symlink_to(tmp_path / "target.csv")
    status, out, _ = run(capsys, "export", "csv", "--archive", tmp_path / "A", "--out",
                         tmp_path / "games.csv")
    assert status == 0 and os.path.islink(tmp_path / "games.csv")
    assert (tmp_path / "target.csv").read_text(encoding="utf-8-sig").startswith("game,match,")
    if os.path.exists("/dev/full"):
        status, _, err = run(capsys, "export", "csv", "--archive", tmp_path / "A", "--out",
                             "/dev/full")
        assert_one_line_error(status, err, 1, "cannot write /dev/full: No space left on device")
        assert stat.S_ISCHR(os.stat("/dev/full").st_mode)
    assert not [name for name in os.listdir(tmp_path) if name.endswith(".tmp")]
    raw = tmp_path / "A" / "raw" / "host"
    lost = raw / os.listdir(raw)[0]
    lost.unlink()  # a raw log gone: the export says which, not that it cannot write
    status, _, err = run(capsys, "export", "jsonl", "--archive", tmp_path / "A", "--out",
                         tmp_path / "games.jsonl")
    assert_one_line_error(status, err, 1, "the archived log %s: cannot read: No such file or "
                          "directory (`deckmate doctor` checks them all)" % lost)
    assert not os.path.exists(tmp_path / "games.jsonl")
