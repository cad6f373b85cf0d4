"""Card tokens (docs/log-format.md) as a terminal shows them: on a card-coloured face in the
suit's colour, as the device draws its card chips (firmware/deckui/cards.py): red hearts and
diamonds, black spades and clubs, tarot trumps and the Fool on the trump band's purple, a
SCOUT card's top number in black. Without colour (piped) the same text stays readable."""

from rich.text import Text

from deckcore.games import FOOL_STAR, SUIT_SYMBOLS  # as the device's screens read them
# the device's palette (deckui/theme.py, either scheme): card face, suit and trump colours
_FACE = "#fafaf4"
_SUIT_INK = {"S": "#141414", "C": "#141414", "H": "#c8141e", "D": "#c8141e"}
_TRUMP = "#7846aa"


def card_label(token):
    """A card's short text: `K♥`, `T21`, `Fool★`, `3/7`."""
    if token == "Fool":
        return "Fool" + FOOL_STAR
    if token[:1] == "T" and token[1:].isdigit() or "/" in token:
        return token
    return token[:-1] + SUIT_SYMBOLS.get(token[-1], token[-1])


def card_style(token):
    if token == "Fool" or token[:1] == "T" and token[1:].isdigit():
        return "bold %s on %s" % (_FACE, _TRUMP)
    if "/" in token:
        return "bold #141414 on %s" % _FACE
    return "bold %s on %s" % (_SUIT_INK.get(token[-1], "#141414"), _FACE)


def card(token, face=True):
    """One card as rich Text; `face`: a space of the card's face on either side (for colour;
    plain text goes without)."""
    return Text((" %s " if face else "%s") % card_label(token), style=card_style(token))


def cards(tokens, face=True):
    """Cards in a row, one space between them."""
    line = Text()
    for index, token in enumerate(tokens):
        if index:
            line.append(" ")
        line.append_text(card(token, face))
    return line


def action(text, is_card, face=True):
    """An action's text with every word that is a card drawn as one (`ask 8H`, `call KS`);
    `is_card(word)` says which words are."""
    line = Text()
    for index, word in enumerate(text.split(" ")):
        if index:
            line.append(" ")
        if is_card(word):
            line.append_text(card(word, face))
        else:
            line.append(word)
    return line
