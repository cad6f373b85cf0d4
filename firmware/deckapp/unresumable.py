"""An open log the rules core cannot replay (a line damaged but still JSON, or records that
are not a match's): the resume says what is wrong and how to close it, and what is wrong stays
on flash, so that the offer after the reset says it too, instead of offering a resume that
fails again (deckapp/resume.py). Nothing of the log is lost: the offer's X closes it as it is.

    unresumable(store, game_id, error)   the StoreError of such a resume (and kept on flash)
    wrong(store)                         what is wrong with the open log, or None
"""

from deckapp.store import StoreError

STATE = "unresumable"  # the store's state file: [game id, what is wrong with its log]


def unresumable(store, game_id, error):
    """The StoreError of a resume of game `game_id` whose log the rules core refused with
    `error` (its LogError, or the ValueError of a line that is not JSON)."""
    try:
        store.save_state(STATE, [game_id, str(error)])
    except StoreError:
        pass  # (the offer then offers the resume again, which says this again)
    return StoreError("Game %s cannot be resumed (its log: %s). Back, then Abandon (X), closes "
                      "the log as it is, every line kept." % (game_id, error))


def wrong(store):
    """What a resume found wrong with the log of the game in progress, or None."""
    saved = store.load_state(STATE, None)
    if type(saved) == list and len(saved) == 2 and saved[0] == store.open_id:
        return saved[1]
    return None
