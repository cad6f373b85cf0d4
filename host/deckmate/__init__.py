"""The Deckmate host tool: replay, check and play card-game logs with the device's rules core."""
