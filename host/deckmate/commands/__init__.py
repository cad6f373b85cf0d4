"""One module per `deckmate` subcommand, each with `add_parser(subparsers)`."""
