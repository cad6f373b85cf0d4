"""The characters of the device's fonts that stand for cards: the four suit symbols, by the
card tokens' suit letters, and the Fool's star. A module of their own, without the font's
drawing, for what only writes text (the play screens' words, deckapp/play/words.py)."""

SUIT_SYMBOLS = {"S": "\u2660", "C": "\u2663", "H": "\u2665", "D": "\u2666"}
FOOL_STAR = "\u2605"
