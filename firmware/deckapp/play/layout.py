"""Drawing the play screen (table.py) in the 240x196 area between the bars, and what it says
about a hand in progress from the viewer's seat, as the game's show module
(deckcore.games.show_of: games/<game>_show.py) tells it.

    rows 24..   the other seats, one or two columns: the seat to act marked, name, cards
                held, what the game counts during a hand
    ..150       the table: one line of the game's state, then the trick, SCOUT's active
                set, or the menu of the decision
    150..166    the news line: the last play, or in red the rule that refused a choice
    166..220    the hand, scrolled to keep the cursor in view (arrows at its ends)
"""

from micropython import const

from deckcore.games import show_of
from deckui import cards, font, theme, widgets

_NEWS_Y = const(150)
_HAND_Y = const(166)
_LINE = const(15)
_CARD_W = const(32)  # wide enough for the card renderer's large font
_CARD_H = const(46)
_NARROW_W = const(28)  # narrower than the renderer's large-font width: the small font
_SMALL_H = const(32)  # a small card's height: its index, rank over suit


def draw_table(canvas, screen):
    session = screen.session
    state = session.state if session.state is not None else session.last_hand
    view = state.view(screen.viewer)
    y = _seats(canvas, screen, state, view)
    if screen.covered:
        name = session.seats[screen.viewer].name
        font.centred(canvas, "Pass the device to", 0, 80, 240, theme.TEXT, font.LARGE)
        font.centred(canvas, font.fit(name, 230, font.LARGE), 0, 104, 240, theme.TEXT,
                     font.LARGE)
        font.centred(canvas, "and press the centre key", 0, 132, 240, theme.MUTED)
        return
    choices = screen.choices
    if menu_as_list(choices, view):
        rows = (_NEWS_Y - y - 2 * _LINE - 1) // (_LINE + 1)  # under a state of two lines
        below = _state_line(canvas, session, view, y, 180 if len(choices.menu) > rows else 236)
        _menu(canvas, choices, below + 1, _NEWS_Y)
    else:
        _table(canvas, screen, state, view, y)
    _news(canvas, screen, session, view)
    _hand(canvas, view, choices)


def draw_message(canvas, text):
    """The table of a match that could not start or resume: why (the flash's refusal)."""
    y = 90
    for line in widgets.wrap(text, 220):
        font.centred(canvas, line, 0, y, 240, theme.TEXT)
        y += 16


