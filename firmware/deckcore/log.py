"""The Deckmate log format, version 1: the strict writer (see docs/log-format.md).

One JSON object per line. The writer fixes the key order and escapes every non-ASCII
character, so both runtimes write the same bytes for the same game.
"""

from deckcore import RULES_VERSION

FORMAT = "deckmate-log"
VERSION = 1


class Obj:
    """A JSON object whose keys keep the order they are given in."""

    def __init__(self, pairs):
        self.pairs = pairs


def _string(text):
    try:
        data = text.encode()
    except UnicodeError:  # a lone surrogate (CPython only): escaped one by one below
        data = b"\0"
    if not data or (min(data) >= 0x20 and max(data) <= 0x7E and 0x22 not in data
                    and 0x5C not in data):  # printable ASCII, no " or \\: the usual, as it is
        # (read as bytes: iterating a str interns each character as a name for good, which a
        # match on the device cannot afford, docs/budgets.md "The gate: 208K")
        return '"' + text + '"'
    out = ['"']
    for ch in text:
        code = ord(ch)
        if ch == '"' or ch == "\\":
            out.append("\\" + ch)
        elif code < 0x20 or code > 0x7E:
            if code > 0xFFFF:  # a surrogate pair, as JSON requires
                code -= 0x10000
                out.append("\\u%04x\\u%04x" % (0xD800 + (code >> 10), 0xDC00 + (code & 0x3FF)))
            else:
                out.append("\\u%04x" % code)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def encode(value):
    """Compact JSON text of None, bool, int, str, list/tuple and Obj values."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    kind = type(value)
    if kind == int:
        return str(value)
    if kind == str:
        return _string(value)
    if kind == list or kind == tuple:
        return "[%s]" % ",".join(encode(v) for v in value)
    if kind == Obj:
        return "{%s}" % ",".join(_string(k) + ":" + encode(v) for k, v in value.pairs)
    raise TypeError("the log cannot hold a %s" % kind)


def record(kind, pairs):
    """One log line (with its newline) of record kind `kind`."""
    return encode(Obj([("t", kind)] + pairs)) + "\n"


def header(game, players, game_id, device, first_dealer, extra=()):
    """`players` is a list of (name, kind, level) per seat; kind is "human" or "bot"."""
    seats = []
    for seat in range(len(players)):
        name, kind, level = players[seat]
        seats.append(Obj([("seat", seat), ("name", name), ("kind", kind), ("level", level)]))
    pairs = [("fmt", FORMAT), ("v", VERSION), ("game", game.NAME),
             ("rules_v", RULES_VERSION), ("options", Obj(game.option_items())),
             ("players", seats), ("device", device), ("game_id", game_id),
             ("first_dealer", first_dealer)]
    return record("header", pairs + list(extra))


def deal(game, hand, dealer, piles):
    pairs = [("hand", hand), ("dealer", dealer)]
    for name in game.DEAL_PILES:
        pile = piles[name]
        if name == "hands":
            pairs.append((name, [[game.card_text(c) for c in cards] for cards in pile]))
        else:
            pairs.append((name, [game.card_text(c) for c in pile]))
    return record("deal", pairs)


def act(hand, seat, text):
    return record("act", [("hand", hand), ("seat", seat), ("a", text)])


def result(hand, points, scores, totals):
    return record("result", [("hand", hand), ("points", points), ("score", scores),
                             ("totals", totals)])


def end(reason, totals, winners, hands):
    return record("end", [("reason", reason), ("totals", totals), ("winner", winners),
                          ("hands", hands)])
