"""A sync: every log of a device copied into the archive, once, whole (docs/sync-protocol.md).

For each game the device lists: a closed log the archive holds with the same SHA-256, or an
open one it holds at the same size, is not copied; any other is copied into
ARCHIVE/partial/DEVICE/GAME.PID.part (a game the archive holds the beginning of, from where
that copy ends; a transfer cut off, from where it stopped), checked against the device's
SHA-256, recorded in the archive, and only then acknowledged on the device. `--prune` then lets
the device remove what it may: closed logs acknowledged, whose content the archive holds.
A game kept aside (refused by the reader, or in conflict with the archived game of the same
id) is never acknowledged; each sync reads its kept copy again (a newer reader may take it)
and says why, and the list tag is kept only once none is kept aside.

The copies are pipelined: a thread of their own fetches the logs one after the other
(_fetched) while the archive checks and records the ones before (the replay through the
rules core never holds up the wire), and stores them a few at a time, one commit for them
(_store); the acknowledgements go in batches, many logs a request, once the archive holds
them durably: the fetching thread sends each batch between two gets (_Acks), while the
device still remembers what its gets sent.

The hello's list tag changes whenever the device's list would but for acknowledgements; once
a sync has archived and acknowledged all it listed, the archive keeps the tag, and a sync that
finds the same tag lists nothing (a repeat takes a hello and the clock)."""

import contextlib
import datetime
import gc
import hashlib
import os
import queue
import signal
import sys
import threading

from deckmate.archive import CONFLICT, GROWN, NEW, REJECTED, UNCHANGED, Summary
from deckmate.wording import counted


class SyncResult:
    def __init__(self, device_id):
        self.device_id = device_id
        self.summary = Summary()
        self.copied_bytes = 0
        self.acked = 0
        self.pruned = None       # the ids removed, with --prune
        self.failed = []         # (game id, why) of games that could not be copied
        self.listed = 0
        self.kept = []           # the why.txt paths of listed games kept aside
        self.refused = []        # (game id, why) of acknowledgements the device refused

    def line(self):
        if not self.summary.counts[NEW] + self.summary.counts[GROWN] + self.summary.counts[
                CONFLICT] + self.summary.counts[REJECTED] and not self.failed:
            text = "nothing new on device %s: its %s in the archive" % (
                self.device_id, counted(self.listed, "game is", "games are"))
        else:
            text = "device %s: %s listed, %s bytes copied: %s" % (
                self.device_id, counted(self.listed, "game"), format(self.copied_bytes, ","),
                self.summary.line())
        if self.failed:
            text += "; %d not copied" % len(self.failed)
        if self.acked:
            text += "; %d acknowledged" % self.acked
        if self.refused:
            text += "; %d not acknowledged" % len(self.refused)
        if self.pruned is not None:
            text += "; %d removed from the device" % len(self.pruned)
        return text


def to_copy(archive, device_id, entry):
    """Where the copy of a listed game starts (0, or the size of its archived beginning), or
    None when the archive already holds it (or kept it aside before)."""
    known = archive.known(device_id, entry["id"])
    if entry["state"] == "closed":
        if archive.holds(entry["sha256"]) or archive.kept_aside(entry["sha256"]):
            return None
    elif known is not None and known[1] >= entry["size"]:
        return None
    if known is not None and known[1] < entry["size"]:
        return known[1]
    return 0


