"""The checks of a game made at one moment: its options resolved at set-up and when a Game is
made (`Game.resolve`, `Option.check`, `Option.help_line`) and a logged deal checked before it
is replayed (`Game.check_deal`). deckcore.game imports this module for the call and unloads it
after (`call_unloaded`), so a match in progress holds none of it."""

from deckcore.game import RulesError
from deckcore.option import value_text


def help_line(option):
    if option.choices is not None:
        allowed = "|".join(value_text(c) for c in option.choices)
    else:
        allowed = "%s..%s" % (option.lo, option.hi)
    tag = " [house rule]" if option.house_rule else ""
    return "%s=%s (default %s): %s%s" % (
        option.name, allowed, value_text(option.default), option.help_text, tag)


def check_option(option, value):
    if value is None and option.default is None:
        return None  # "auto": the game works the value out from the other options
    if option.choices is not None:
        for allowed in option.choices:
            if value == allowed and type(value) == type(allowed):
                return value
            if type(value) == int and type(allowed) == str and str(value) == allowed:
                return allowed  # `--option multipliers=1902` reads 1902 as a number
        raise RulesError("option %s: %s is not one of %s" % (
            option.name, value_text(value), ", ".join(value_text(c) for c in option.choices)))
    if type(value) != int or value < option.lo or value > option.hi:
        raise RulesError("option %s: %s is not a whole number in %d..%d" % (
            option.name, value_text(value), option.lo, option.hi))
    return value


def resolve(declared, given):
    """The final options of a game's options module `declared` (games/*_options.py: NAME,
    OPTIONS and an optional `settle`) for `given`, as a dict."""
    known = [o.name for o in declared.OPTIONS]
    for key in sorted(given):
        if key not in known:
            raise RulesError("%s has no option %r; its options are: %s" % (
                declared.NAME, key, ", ".join(known)))
    resolved = {}
    for option in declared.OPTIONS:
        value = given.get(option.name, option.default)
        resolved[option.name] = check_option(option, value)
    settle = getattr(declared, "settle", None)
    if settle is not None:
        settle(resolved)
    return resolved


def resolve_game(name, given):
    """Game.resolve: the game's options resolved, as (name, value) pairs in declaration
    order."""
    from deckcore.games import options_of
    declared = options_of(name)
    resolved = resolve(declared, given)
    return [(o.name, resolved[o.name]) for o in declared.OPTIONS]


def check_deal(game, piles):
    """The piles' sizes against a deal the rules make, then their cards against the pack:
    each card counted under the lowest id with its text (parse_card: a double pack's two
    copies are one card), in a bytearray rather than a table of texts, for the check runs
    when a match is resumed, at one of its highest heaps (docs/budgets.md)."""
    from deckcore.rng import Rng
    reference = game.deal(Rng(1), 0)
    dealt = []  # the piles dealt, the hands one by one
    for name in game.DEAL_PILES:
        pile, expected = piles[name], reference[name]
        if name == "hands":
            if len(pile) != len(expected):
                raise RulesError("the deal has %d hands, the game %d" % (len(pile), len(expected)))
            for seat in range(len(pile)):
                _check_size("seat %d's hand" % seat, pile[seat], expected[seat])
                dealt.append(pile[seat])
        else:
            _check_size("the " + name, pile, expected)
            dealt.append(pile)
    reference = None  # (let go before the counts: the heap is at a peak)
    pack = game.pack()
    counts = bytearray(max(pack) + 1)
    for card in pack:
        counts[game.parse_card(game.card_text(card))] += 1
    pack = None  # (and the pack's copy)
    for pile in dealt:
        for card in pile:
            alike = game.parse_card(game.card_text(card))
            if alike >= len(counts) or counts[alike] == 0:
                raise RulesError("%s is dealt more often than the pack holds it"
                                 % game.card_text(card))
            counts[alike] -= 1


def _check_size(what, pile, expected):
    if len(pile) != len(expected):
        raise RulesError("%s holds %d cards, the rules deal %d" % (what, len(pile), len(expected)))
