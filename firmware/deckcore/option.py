"""The options of a game, declared in games/<game>_options.py: what they are, their values'
text, the text a command line gives them, and their checks. Loaded with those modules, at the
set-up and when a match's options are resolved (deckcore.checks.resolve); a match in progress
holds none of it."""

from deckcore import RulesError


class Option:
    """A named option of a game. `choices` is a tuple of allowed values, or None for an int
    in lo..hi (bools are given as choices (False, True)). Its help text is in the game's
    HELP (games/<game>_text.py): only the host shows it, so the device never loads the text.
    `play_only`: it changes how the cards are played, never what a hand scores nor who deals
    (the scorekeeper's set-up leaves it out)."""

    def __init__(self, name, default, choices=None, lo=0, hi=0, house_rule=False,
                 play_only=False):
        self.name = name
        self.default = default
        self.choices = choices
        self.lo = lo
        self.hi = hi
        self.house_rule = house_rule
        self.play_only = play_only

    def help_line(self, texts):
        """The option's line of help: its name, values, default and text (`texts`: the
        game's HELP, by option name)."""
        if self.choices is not None:
            allowed = "|".join(value_text(c) for c in self.choices)
        else:
            allowed = "%s..%s" % (self.lo, self.hi)
        tag = " [house rule]" if self.house_rule else ""
        return "%s=%s (default %s): %s%s" % (
            self.name, allowed, value_text(self.default), texts[self.name], tag)

    def check(self, value):
        """`value` if the option allows it (the form the game uses), else RulesError."""
        if value is None and self.default is None:
            return None  # "auto": the game works the value out from the other options
        if self.choices is not None:
            for allowed in self.choices:
                if value == allowed and type(value) == type(allowed):
                    return value
                if type(value) == int and type(allowed) == str and str(value) == allowed:
                    return allowed  # `--option multipliers=1902` reads 1902 as a number
            raise RulesError("option %s: %s is not one of %s" % (
                self.name, value_text(value), ", ".join(value_text(c) for c in self.choices)))
        if type(value) != int or value < self.lo or value > self.hi:
            raise RulesError("option %s: %s is not a whole number in %d..%d" % (
                self.name, value_text(value), self.lo, self.hi))
        return value


def value_text(value):
    """An option's value as people read it: on, off, auto, or the value."""
    if value is True:
        return "on"
    if value is False:
        return "off"
    if value is None:
        return "auto"
    return str(value)


# Values whose log spelling a person should not read: the seed's rules ("seed") and names
# joined by "_" (the rest are shown with spaces).
_WORDS = {"seed": "standard", "french_1902": "French 1902", "pagat_1902": "Pagat 1902",
          "counter_clockwise": "counter-clockwise", "pass_deal": "the deal passes"}


def value_words(value):
    """An option's value as the device's screens and the hand's lines say it: on, off, auto,
    "standard" for the seed's rules, words for the rest ("same dealer", not same_dealer)."""
    if type(value) is str:
        return _WORDS.get(value) or value.replace("_", " ")
    return value_text(value)


def parse_option_value(text):
    """Turn `--option KEY=VALUE` text into a value: on/off/true/false, an int, or a string."""
    lowered = text.lower()
    if lowered in ("on", "true", "yes"):
        return True
    if lowered in ("off", "false", "no"):
        return False
    if lowered == "auto":
        return None
    try:
        return int(text)
    except ValueError:
        return text
