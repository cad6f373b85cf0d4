"""The help texts of Chambery Tarot's options, by option name, for the host's `deckmate options`
(Option.help_text): the device never loads this module."""

HELP = {
    "players":
        "number of players; 4 and 3 play the forms of section 3.7",
    "pack":
        "78 cards, or the 62-card pack without the 2-5 of each suit (3 or 4 players, "
        "section 3.7)",
    "partnerships":
        "4 players: solo or a called King as for five, or fixed partners sitting opposite "
        "with no solo (section 3.7)",
    "suit_ranking":
        "seed: black K Q C V 10..1, red K Q C V 1..10; french_1902: K Q C V 1 10..2 in all "
        "suits (section 3.2.3)",
    "first_lead":
        "who leads to the first trick: the declarer, or the eldest hand (the dealer's "
        "right) as in 1902 (section 3.5.1)",
    "discard_rule":
        "seed: no Kings, T21, Fool, T1 only if there is no alternative; 1902: trumps only "
        "if none is left in hand (section 3.3.4)",
    "settlement":
        "seed: each winner receives the excess from each loser; pagat_1902: the three "
        "opponents of a called pair pay or receive it once each (section 3.6)",
    "multipliers":
        "none, or the 1902 game factors: x2 One Card, x4 Solo, x2 when the losers have "
        "under a quarter of the points (section 3.6.4)",
}
