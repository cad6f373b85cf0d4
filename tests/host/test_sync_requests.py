"""The device's side of the sync's requests where a board's cost lies (deckapp/sync_requests.py,
docs/sync-protocol.md): run in the MicroPython unix port (the device's heap) from the firmware
compiled as a board holds it (.mpy), the link's input and output replaced by the requests of a
sync and a sink, the store in a folder of the host."""

import json
import subprocess

from deckmate import image
from deckmate.runtime import HEAP
from helpers import tool

SCRIPT = """
import json, os, sys
sys.path[:0] = [%(firmware)r]
from deckapp.serial_link import SerialLink
from deckapp.store import Store
from decklink.frame import TO_DEVICE, TO_HOST, decode, encode


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
        self.written = bytearray()

    def write(self, data):  # (a frame line may come in pieces)
        self.written.extend(data)

    def answers(self):
        return [decode(TO_HOST, line) for line in bytes(self.written).split(b"\\n")
                if line.startswith(TO_HOST)]


class Board:
    def device_id(self):
        return "requests-test"


store = Store(%(root)r)
store.boot()
for number in range(3):
    log = store.start_game(store.new_game_id(), '{"t":"header","game":"scioto"}\\n')
    log.append('{"t":"end","n":%%d}\\n' %% number)
    log.close()
games = list(store.games())
requests = Requests()
link = SerialLink(store, Board(), requests)
link.input = requests
link.output = Sink()


def ask(query, operation, **fields):
    fields.update(q=query, op=operation)
    requests.waiting = encode(TO_DEVICE, fields)
    while link.serve() or requests.waiting:
        pass
    return link.output.answers()[-1]


def journal():
    path = store.logs_dir + "/acks.chk"
    return open(path).read() if path.split("/")[-1] in os.listdir(store.logs_dir) else ""


def show(what, value):
    print(json.dumps([what, value]))


hello = ask(1, "hello")
show("hello", sorted(key for key in ("free", "total") if key in hello))
hello = ask(2, "hello", space=0)
show("hello space 0", sorted(key for key in ("free", "total") if key in hello))

import deckapp.sync_requests as sync_requests
buffers = []
for query, entry in enumerate(games, 3):
    ask(query, "get", id=entry["id"], n=entry["size"], x=1)
    buffers.append([id(buffer) for buffer in sync_requests._SPARE])
show("buffers", [len(held) for held in buffers] + [len(set(sum(buffers, [])))])

acks = [[entry["id"], entry["size"], entry["sha256"][:16]] for entry in games]
listed = hello["listed"]
before = len(link.output.answers())
sync_requests.answer(link, encode(TO_DEVICE, {"q": 10, "op": "ack", "acks": acks,
                                               "listed": listed}), False)
show("one call", [link.stream.checked, len(link.output.answers()) - before, journal()])
link.serve(lean=True)  # a bot starts to think
show("cut off", [link.output.answers()[-1].get("err"), journal()])
import deckapp.sync_requests as sync_requests  # (a new session: no get of it sent these logs)
sync_requests.answer(link, encode(TO_DEVICE, {"q": 11, "op": "ack", "acks": acks,
                                               "listed": listed}), False)
show("a lookup a call", [link.stream.checked, journal()])
while link.serve():
    pass
answer = link.output.answers()[-1]
show("asked again", [answer["acked"], answer["refused"], journal().count("#")])
answer = ask(12, "ack", acks=[[games[0]["id"], games[0]["size"] + 1, "0" * 16],
                               ["99", 10, "0" * 16]], listed=listed)
show("refused", answer["refused"])

before = len(link.output.answers())
ask(13, "gets", logs=[[entry["id"], 0, entry["size"]] for entry in games])
frames = link.output.answers()[before:]
show("gets", [[frame["i"], frame["at"], frame.get("n"), frame.get("done")] for frame in frames])
show("gets sizes", [entry["size"] for entry in games])
answer = ask(14, "gets", logs=[[games[0]["id"], 0, 5], ["99", 0, 5]])
show("gets unknown", [answer.get("err"), answer.get("why")])
before = len(link.output.answers())
ask(18, "gets", ids=" ".join(entry["id"] for entry in games))
frames = link.output.answers()[before:]
show("gets ids", [[frame["i"], frame["at"], frame.get("n"), frame.get("done")] for frame in frames])

import binascii, hashlib
from deckapp import store_acks
show("games", [{"sha256": entry["sha256"]} for entry in games])
def text_of(entry, size=None):  # (deckmate/device_link.py ack_text)
    return "%%s %%d %%s" %% (entry["id"], size or entry["size"], binascii.b2a_base64(
        binascii.unhexlify(entry["sha256"][:16])).decode().strip().rstrip("="))
os.remove(store.logs_dir + "/acks.chk")
answer = ask(15, "ack", logs=" ".join(text_of(entry) for entry in games), listed=listed)
show("text", [answer["acked"], answer["refused"], [value[1] for value in
                                                   store_acks.journal_acks(store)]])
answer = ask(16, "ack", logs=text_of(games[0], games[0]["size"] + 1), listed=listed)
show("text refused", answer["refused"])
answer = ask(17, "ack", logs=games[0]["id"] + " 12", listed=listed)
show("text damaged", answer.get("err"))
from decklink.checked import checked_lines
show("journal", journal() == "".join(line.decode() for line in checked_lines(
    [[entry["id"], entry["sha256"][:16]] for entry in games])))
show("malformed", [ask(19, "ack", acks=[[1, 10, "0" * 16]], listed=listed).get("err"),
                   ask(20, "ack", acks=[["1", 10, "not hex digits!!"]], listed=listed).get("err"),
                   ask(21, "gets", ids=5).get("err"), ask(22, "hello", space=0).get("ok"),
                   ask(23, "ack", acks=[["999", "10", "0" * 16]], listed=listed).get("err"),
                   ask(24, "ack", acks=[["1", 10]], listed=listed).get("err"),
                   ask(25, "ack", acks="1 10", listed=listed).get("err"),
                   ask(26, "hello", space=0).get("ok")])

store.start_game("0123", '{"t":"header","game":"scioto"}\\n')
ask(27, "gets", ids="0123")
data = open(store.log_path("0123"), "rb").read()
entry = {"id": "0123", "size": len(data), "sha256": binascii.hexlify(
    hashlib.sha256(data).digest()).decode()}
answer = ask(28, "ack", logs=text_of(entry), listed=ask(29, "hello", space=0)["listed"])
show("open", [answer.get("acked"), answer.get("refused")])
hash_text = text_of(games[0]).split()[2]
answer = ask(30, "ack", logs="x 10 %%s a/b 10 %%s" %% (hash_text, hash_text), listed="")
show("no such names", [answer.get("acked"), answer.get("refused")])
before = len(link.output.answers())
ask(31, "gets", ids="1 a/b")
show("gets no such name", [frame.get("why") for frame in link.output.answers()[before:]
                           if frame.get("err")])
"""