def sync_device(link, archive, prune=False, advance=None, say=print, planned=None):
    """Sync the device on `link` (a DeviceLink) into `archive`; a SyncResult. `advance(bytes,
    games_left)` is called as the copy goes, `planned(bytes, games)` once the list has said
    what is to be copied; `say(text)` reports a game that could not be copied or was kept
    aside."""
    hello = link.hello(space=False)
    device_id = hello["device"]
    result = SyncResult(device_id)
    archive.saw_device(device_id, hello.get("fw"))
    link.set_clock(datetime.datetime.now())
    tag = hello.get("listed")
    if tag is not None and tag == archive.listed(device_id) and not prune:
        result.listed = hello["logs"]  # nothing new since the last sync: no list
        return result
    listed = link.games()
    result.listed = len(listed)
    plan = [(entry, start) for entry, start in
            ((entry, to_copy(archive, device_id, entry)) for entry in listed) if start is not None]
    for entry in listed:  # an open game held at its size or more: is it the same game?
        if entry["state"] == "open" and to_copy(archive, device_id, entry) is None \
                and not _begins_archived(link, archive, device_id, entry):
            plan.append((entry, 0))  # another game under its id (a board of the same id)
    for entry in listed:  # kept aside at an earlier sync: read again from the copy kept
        if entry["state"] == "closed" and not archive.holds(entry["sha256"]) \
                and archive.kept_aside(entry["sha256"]):
            _record(result, entry, say, archive.retry(
                entry["sha256"], "%s:%s" % (link.connection.port, entry["id"]),
                entry.get("date"), (device_id, entry["id"])))
    if planned:  # (the bytes a copy cut off left in its partial file are not copied again)
        planned(sum(entry["size"] - max(start, _partial_size(archive, device_id, entry))
                    for entry, start in plan), len(plan))
    acks = _Acks(link, tag or "")
    checked = []  # (entry, CheckedLog): replayed as they come, stored a batch at a time
    with _collected_seldom():
        try:
            for entry, start, data, left in _fetched(link, archive, device_id, plan,
                                                     hello["get_most"], advance, acks):
                if isinstance(data, _BadCopy):
                    result.failed.append((entry["id"], str(data)))
                    say("game %s not copied: %s" % (entry["id"], data))
                    continue
                result.copied_bytes += entry["size"] - start
                # (a closed log's copy has the SHA-256 the device listed: _fetched checked it)
                digest = entry["sha256"] if entry["state"] == "closed" else None
                checked.append((entry, archive.check(
                    data, "%s:%s" % (link.connection.port, entry["id"]), entry.get("date"),
                    (device_id, entry["id"]), archive.partial_path(device_id, entry["id"]),
                    digest)))
                if len(checked) >= STORED_TOGETHER:
                    batch, checked = checked, []
                    _store(archive, device_id, batch, result, say, acks)
                if advance:
                    advance(0, left)
        finally:  # (what was copied and checked is stored even when the link is lost)
            if checked:
                _store(archive, device_id, checked, result, say, acks)
    held = [entry for entry in listed  # acknowledged only once the archive holds the very bytes
            if entry["state"] == "closed" and entry["acked"] != entry["sha256"]
            and entry["id"] not in acks.sent and archive.holds(entry["sha256"])]
    acks.refused += link.acknowledge(held, tag or "") if held else []
    result.refused = acks.refused
    result.acked = len(held) + len(acks.sent) - len(result.refused)
    for game_id, why in result.refused:
        say("game %s not acknowledged: the device refused it (%s); sync again" % (game_id, why))
    if not result.failed and not result.kept and not result.refused:  # else the next
        # sync lists them again
        archive.set_listed(device_id, tag)
    if prune:
        result.pruned = _prune(link, archive, device_id, result, say)
    return result


STORED_TOGETHER = 16  # the copies stored with one commit (a third of the archive's work a
                      # log when each had its own; durable before any is acknowledged)


def _store(archive, device_id, batch, result, say, acks):
    """Store the copies `batch`, [(entry, CheckedLog)], in the archive, one commit for them
    all (Archive.add_checked, which takes a new or grown log's partial file as its raw
    file): only then are the partial files left removed, and the closed
    logs the archive now holds handed to `acks`, to be acknowledged (by the fetching thread,
    the device's ack_most a request)."""
    outcomes = archive.add_checked([checked for _, checked in batch])
    for (entry, _), outcome in zip(batch, outcomes):
        if outcome.kind not in (NEW, GROWN):  # (a new or grown log's copy is its raw file now)
            with contextlib.suppress(FileNotFoundError):
                os.remove(archive.partial_path(device_id, entry["id"]))
        _record(result, entry, say, outcome)
        if entry["state"] == "closed" and outcome.kind in (NEW, GROWN, UNCHANGED):
            acks.archived(entry)  # (the archive holds its bytes: their SHA-256 is the list's)


@contextlib.contextmanager
def _collected_seldom():
    """Python's cyclic garbage collector run seldom while logs are copied and checked: the
    replay's objects and a batch's records, many small containers that their references
    free, made it run about 500 times a sync of 1,000 logs for nothing (5% of the host's
    CPU; it found no cycle)."""
    thresholds = gc.get_threshold()
    gc.set_threshold(max(thresholds[0], YOUNG_COLLECTED), *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)


YOUNG_COLLECTED = 10000  # new objects between two collections while logs are copied (700)


def _begins_archived(link, archive, device_id, entry):
    """True if the device's open log is the beginning of the archived copy of its game."""
    held = archive.read_raw(device_id, entry["id"])[:entry["size"]]
    return hashlib.sha256(held).hexdigest() == link.digest(entry["id"], entry["size"])


