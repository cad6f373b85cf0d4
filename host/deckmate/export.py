"""`deckmate export`'s two formats.

CSV: one row per hand and seat (the "tidy" shape a spreadsheet's pivot table and pandas read
directly): the game, the match (its game id), date, device, played or scorekept, the hand, the
seat, the player and what they are (a person, or a bot and its level), the hand's points, its
score and the running total. UTF-8 with a byte-order mark by default, so that a spreadsheet
shows accented names rightly (`bom=False` for tools that dislike it), CRLF row ends as the
csv module writes them.

JSON Lines: the raw logs one after another, byte for byte as the device wrote them.
"""

import csv

from deckmate.logs import BadLog

COLUMNS = ("game", "match", "date", "device", "mode", "hand", "seat", "player", "kind", "level",
           "points", "score", "total")


def write_csv(records, handle, bom=True, delimiter=","):
    """Write `records` (GameRecords) to the text `handle` (opened with newline="")."""
    if bom:
        handle.write("\ufeff")
    writer = csv.writer(handle, delimiter=delimiter)
    writer.writerow(COLUMNS)
    rows = 0
    for record in records:
        totals = [0] * len(record.players)
        for number, (points, scores) in enumerate(record.hands, 1):
            for seat, player in enumerate(record.players):
                totals[seat] += scores[seat]
                writer.writerow((record.game, record.game_id, record.date, record.device,
                                 record.mode, number, seat, player["name"], player["kind"],
                                 player["level"] or "", points[seat], scores[seat],
                                 totals[seat]))
                rows += 1
    return rows


def write_jsonl(records, handle):
    """Write the raw logs of `records` to the binary `handle`, each ending with a newline;
    BadLog for a raw log that cannot be read."""
    for record in records:
        try:
            with open(record.path, "rb") as log:
                data = log.read()
        except OSError as error:
            raise BadLog(record.path, None, "cannot read: %s" % (error.strerror or error))
        handle.write(data if data.endswith(b"\n") else data + b"\n")
    return len(records)
