"""What the screens show of every tarot game alike (scarto_show.py, chambery_show.py,
droggn_show.py take it from here): the figures beside the seats."""

TAKEN = "tricks"  # what a seat takes in a hand, counted beside its name
LEGEND = "tricks won"  # the help page's words for it


def seat_figures(view, seat):
    """(cards held, tricks won) of `seat`."""
    return view.hand_sizes[seat], view.tricks_won[seat]