def _record(result, entry, say, outcome):
    result.summary.add(outcome, entry["id"])
    if outcome.reason:
        result.kept.append(outcome.why)
        say("game %s kept aside: %s (%s)" % (entry["id"], outcome.reason, outcome.why))


def _partial_size(archive, device_id, entry):
    """The bytes of a copy cut off that _copy goes on from (0: none)."""
    path = archive.partial_path(device_id, entry["id"])
    size = os.path.getsize(path) if os.path.exists(path) else 0
    return size if size <= entry["size"] else 0


AHEAD = 4  # logs fetched ahead of the archive at most


class _Acks:
    """The closed logs archived during the copies, acknowledged by the fetching thread
    between two gets, a batch (the device's ack_most) at a time: the device checks a log it
    has just sent by what its get saw, not by a lookup in its folder of logs, which it would
    have forgotten by the end of a long sync (deckapp/sync_requests.py _SERVED)."""

    def __init__(self, link, tag):
        self.link = link
        self.tag = tag
        self.waiting = []  # archived, not yet acknowledged (the caller's thread adds)
        self.sent = set()  # the ids acknowledged (or refused) so far
        self.refused = []
        self.lock = threading.Lock()

    def archived(self, entry):
        if entry["acked"] != entry["sha256"]:
            with self.lock:
                self.waiting.append(entry)

    def send_batch(self):
        """In the fetching thread: acknowledge a whole batch of what is waiting, if any."""
        with self.lock:
            if len(self.waiting) < self.link.ack_most:
                return
            batch = self.waiting[:self.link.ack_most]
            del self.waiting[:self.link.ack_most]
        self.refused += self.link.acknowledge(batch, self.tag)
        self.sent.update(entry["id"] for entry in batch)


def _fetched(link, archive, device_id, plan, get_most, advance, acks=None):
    """(entry, start, bytes or _BadCopy, games left after it) of each game of `plan`, in
    order: a thread fetches them (the only user of `link` meanwhile) up to AHEAD logs ahead of
    the caller, who archives them; between two logs it sends the acknowledgements of `acks`
    (an _Acks) that make a batch. The interpreter switches threads every 0.5 ms meanwhile
    (not every 5 ms), so that the fetching thread takes a frame as soon as it comes while the
    caller replays a log. An error of the thread (the link lost) is raised here."""
    fetched = queue.Queue()  # (no more than AHEAD waiting when a request is sent)
    room = threading.Condition()  # notified when the caller takes a log, or stops
    stop = threading.Event()
    failure = []

    def fetch():
        if hasattr(signal, "pthread_sigmask"):  # Ctrl-C for the caller's thread alone, which
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})  # holds it back at times
        try:
            at = 0
            while at < len(plan):
                with room:
                    while fetched.qsize() >= AHEAD and not stop.is_set():
                        room.wait()
                if stop.is_set():
                    break
                if acks is not None:
                    acks.send_batch()
                run = []  # closed logs copied whole from their start: one request for many
                while link.gets_most and len(run) < link.gets_most and at + len(run) < len(plan) \
                        and _whole(archive, device_id, *plan[at + len(run)]):
                    run.append(plan[at + len(run)] + (len(plan) - 1 - at - len(run),))
                if run:
                    _copy_many(link, archive, device_id, run, get_most, advance, fetched.put)
                    at += len(run)
                    continue
                entry, start = plan[at]
                left = len(plan) - 1 - at
                try:
                    data = _copy(link, archive, device_id, entry, start, get_most,
                                 lambda count: advance and advance(count, left + 1))
                except _BadCopy as error:
                    data = error
                fetched.put((entry, start, data, left))
                at += 1
        except BaseException as error:  # (the link lost: raised again in the caller)
            failure.append(error)
        finally:
            fetched.put(None)

    switching = sys.getswitchinterval()
    sys.setswitchinterval(0.0005)
    thread = threading.Thread(target=fetch, name="sync-fetch", daemon=True)
    thread.start()
    try:
        while True:
            item = fetched.get()
            if fetched.qsize() < AHEAD:  # (the fetching thread waits for room only while
                with room:               # AHEAD wait: woken before, it would wait again)
                    room.notify()
            if item is None:
                break
            yield item
    finally:
        stop.set()
        with room:
            room.notify()
        thread.join(5)
        sys.setswitchinterval(switching)
    if failure:
        raise failure[0]


