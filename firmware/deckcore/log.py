"""The Deckmate log format, version 1: the strict writer (see docs/log-format.md).

One JSON object per line. The writer fixes the key order and escapes every non-ASCII
character, so both runtimes write the same bytes for the same game.
"""

from deckcore import RULES_VERSION
from deckcore.game import RulesError

FORMAT = "deckmate-log"
VERSION = 1
SCOREKEEP = "scorekeep"  # the header's mode of a scorekept game (a played one has none)


class Obj:
    """A JSON object whose keys keep the order they are given in."""

    def __init__(self, pairs):
        self.pairs = pairs


def _string(text):
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
        return "[" + ",".join(encode(v) for v in value) + "]"
    if kind == Obj:
        return "{" + ",".join(_string(k) + ":" + encode(v) for k, v in value.pairs) + "}"
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


def entry(hand, dealer, fields, values, points, scores, totals):
    """A hand entered at a table that plays with real cards (deckcore/keep.py): its `fields`
    (in the game's order) with their `values`, and the result the rules give."""
    return record("entry", [("hand", hand), ("dealer", dealer), ("e", _entered(fields, values)),
                            ("points", points), ("score", scores), ("totals", totals)])


def correction(hand, fields, values, points, scores, totals):
    """Hand `hand` entered again: its result now, and the match totals after it."""
    return record("correct", [("hand", hand), ("e", _entered(fields, values)),
                              ("points", points), ("score", scores), ("totals", totals)])


def withdrawal(hand, totals):
    """The last entered hand, `hand`, taken back; the totals without it."""
    return record("undo", [("hand", hand), ("totals", totals)])


def _entered(fields, values):
    return Obj([(field.name, values[field.name]) for field in fields])


def end(reason, totals, winners, hands):
    return record("end", [("reason", reason), ("totals", totals), ("winner", winners),
                          ("hands", hands)])


def piles_from_record(game, fields):
    """The piles of a `deal` record as card ids (RulesError names a bad pile or token)."""
    piles = {}
    for name in game.DEAL_PILES:
        if name not in fields:
            raise RulesError("the deal has no %r pile" % name)
        if name == "hands":
            hands = _list_of(fields[name], "the hands")
            piles[name] = [_cards(game, cards, "seat %d's hand" % seat)
                           for seat, cards in enumerate(hands)]
        else:
            piles[name] = _cards(game, fields[name], "the " + name)
    return piles


def _list_of(value, what):
    if type(value) != list:
        raise RulesError("%s must be a list, not %r" % (what, value))
    return value


def _cards(game, tokens, what):
    cards = []
    for token in _list_of(tokens, what):
        if type(token) != str:
            raise RulesError("%s holds %r, which is not a card token" % (what, token))
        cards.append(game.parse_card(token))
    return cards
