"""A sync's requests make a session on the device (deckapp/serial_link.py): the first loads
deckapp.sync_requests and the store's modules, the requests after it find them loaded, and
they leave memory once the link has been quiet for QUIET_MS, or as soon as a bot starts to
think or a key is handed to the top screen (the last play of a match closes its log: it needs
the heap it has without a PC). Run in the MicroPython unix port (the device's heap,
runtime.HEAP), the link's input and output replaced by the requests of a sync and a sink."""

import json
import subprocess

from deckmate.runtime import HEAP
from deckapp.serial_link import SESSION_GC_EVERY
from helpers import FIRMWARE, tool

SCRIPT = """
import gc, json, sys, time
sys.path[:0] = [%(firmware)r]
from deckapp.serial_link import QUIET_MS, SerialLink
from deckapp.store import Store
from decklink.frame import TO_DEVICE, encode

WATCHED = ("deckapp.sync_requests", "deckapp.store_games", "deckapp.checked_file")


class Requests:
    def __init__(self):
        self.waiting = b""

    def ipoll(self, timeout):
        return [1] if self.waiting else []

    def readinto(self, buffer):
        count = min(len(buffer), len(self.waiting))
        buffer[:count], self.waiting = self.waiting[:count], self.waiting[count:]
        return count


class Sink:
    def __init__(self):
        self.frames = 0

    def write(self, data):  # (a data frame's log bytes are written after its line)
        self.frames += bytes(data).startswith(b"#<")


class Board:
    def device_id(self):
        return "session-test"


store = Store(%(root)r)
store.boot()
log = store.start_game(store.new_game_id(), '{"t":"header","game":"scioto"}\\n')
log.append('{"t":"end"}\\n')
log.close()
gc.threshold(4096)  # (the shell's GC_EVERY)
requests = Requests()
link = SerialLink(store, Board(), requests)
link.input = requests
link.output = Sink()


def loaded():
    return dict((name, id(sys.modules[name])) for name in WATCHED if name in sys.modules)


def ask(query, operation, lean=False, **fields):
    fields.update(q=query, op=operation)
    requests.waiting = encode(TO_DEVICE, fields)
    while link.serve(lean) or requests.waiting:
        pass
    print(json.dumps([operation, link.output.frames, loaded(), gc.threshold()]))


ask(1, "hello")
ask(2, "get", file="manifest", n=1000)
ask(3, "get", id="1", off=0, n=1000)
ask(4, "hash", id="1", n=10)
time.sleep_ms(QUIET_MS // 3)
link.serve()
print(json.dumps(["a pause", link.output.frames, loaded(), gc.threshold()]))
time.sleep_ms(QUIET_MS + 100)
link.serve()
print(json.dumps(["quiet", link.output.frames, loaded(), gc.threshold()]))
ask(5, "hello")
gc.threshold(-1)  # (App.think: no collection but when the heap is full, then the link served)
link.serve(lean=True)
print(json.dumps(["a bot thinks", link.output.frames, loaded(), gc.threshold()]))
gc.threshold(4096)
ask(6, "hello")
link.release()  # (App.handle: a key handed to the top screen)
print(json.dumps(["a key", link.output.frames, loaded(), gc.threshold()]))
"""


def test_the_requests_of_a_sync_share_its_modules_until_the_link_is_quiet_a_bot_thinks_or_a_key(
        tmp_path):
    done = subprocess.run(
        [tool("micropython"), "-X", "heapsize=" + HEAP, "-c",
         SCRIPT % {"firmware": FIRMWARE, "root": str(tmp_path)}],
        capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    steps = [json.loads(line) for line in done.stdout.splitlines()]
    assert [step[0] for step in steps] == ["hello", "get", "get", "hash", "a pause", "quiet",
                                           "hello", "a bot thinks", "hello", "a key"]
    frames = [step[1] for step in steps]
    assert frames == [1, 3, 5, 6, 6, 6, 7, 7, 8, 8]  # every answer whole: hello 1 frame, the gets
    #                                            of the manifest and a log 2 (bytes, done), hash 1
    first = steps[0][2]
    assert sorted(first) == ["deckapp.checked_file", "deckapp.store_games",
                             "deckapp.sync_requests"]
    for _, _, modules, _ in steps[1:5]:  # the modules loaded by the first request, not again
        assert dict((name, modules[name]) for name in first) == first, steps
    assert steps[5][2] == {} and steps[7][2] == {} and steps[9][2] == {}, steps
    assert sorted(steps[6][2]) == sorted(first) == sorted(steps[8][2])
    # The heap is collected less often in a session (SESSION_GC_EVERY: the collections were
    # most of the device's work), the shell's threshold back after it, a bot's own kept.
    assert [step[3] for step in steps] == ([SESSION_GC_EVERY] * 5 + [4096, SESSION_GC_EVERY, -1]
                                           + [SESSION_GC_EVERY, 4096])


LINES = """
import json, sys
sys.path[:0] = [%(firmware)r]
from deckapp.serial_link import SerialLink
from deckapp.store import Store
from decklink.frame import TO_DEVICE, TO_HOST, decode, encode

%(classes)s


class Frames:
    def __init__(self):
        self.lines = []

    def write(self, data):
        self.lines.append(bytes(data))


store = Store(%(root)r)
store.boot()
requests = Requests()
link = SerialLink(store, Board(), requests)
link.input = requests
link.output = Frames()


def send(line, lean=False, lean_after=None):
    # `lean_after`: a bot starts to think once this many bytes of the line are read
    requests.waiting = line
    while requests.waiting:
        link.serve(lean or (lean_after is not None and len(line) - len(requests.waiting)
                            >= lean_after))
    answer = link.output.lines[-1] if link.output.lines else b""
    link.output.lines = []
    print(json.dumps(decode(TO_HOST, answer) if answer else None))


hello = encode(TO_DEVICE, {"q": 1, "op": "hello", "space": 0})
send(encode(TO_DEVICE, {"q": 2, "op": "hello", "pad": "x" * 5000}))
send(hello)
send(encode(TO_DEVICE, {"q": 3, "op": "hello", "pad": "x" * 300}), lean=True)
send(encode(TO_DEVICE, {"q": 4, "op": "hello", "pad": "x" * 300}), lean_after=256)
send(hello)
"""


def test_a_request_line_is_read_whole_up_to_its_most_and_one_too_long_is_answered_not_read(
        tmp_path):
    classes = SCRIPT.split("class Requests:")[1].split("store = Store(")[0]
    done = subprocess.run(
        [tool("micropython"), "-X", "heapsize=" + HEAP, "-c",
         LINES % {"firmware": FIRMWARE, "root": str(tmp_path), "classes": "class Requests:"
                  + classes}], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    too_long, after, lean, lean_midway, last = answers
    # Over 4,096 bytes: a frame error that names the limit, its bytes past it never kept;
    # the next request is read as a whole.
    assert too_long == {"err": "frame", "why": "a request is at most 4,096 bytes"}
    assert after["q"] == 1 and after["ok"] == 1
    # While a bot thinks a request over 240 bytes is not kept (the PC asks again): also one
    # whose first bytes came before the think began.
    assert lean["err"] == "busy" and lean_midway["err"] == "busy"
    assert last["q"] == 1 and last["ok"] == 1