def _seats(canvas, screen, state, view):
    session = screen.session
    others = [seat for seat in range(len(session.seats)) if seat != screen.viewer]
    columns = 1 if len(others) <= 2 else 2
    width = 240 // columns
    to_act = state.current_player()
    room = width - 6
    for index in range(len(others)):  # name, cards held, the hand's figure, the match total
        seat = others[index]
        x = 2 + (index % columns) * width
        y = widgets.TOP + 2 + (index // columns) * _LINE
        colour = theme.TEXT
        if seat == to_act:
            canvas.fill_rect(x - 2, y - 1, room + 4, _LINE, theme.CURSOR)
            colour = theme.CURSOR_TEXT
        right = seat_figures(view, seat, columns == 1)
        if columns == 1:  # room for the total
            right += "  total %d" % session.match.totals[seat]
        right_width = font.width(right)
        font.text(canvas, font.fit(session.seats[seat].name, room - right_width - 6), x, y,
                  colour)
        font.text(canvas, right, x + room - right_width, y, colour)
    if columns == 2:
        canvas.vline(120, widgets.TOP + 2, ((len(others) + 1) // 2) * _LINE - 2, theme.BAR)
    rows = (len(others) + columns - 1) // columns
    return widgets.TOP + 4 + rows * _LINE


def _plural(count, name):
    """A count and the plural `name` of what is counted: "1 card", "3 cards"."""
    return "%d %s" % (count, name[:-1] if count == 1 else name)


def seat_figures(view, seat, wide):
    """A seat's figures in the hand, as its game's show module counts them: the cards it
    holds and what it has taken (Scioto's card points, SCOUT's points of captured cards and
    chips, the tarot games' tricks): in words where its row has the screen's width (`wide`),
    else short: "13c 2t" (the help page gives the legend)."""
    show = show_of(view.game.NAME)
    held, taken = show.seat_figures(view, seat)
    taken_name = show.TAKEN
    if wide:
        return "%s  %s" % (_plural(held, "cards"), _plural(taken, taken_name))
    return "%dc %d%s" % (held, taken, taken_name[:1])  # (a slice: an index interns)


def menu_as_list(choices, view):
    """A decision without cards to choose is a list in the table's place, unless cards lie
    on the table (SCOUT's active set): then it is one line that steps through the menu."""
    if choices is None or not choices.menu or choices.cards_are_choices:
        return False
    return not show_of(view.game.NAME).on_table(view)[0]


def _menu(canvas, choices, top, bottom):
    """The decision's menu, only the rows in view made into text (SCOUT has hundreds)."""
    visible = (bottom - top) // (_LINE + 1)
    first = max(0, min(choices.cursor - visible // 2, len(choices.menu) - visible))
    rows = [choices.menu_text(i) for i in range(first, min(len(choices.menu), first + visible))]
    menu = widgets.ListView(rows, top=top, bottom=bottom, row_height=_LINE + 1)
    menu.cursor = choices.cursor - first
    menu.draw(canvas)
    if len(choices.menu) > visible:
        count = "%d/%d" % (choices.cursor + 1, len(choices.menu))
        font.text(canvas, count, 238 - font.width(count), top - _LINE - 1, theme.MUTED)


def _table(canvas, screen, state, view, y):
    session = screen.session
    if screen.showing_last:
        played, seats = screen.last_trick
        font.text(canvas, "The last trick (X: back to the table)", 2, y, theme.TEXT)
        y += _LINE
    else:
        played, seats = show_of(view.game.NAME).on_table(view)
        y = _state_line(canvas, session, view, y, 236)
    if played:
        picker = screen.choices.picker if screen.choices is not None else None
        marked = picker.index if picker is not None and picker.scouting() else -1
        _row_of_cards(canvas, session, view, played, seats, y + 1, marked)


def _state_line(canvas, session, view, y, room):
    """The hand's state from row y (the game's show module says it): the contract in
    pictures once there is one, else text (two lines when one is too short: the bids of five
    players); returns the row below."""
    show = show_of(view.game.NAME)

    def seat_name(seat):
        return session.seats[seat].name if seat >= 0 else "-"

    line = show.contract(view, seat_name) if show.contract is not None else None
    if line is not None:
        _contract_line(canvas, line, y, 2 + room)
        return y + _LINE
    lines = widgets.wrap(show.state_text(view, seat_name), room)
    for text in lines[:1] + [" ".join(lines[1:])] if len(lines) > 1 else lines:
        font.text(canvas, font.fit(text, room), 2, y, theme.MUTED)
        y += _LINE
    return y


def _contract_line(canvas, line, y, right):
    """The contract's items (the game's show module) left to right: the contract and the stakes as
    badges, cards as chips, names and labels as text; what does not fit is left off."""
    x = 2
    for kind, text in line:
        if kind == "card":
            if x + font.width(text) + 6 > right:
                return
            x = cards.chip(canvas, text, x, y - 1, _LINE + 1) + 4
            continue
        colour = theme.MUTED if kind == "label" else theme.TEXT
        fill = {"contract": theme.CURSOR, "stake": theme.HEARTS}.get(kind)
        if fill is not None:
            colour = theme.CURSOR_TEXT if kind == "contract" else theme.CARD
        pad = 8 if fill is not None else 0
        if x + font.width(text) + pad > right:
            text = font.fit(text, right - x - pad)
        width = font.width(text) + pad
        if fill is not None:
            canvas.fill_rect(x, y - 1, width, _LINE + 1, fill)
        font.text(canvas, text, x + (4 if fill is not None else 0), y, colour)
        x += width + 4
        if x >= right - 2:
            return


def _row_of_cards(canvas, session, view, played, seats, y, marked=-1):
    """The cards on the table, each over the short name of who played it; `marked` is the
    card a highlighted Scout takes. More cards than fit one row of large ones, overlapped to
    their index (a compounded Scioto trick), go in two rows of small cards, in the order
    played."""
    game = session.game
    if len(played) > (236 - _CARD_W) // (cards.INDEX_WIDTH[1] + 2) + 1:
        per_row = (len(played) + 1) // 2
        step = min(_NARROW_W + 2, (236 - _NARROW_W) // (per_row - 1))
        for index in range(len(played)):
            row, column = divmod(index, per_row)
            look = cards.CURSOR if index == marked else cards.NORMAL
            cards.draw(canvas, game.card_text(played[index]), 2 + column * step,
                       y + row * (_SMALL_H + 3), _NARROW_W, _SMALL_H, look)
        return
    step = min(_CARD_W + 4, (236 - _CARD_W) // max(1, len(played) - 1)) if len(played) > 1 else 0
    x = (240 - (step * (len(played) - 1) + _CARD_W)) // 2
    for index in range(len(played)):
        look = cards.CURSOR if index == marked else cards.NORMAL
        cards.draw(canvas, game.card_text(played[index]), x, y, _CARD_W, _CARD_H, look)
        if seats is not None and (step >= _CARD_W or len(played) == 1):
            name = session.seats[seats[index]].name
            room = max(step, _CARD_W + 4) - 2
            font.centred(canvas, font.fit(name, room), x + (_CARD_W - room) // 2,
                         y + _CARD_H + 1, room, theme.MUTED)
        x += step


def _news(canvas, screen, session, view):
    """The news line: the last play, or the person's choice: SCOUT's picker, menu entries
    beside playable cards, a menu stepped through, or the highlighted choice; a refusal's
    rule in red."""
    choices = screen.choices
    y = _NEWS_Y
    if choices is not None and choices.picker is not None:
        picker = choices.picker  # over a bar with the action put together, always in view:
        lines = []  # the keys of the kind (a line or two), or a refusal's rule, whole, in red
        for part in (screen.news if screen.refused else picker.hint()).split("\n"):
            lines.extend(widgets.wrap(part, 236))  # a line each, wrapped if need be
        top = y - _LINE * len(lines)
        if screen.refused:
            canvas.fill_rect(0, top - 1, 240, y - top + 1, theme.BACKGROUND)
        for index in range(len(lines)):
            font.text(canvas, lines[index], 2, top + _LINE * index,
                      theme.HEARTS if screen.refused else theme.MUTED)
        canvas.fill_rect(0, y - 1, 240, _LINE + 1, theme.CURSOR)
        text = "\u2191\u2193 " + picker.text()
        font.text(canvas, font.fit(text, 236), 2, y, theme.CURSOR_TEXT)
        return
    if choices is not None and choices.menu and choices.cards_are_choices \
            and not screen.refused:
        x = 4  # Scioto's "stop": a row of buttons, reached with up from the hand
        for index in range(len(choices.menu)):
            text = choices.menu_text(index)
            width = font.width(text) + 10
            highlighted = choices.focus == "menu" and choices.cursor == index
            if highlighted:
                canvas.fill_rect(x, y, width, _LINE, theme.CURSOR)
            else:
                canvas.rect(x, y, width, _LINE, theme.MUTED)
            font.text(canvas, text, x + 5, y, theme.CURSOR_TEXT if highlighted else theme.TEXT)
            x += width + 4
        return
    if choices is not None and choices.menu and not menu_as_list(choices, view):
        canvas.fill_rect(0, y - 1, 240, _LINE + 1, theme.CURSOR)  # one entry between arrows
        count = "%d/%d" % (choices.cursor + 1, len(choices.menu))
        text = "\u2190 %s \u2192" % choices.highlighted_text()
        font.text(canvas, font.fit(text, 230 - font.width(count)), 4, y, theme.CURSOR_TEXT)
        font.text(canvas, count, 236 - font.width(count), y, theme.CURSOR_TEXT)
        return
    if choices is not None and not screen.refused:
        text = choices.highlighted_text()
        who = session.seats[screen.viewer].name if screen.people > 1 else "Your turn"
        if choices.left_to_mark() and choices.marked:  # the cursor moved on by itself: where
            text = "mark %d more; cursor on %s" % (choices.left_to_mark(), text)
            who = who if screen.people > 1 else ""
        elif choices.left_to_mark():
            text = "mark %d more, then OK" % choices.left_to_mark()
        text = who + ": " + text if who else text[0].upper() + text[1:]
        colour = theme.TEXT
    elif screen.refused:  # the rule, on two lines over the bottom of the table if need be
        lines = widgets.wrap(screen.news, 236)[:2]
        top = _NEWS_Y - _LINE * (len(lines) - 1)
        canvas.fill_rect(0, top - 1, 240, _NEWS_Y + _LINE + 1 - top, theme.BACKGROUND)
        for index in range(len(lines)):
            font.text(canvas, lines[index], 2, top + index * _LINE, theme.HEARTS)
        return
    else:
        text, colour = screen.news, theme.MUTED
    font.text(canvas, font.fit(text, 236), 2, _NEWS_Y, colour)


def _hand(canvas, view, choices):
    """The hand in large cards if they all fit, else in narrow ones (small font), scrolled
    to keep the cursor in view if even those do not fit. Marked cards and the run a SCOUT
    Show lays down are lifted; a scouted card is drawn in its place, under the cursor."""
    picker = choices.picker if choices is not None else None
    hand = picker.hand_cards() if picker is not None else list(getattr(view, "hand", ()))
    if not hand:
        return
    game = view.game
    width, least = _CARD_W, cards.INDEX_WIDTH[1] + 2  # an overlapped card shows its index
    if (240 - 4 - width) // max(1, len(hand) - 1) < least:
        width, least = _NARROW_W, cards.INDEX_WIDTH[0] + 2
    room = 240 - 4 - width
    step = min(width + 2, room // max(1, len(hand) - 1))
    first, end, x = 0, len(hand), 2
    arrow = font.width("\u2190") + 2  # a scrolled hand's arrows, beside its cards
    if step < least:
        step = least
        visible = (room - 2 * arrow) // step + 1
        cursor = choices.cursor if choices is not None and choices.focus == "hand" else 0
        if picker is not None:
            cursor = picker.focus()
        first = max(0, min(cursor - visible // 2, len(hand) - visible))
        end = first + visible
        x += arrow
    run = picker.shown_run() if picker is not None else (0, 0)
    scouted = picker.gap if picker is not None and picker.scouting() else -1
    for index in range(first, end):
        look = cards.NORMAL
        if run[0] <= index < run[1] or choices is not None and index in choices.marked:
            look = cards.SELECTED
        if index == scouted:
            look |= cards.CURSOR
        if choices is not None and choices.cards_are_choices:
            if not choices.playable[index]:
                look |= cards.DIMMED
            if choices.focus == "hand" and choices.cursor == index:
                look |= cards.CURSOR
        lift = 6 * bool(look & (cards.CURSOR | cards.SELECTED))
        cards.draw(canvas, game.card_text(hand[index]), x, _HAND_Y + 6 - lift, width, _CARD_H,
                   look)
        x += step
    arrow_y = _HAND_Y + 6 + (_CARD_H - font.height()) // 2
    if first > 0:
        font.text(canvas, "\u2190", 0, arrow_y, theme.MUTED)
    if end < len(hand):
        font.text(canvas, "\u2192", 240 - arrow + 1, arrow_y, theme.MUTED)
