"""The checks of a game made at one moment: its options resolved at set-up and when a Game is
made (`Game.resolve`) and a logged deal checked before it is replayed (`Game.check_deal`).
deckcore.game imports this module for the call only (`residency.Visit`), so a match in
progress holds none of it."""

from deckcore import RulesError


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
        resolved[option.name] = option.check(value)
    settle = getattr(declared, "settle", None)
    if settle is not None:
        settle(resolved)
    return resolved


def check_deal(game, piles):
    """The piles' sizes against a deal the rules make, then their cards against the pack:
    each card counted under the lowest id with its text (parse_card: a double pack's two
    copies are one card), in a bytearray rather than a table of texts, for the check runs
    when a match is resumed, at one of its highest heaps (docs/budgets.md). Each card of the
    pack is parsed once (card ids under 255); a dealt card is looked up by its id."""
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
    size = max(pack) + 1
    counts = bytearray(size)
    alike = bytearray(size)  # a pack card's id -> 1 + the id counted for it (0: not in the pack)
    for card in pack:  # each text parsed once, not again for each card dealt
        same = game.parse_card(game.card_text(card))
        alike[card] = same + 1
        counts[same] += 1
    pack = None  # (and the pack's copy)
    for pile in dealt:
        for card in pile:
            same = alike[card] - 1 if 0 <= card < size else -1
            if same < 0 or counts[same] == 0:
                raise RulesError("%s is dealt more often than the pack holds it"
                                 % game.card_text(card))
            counts[same] -= 1


def _check_size(what, pile, expected):
    if len(pile) != len(expected):
        raise RulesError("%s holds %d cards, the rules deal %d" % (what, len(pile), len(expected)))
