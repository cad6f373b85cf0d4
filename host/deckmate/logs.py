"""The tolerant log reader: CRLF, blank lines, unknown fields and kinds are accepted, a
truncated last line marks an unfinished game, and every error names the file and line. The
header's fields that the archive keeps (ids, names, versions, the seed) are checked for type
and range here, as docs/log-format.md gives them: nothing from outside reaches a file name or
the database unchecked."""

import json
import re

from deckcore.games import load
from deckcore.keep_replay import reader_for
from deckcore.replay import LogError


class BadLog(Exception):
    """A log that cannot be read or replayed. `line` is the line at fault, or None when the
    problem is the whole file; the message starts with `FILE:LINE:` (or `FILE:`)."""

    def __init__(self, path, line, problem):
        where = "%s:%d" % (path, line) if line is not None else str(path)
        # a value quoted from the log may hold half a surrogate pair: shown escaped, so that
        # the message can be printed and written as UTF-8 (a why.txt)
        problem = problem.encode("utf-8", "backslashreplace").decode("utf-8")
        Exception.__init__(self, "%s: %s" % (where, problem))
        self.path = path
        self.line = line
        self.problem = problem


class ReadLog:
    """The JSON values of a log's lines, each with its line number."""

    def __init__(self, path, data):
        """`data` is the file's bytes; `path` names it in messages."""
        self.path = path
        self.records = _whole_lines(data)  # (line number, parsed JSON value)
        self.truncated = False  # the last line was cut off (power lost while writing)
        if self.records:
            return
        lines = data.split(b"\n")
        ends_with_newline = data.endswith(b"\n")
        for index, raw in enumerate(lines):
            number = index + 1
            text = raw.strip()
            if not text:
                continue
            try:
                record = _json_line(text)
            except (UnicodeDecodeError, ValueError, RecursionError) as error:
                if index == len(lines) - 1 and not ends_with_newline:
                    self.truncated = True
                    break
                raise BadLog(path, number, "not a JSON record (%s)" % error)
            self.records.append((number, record))
        if not self.records:
            raise BadLog(path, None, "the file holds no records")

    @classmethod
    def of_file(cls, path):
        try:
            with open(path, "rb") as handle:
                data = handle.read()
        except OSError as error:
            raise BadLog(path, None, "cannot read: %s" % (error.strerror or error))
        return cls(path, data)


_scan = json.JSONDecoder().scan_once  # (the work of json.loads, without its wrapping)
_BLANK = " \t\n\r\x0b\x0c"  # what bytes.strip strips: ASCII's white space


def _whole_lines(data):
    """The records of a log every line of which is whole (UTF-8, each one JSON value), its
    text decoded once, as ReadLog reads them line by line; [] for any other (ReadLog then
    reads it line by line, to say what is wrong, or that its last line was cut off)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return []
    records = []
    number = 0
    for line in text.split("\n"):
        number += 1
        line = line.strip(_BLANK)
        if line:
            try:
                value, end = _scan(line, 0)
            except (ValueError, RecursionError, StopIteration):
                return []
            if end != len(line):
                return []
            records.append((number, value))
    return records


def _json_line(text):
    """The JSON value of a line's bytes, stripped: as json.loads gives it (its error when it
    refuses the line), in half the time (its scanner called once, straight)."""
    try:
        line = text.decode("utf-8")
        value, end = _scan(line, 0)
        if end == len(line):
            return value
    except (UnicodeDecodeError, ValueError, RecursionError, StopIteration):
        pass
    return json.loads(text.decode("utf-8"))  # (the value, or the error, as json.loads says)


ID_LENGTH = 64      # a device or game id: letters, digits, - _ . (a file name as it is)
NAME_LENGTH = 40    # a player's name (the device's own are at most 12 letters)
WORD_LENGTH = 16    # rules_v and a bot's level
SEED_LIMIT = 2 ** 63  # a seed is a whole number 0..2^63-1 (an SQLite integer)
_ID = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9._-]*\Z")
_WORD = re.compile(r"[!-~]+\Z")  # printable ASCII, no spaces


def header_problem(header):
    """What is wrong with the header's ids, names, rules_v and seed (docs/log-format.md,
    header), or None. The replay checks the rest (fmt, v, game, options, seats, kinds)."""
    for field in ("device", "game_id"):
        value = header.get(field)
        if not (type(value) is str and len(value) <= ID_LENGTH and _ID.match(value)):
            return ("%s %s is not an id: 1 to %d letters, digits, -, _ or . (not first)"
                    % (field, _shown(value), ID_LENGTH))
    rules_v = header.get("rules_v")
    if not (type(rules_v) is str and len(rules_v) <= WORD_LENGTH and _WORD.match(rules_v)):
        return "rules_v %s is not a version: 1 to %d printable characters" % (
            _shown(rules_v), WORD_LENGTH)
    if "seed" in header:
        seed = header["seed"]
        if not (type(seed) is int and 0 <= seed < SEED_LIMIT):
            return "seed %s is not a whole number from 0 to 2^63-1" % _shown(seed)
    for seat, player in enumerate(header["players"]):
        name, level = player.get("name"), player.get("level")
        if not (name is None or type(name) is str and len(name) <= NAME_LENGTH
                and _is_text(name)):
            return ("player %d's name %s is not a name: null or up to %d characters, no "
                    "control characters" % (seat, _shown(name), NAME_LENGTH))
        if not (level is None or type(level) is str and len(level) <= WORD_LENGTH
                and _WORD.match(level)):
            return "player %d's level %s is not a bot's name: null or a word of up to %d " \
                   "characters" % (seat, _shown(level), WORD_LENGTH)
    return None


def _is_text(text):
    """Text that can be written as UTF-8 and shown on a line: no lone surrogates, no control
    characters."""
    return all(ord(char) >= 0x20 and not 0x7F <= ord(char) < 0xA0
               and not 0xD800 <= ord(char) < 0xE000 for char in text)


def _shown(value):
    """A value in a message: its JSON, cut to 40 characters."""
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def seat_names(header):
    """The players' names by seat, as the header gives them ("Seat N" where it has none)."""
    names = []
    for seat, player in enumerate(header["players"]):
        name = player.get("name")
        names.append(name if isinstance(name, str) and name.strip() else "Seat %d" % seat)
    return names