class _BadCopy(Exception):
    pass


def _whole(archive, device_id, entry, start):
    """True for a closed log copied whole from its start (no archived beginning, no part of
    a copy cut off) whose pieces' CRCs the manifest holds: many such go in one `gets`."""
    return entry["state"] == "closed" and start == 0 and entry["size"] > 0 \
        and bool(entry.get("crc")) \
        and not os.path.exists(archive.partial_path(device_id, entry["id"]))


def _copy_many(link, archive, device_id, run, get_most, advance, put):
    """Copy the logs `run`, [(entry, start, games left after it)] of _whole logs, with
    `gets` requests (DeviceLink.fetch_many), each into its partial file; `put((entry,
    start, bytes or _BadCopy, left))` each as soon as it has come whole and matches the
    device's SHA-256; one that does not is copied again alone (_copy) after the others."""
    handles = {}
    came = {}  # index: the pieces that came, kept as they are written (not read back)
    again = []

    def writer(index):
        entry, _, left = run[index]

        def write(data):
            handle = handles.get(index)
            if handle is None:
                handle = handles[index] = _new_partial(archive, device_id, entry)
                came[index] = []
            handle.write(data)
            came[index].append(data)
            if advance:
                advance(len(data), left + 1)
        return write

    def finished(index):
        entry, start, left = run[index]
        handles.pop(index).close()
        data = b"".join(came.pop(index))
        if hashlib.sha256(data).hexdigest() == entry["sha256"]:
            put((entry, start, data, left))
        else:
            again.append(index)

    try:
        link.fetch_many([(entry["id"], 0, entry["size"], writer(index), entry["crc"])
                         for index, (entry, _, _) in enumerate(run)], finished)
    finally:
        for handle in handles.values():  # (what came stays for a resume)
            handle.close()
    for index in again:
        entry, start, left = run[index]
        try:
            data = _copy(link, archive, device_id, entry, start, get_most,
                         lambda count: advance and advance(count, left + 1))
        except _BadCopy as error:
            data = error
        put((entry, start, data, left))


def _new_partial(archive, device_id, entry):
    """The partial file of a listed log, opened anew for writing (its folder made once)."""
    path = archive.partial_path(device_id, entry["id"])
    try:
        return open(path, "wb")
    except FileNotFoundError:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        return open(path, "wb")


def _copy(link, archive, device_id, entry, start, get_most, advance):
    """The bytes of a listed log, copied into its partial file and checked against the
    device's SHA-256; _BadCopy when two copies in a row do not match it."""
    path = archive.partial_path(device_id, entry["id"])
    os.makedirs(os.path.dirname(path), exist_ok=True)
    for attempt in range(2):
        have = os.path.getsize(path) if os.path.exists(path) else 0
        # The second copy is the whole log: the archived beginning may not be this log's
        # (a board of the same id, a cloned image), and then it is kept aside as a conflict.
        begin = 0 if attempt else start
        if attempt or have > entry["size"]:
            have = 0
        if have < begin or have == 0:  # begin with the archived beginning, if any
            with open(path, "wb") as handle:
                if begin:
                    handle.write(archive.read_raw(device_id, entry["id"])[:begin])
            have = begin
        with open(path, "ab") as handle:
            def write(data):
                handle.write(data)
                advance(len(data))
            link.fetch(entry["id"], have, entry["size"], write, get_most,
                       entry.get("crc") if entry["state"] == "closed" else None)
        with open(path, "rb") as handle:  # (closed: what came is in the file for a resume)
            data = handle.read()
        wanted = entry["sha256"] if entry["state"] == "closed" else link.digest(entry["id"],
                                                                                 entry["size"])
        if hashlib.sha256(data).hexdigest() == wanted:
            return data
    os.remove(path)
    raise _BadCopy("its SHA-256 differs from the device's after two copies")


def _prune(link, archive, device_id, result, say):
    if result.failed:
        say("not pruning: %s could not be copied" % counted(len(result.failed), "game"))
        return None
    held = [entry for entry in link.games() if entry["state"] == "closed"
            and entry["acked"] == entry["sha256"]]
    missing = [entry["id"] for entry in held if not archive.holds(entry["sha256"])]
    if missing:
        say("not pruning: games %s were acknowledged by another archive; sync them into this "
            "one first" % ", ".join(missing))
        return None
    say("removing %d acknowledged games from the device" % len(held))
    return link.prune()
