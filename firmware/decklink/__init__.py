"""What the device and the PC must agree on, defined once and run by both (MicroPython on the
device, CPython in the host tool): the sync protocol's line frames (frame.py) and the format
of the store's checked files, the manifest and the state files (checked.py), and where the
store keeps a game's log (log_name, here: the package is loaded whenever a module of it is, and
a name of its own would be one more that the device interns for good)."""


def log_name(game_id, logs):
    """The path of a game's log in the store's logs folder `logs`, "LOGS/FOLDER/ID.jsonl": in
    a folder of 32 games by number, FOLDER the number // 32 ("named" for ids that are not
    numbers). LittleFS finds a file by reading its folder's metadata from the folder's first
    entry: in one folder of a thousand logs each lookup would read about 43 KB of it, most of
    a sync's work on the device; in a folder of 32 about 11 KB (docs/storage.md). (One text
    made: on the device each new text is looked up among the interned names, about as much
    work as a sync's work on a KB of a log.)"""
    if type(game_id) is bytes:  # (a numbered id as bytes, a sync's `gets`: the path as bytes,
        #                         no text made: on the device each is looked up among the
        #                         interned names, and an open makes another of a text path)
        return b"%s/%d/%s.jsonl" % (logs.encode(), int(game_id) // 32, game_id)
    if game_id.isdigit():
        return "%s/%d/%s.jsonl" % (logs, int(game_id) // 32, game_id)
    return "%s/named/%s.jsonl" % (logs, game_id)