def test_the_requests_that_cost_a_board_its_flash_and_its_heap_do_as_little(tmp_path):
    done = subprocess.run(
        [tool("micropython"), "-X", "heapsize=" + HEAP, "-c",
         SCRIPT % {"firmware": image.build_image("sim"), "root": str(tmp_path)}],
        capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    steps = dict(json.loads(line) for line in done.stdout.splitlines())
    # The flash's free and total bytes (a walk through all of LittleFS) only when asked for:
    # `deckmate devices` asks, a sync does not.
    assert steps["hello"] == ["free", "total"]
    assert steps["hello space 0"] == []
    # The gets of a session send through one buffer, kept between them (not one a log).
    assert steps["buffers"] == [1, 1, 1, 1]
    # An acknowledgement checks the logs the session's gets sent whole by what the gets saw,
    # all in one call of the loop, and looks any other up on flash, one a call; cut off by a
    # bot's think, it has written nothing, and asked again it writes the batch as one block
    # of the journal.
    assert steps["one call"] == [3, 0, ""]
    assert steps["cut off"] == ["busy", ""]
    assert steps["a lookup a call"] == [1, ""]
    assert steps["asked again"] == [3, [], 1]
    assert steps["refused"] == [["1", "size"], ["99", "unknown"]]
    # `gets`: the logs one after the other in one answer, each frame with its log's index,
    # each log ended by its done frame; a log that is not there ends it with an error frame.
    sizes = steps["gets sizes"]
    assert steps["gets"] == sum(([[index, 0, size, None], [index, size, None, 1]]
                                 for index, size in enumerate(sizes)), [])
    assert steps["gets unknown"] == ["args", "gets: no log of game 99"]
    # `ids`: whole logs by their ids alone (3 bytes of request a log where `logs` took 15).
    assert steps["gets ids"] == steps["gets"]
    # An ack's logs as one text ("ID SIZE HASH ...", the hash's first 8 bytes in base64: 22
    # bytes a log where the list took 33), checked and recorded as the list's: the journal
    # holds each log's 16 hex digits.
    assert steps["text"] == [3, [], [entry["sha256"][:16] for entry in steps["games"]]]
    assert steps["text refused"] == [["1", "size"]]
    assert steps["text damaged"] == "args"
    # The journal's lines of an ack's text are made without texts (each one looked up among
    # the interned names on the device), and are the lines json makes.
    assert steps["journal"] is True
    # An id, a size or a list of ids of the wrong kind is refused with `args`, and the app
    # answers on.
    assert steps["malformed"] == ["args", "args", "args", 1, "args", "args", "args", 1]
    # The open log is never acknowledged, even sent to its end by a gets of its id (here one
    # that is no small number: its key is its id, the ack's as bytes).
    assert steps["open"] == [0, [["0123", "open"]]]
    # An id no log of the store can have is no log there, met in any slice of the loop.
    assert steps["no such names"] == [0, [["x", "unknown"], ["a/b", "unknown"]]]
    assert steps["gets no such name"] == ["gets: no log of game a/b"]
