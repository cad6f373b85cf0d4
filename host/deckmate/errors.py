"""The one error of the `deckmate` command: `cli.main` prints it as `deckmate COMMAND: message`."""

FAILURE = 1  # the command ran and failed
USAGE = 2    # the command line cannot run


class CommandError(Exception):
    """A command cannot do what was asked; the message says why. Exit status 1."""

    status = FAILURE


class UsageError(CommandError):
    """A command line that cannot run; the message says what to give instead. Exit status 2."""

    status = USAGE
