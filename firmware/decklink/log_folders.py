"""Where a store keeps a game's log: `logs/FOLDER/ID.jsonl`, in a folder of FOLDER_LOGS games
by number (docs/storage.md). LittleFS finds a file by reading its folder's metadata from the
folder's first entry, so in one folder of a thousand logs each lookup read about 43 KB of it,
which was most of a sync's work on the device; in a folder of 32 it reads about 11 KB. The
device's store (deckapp/store.py) and the PC's copy of a store (deckmate/store_files.py) both
place logs by it."""

FOLDER_LOGS = 32
NAMED = "named"  # the folder of the logs whose ids are not numbers (tests and imports)


def log_name(game_id):
    """The path of a game's log under the logs folder: "FOLDER/ID.jsonl"."""
    if game_id.isdigit():
        return "%d/%s.jsonl" % (int(game_id) // FOLDER_LOGS, game_id)
    return "%s/%s.jsonl" % (NAMED, game_id)