def replay_file(path, on_record=None):
    """Replay a log file through the rules core; returns (Replay, ReadLog). BadLog on any
    problem. `on_record(line, record, replay)` is called after each record is accepted."""
    return replay_log(ReadLog.of_file(path), on_record)


def _record_label(record):
    """`KIND record: ` for the start of a message (a kind that is not a word, quoted)."""
    kind = record.get("t") if isinstance(record, dict) else None
    if not isinstance(kind, str):
        return ""
    return "%s record: " % (kind if kind.isidentifier() else repr(kind))


GAMES_KEPT = 64  # the Games of this many headers' options kept for the next logs
DEALS_KEPT = 64  # the good deals (sizes, cards) a Game's deal check keeps (_checked_once)
_games_made = {}  # (game name, options as JSON) -> the Game made of them


def _game_once(name):
    """deckcore.games.load for the replay, but a game's Game made once for the same options
    (a Game is final once made, deckcore.game): an archive of many logs of a few set-ups
    replays them without resolving the same options again, nor parsing the same card tokens
    again (_parsed_once), nor checking the same pack again (_checked_once)."""
    game_class = load(name)
    if game_class is None:
        return None

    def made(options):
        key = (name, json.dumps(options, sort_keys=True))
        game = _games_made.get(key)
        if game is None:
            game = game_class(options)  # (a RulesError of the options: nothing kept)
            game.parse_card = _parsed_once(game.parse_card)
            game.check_deal = _checked_once(game.check_deal, game.DEAL_PILES)
            if len(_games_made) >= GAMES_KEPT:
                _games_made.clear()
            _games_made[key] = game
        return game
    return made


def _parsed_once(parse_card):
    """A Game's parse_card that parses each token once: the card of a token is the Game's
    alone (its pack), and a log names the same few dozen tokens in every deal and play (the
    parsing was a quarter of a replay on the host). A token refused is refused each time,
    with the Game's own message. (A dict's own lookup, which calls no Python for a token
    known: a tenth of the replay's calls are these.)"""
    return _Cards(parse_card).__getitem__


class _Cards(dict):
    """The cards of the tokens parsed so far (_parsed_once)."""

    def __init__(self, parse_card):
        dict.__init__(self)
        self.parse_card = parse_card

    def __missing__(self, text):
        card = self[text] = self.parse_card(text)
        return card


def _checked_once(check_deal, names):
    """A Game's check_deal(piles) that checks each (pile sizes, cards dealt) once: a deal
    check looks at the piles' sizes and the cards they hold, never at their order
    (Game.check_deal: "exactly the pack in piles of the right sizes"; deckcore.checks deals a
    reference deal and parses the pack for it), so the good deals of one Game share a key
    (the sizes, the cards sorted) and all but the first skip that work. A deal refused is
    checked (and refused) each time, with the rules' message."""
    good = set()

    def check(piles):
        try:
            sizes = tuple(tuple(len(hand) for hand in piles[name]) if name == "hands"
                          else len(piles[name]) for name in names)
            cards = sorted(card for name in names for pile in
                           (piles[name] if name == "hands" else [piles[name]]) for card in pile)
            key = sizes, tuple(cards)
        except (KeyError, TypeError):  # (not a deal's shape: the rules say what is wrong)
            key = None
        if key is None or key not in good:
            check_deal(piles)
            if key is not None:
                if len(good) >= DEALS_KEPT:
                    good.clear()
                good.add(key)
    return check


def replay_log(read, on_record=None):
    """Replay the records of a ReadLog, as replay_file does."""
    header = read.records[0][1] if read.records else None
    replay = reader_for(header)(_game_once)
    for number, record in read.records:
        try:
            replay.feed(record)
        except LogError as error:
            raise BadLog(read.path, number, _record_label(record) + str(error))
        if record is header:
            problem = header_problem(record)
            if problem:
                raise BadLog(read.path, number, "header record: " + problem)
        if on_record:
            on_record(number, record, replay)
    return replay, read
