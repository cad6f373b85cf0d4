"""`deckmate report`: the archive as static HTML that opens in any browser from the disk, with
no server and nothing fetched from elsewhere (the scripts and styles are in the pages, the
pictures in the folder):

    index.html          the games table (click a heading to sort, type to filter; the state
                        is kept in the address, `#sort=date&desc&filter=Ann`), the per-player
                        charts, the figures of `deckmate stats`
    players/N.png       one player's score history (deckmate.plot)
    games/N.html        one game replayed step by step (buttons or the arrow keys; `#step=N`):
                        every seat's cards, the trick or SCOUT's active set, what was done, and
                        after each hand the score explained as on the device
    cards/NAME.png      the cards as the device draws them (deckmate.card_pictures)
"""

import html
import json
import os

from deckcore.games import TITLES
from deckmate import card_pictures, plot
from deckmate.game_record import NO_DATE
from deckmate.logs import ReadLog, replay_log
from deckmate.play_by_play import PlayByPlay, action_text
from deckmate.standings import standings

MOST_CHARTS = 12
# The records that are a step of a game's page: a played game's, then a scorekept game's
STEP_KINDS = ("deal", "act", "undo", "result", "end", "entry", "correct")


def write_report(records, folder):
    """Write the report of `records` (GameRecords, oldest first) into `folder`; returns the
    path of its index.html."""
    for sub in ("games", "players", "cards"):
        os.makedirs(os.path.join(folder, sub), exist_ok=True)
    tokens = set()
    rows = []
    for number, record in enumerate(records, 1):
        steps, seen = game_steps(record)
        tokens |= seen
        page = "games/%d.html" % number
        _write(os.path.join(folder, page), _game_page(record, steps))
        rows.append((record, page))
    for token, png in card_pictures.card_pngs(tokens).items():
        with open(os.path.join(folder, "cards", card_file(token)), "wb") as handle:
            handle.write(png)
    charts = []
    for number, name in enumerate(_charted_players(records), 1):
        chart = "players/%d.png" % number
        plot.draw(records, os.path.join(folder, chart), players=[name])
        charts.append((name, chart))
    index = os.path.join(folder, "index.html")
    _write(index, _index_page(rows, charts, standings(records)))
    return index


def card_file(token):
    """The picture's file name of a card token (`3/7` has a slash)."""
    return token.replace("/", "-") + ".png"


def game_steps(record):
    """([step], card tokens seen) of a game: one step per deal, action, undo and result (a
    scorekept game: per entered hand, correction and undo), each {"caption": [lines],
    "seats": [{"name", "total", "cards"}], "table": [[seat, token]], "explain": [lines]}."""
    story = PlayByPlay()
    steps, tokens = [], set()
    totals = [0] * len(record.players)

    def on_record(line, entry, replay):
        told, tricks_before = len(story.lines), story.trick_number
        story.on_record(line, entry, replay)
        kind = entry["t"]
        if kind not in STEP_KINDS:
            return
        caption = []
        told_now = [text.plain.strip() for text in story.lines[told:] if text.plain.strip()]
        if kind == "act":
            acted = "%s: %s" % (story.names[entry["seat"]],
                                action_text(replay.game, entry["a"]).plain)
            if acted not in told_now:  # (a card into a trick: the story tells it when complete)
                caption.append(acted)
        explain = []
        if "How it was scored:" in told_now:
            at = told_now.index("How it was scored:")
            told_now, explain = told_now[:at], told_now[at + 1:]
        caption.extend(line for line in told_now
                       if not line.startswith(("Hand ", "Round ")) or kind != "deal")
        if kind == "deal":
            caption.insert(0, told_now[0] if told_now else "a new " + story.word)
            caption = caption[:1]
        if kind in ("entry", "correct"):  # what was entered, then the hand's result
            at = len(told_now) - len(story.names)
            caption, explain = told_now[:at], told_now[at:]
        if "totals" in entry:
            totals[:] = entry["totals"]
        state = replay.state
        if state is not None:
            game = state.game
            seats = [{"name": name, "total": totals[seat],
                      "cards": [game.card_text(card) for card in state.hands[seat]]}
                     for seat, name in enumerate(story.names)]
            table = [[seat, game.card_text(card)] for seat, card in
                     zip(getattr(state, "trick_seats", ()), getattr(state, "trick", ()))]
            if story.trick_number != tricks_before:  # this card ended the trick: show it
                table = [[seat, token] for seat, token in story.last_trick]
            if hasattr(state, "active"):
                table = [[getattr(state, "owner", -1), game.card_text(card)]
                         for card in state.active]
        else:  # after the result (or a scorekept game): the cards as they were, the totals
            before = steps[-1]["seats"] if steps else [{"name": name, "cards": []}
                                                       for name in story.names]
            seats = [dict(seat, total=totals[number]) for number, seat in enumerate(before)]
            table = []
        for seat in seats:
            tokens.update(seat["cards"])
        tokens.update(token for _, token in table)
        if kind == "deal":
            for pile in replay.game.DEAL_PILES:
                if pile != "hands":
                    tokens.update(entry.get(pile) or ())
        steps.append({"caption": caption, "seats": seats, "table": table, "explain": explain})

    read = ReadLog.of_file(record.path)
    replay_log(read, on_record)
    return steps, tokens


def _charted_players(records):
    """The players who get a chart: the people (else everyone), most matches first."""
    counts, people = {}, set()
    for record in records:
        if not record.complete:
            continue
        for player in record.players:
            counts[player["name"]] = counts.get(player["name"], 0) + 1
            if player["kind"] == "human":
                people.add(player["name"])
    names = [name for name in counts if name in people] or list(counts)
    return sorted(names, key=lambda name: (-counts[name], name))[:MOST_CHARTS]


def _write(path, text):
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


_STYLE = """
body { font: 15px/1.4 system-ui, sans-serif; margin: 1.5em; color: #1c1c1c; background: #f4f2ec; }
h1, h2 { font-weight: 600; } a { color: #28466e; }
table { border-collapse: collapse; background: white; }
th, td { padding: 4px 10px; border-bottom: 1px solid #ddd; text-align: left; vertical-align: top; }
td:first-child, td:last-child { white-space: nowrap; }
th { cursor: pointer; background: #28466e; color: white; user-select: none; white-space: nowrap; }
th.sorted::after { content: " \\25B2"; } th.sorted.desc::after { content: " \\25BC"; }
input { font: inherit; padding: 4px 8px; margin: 0 0 8px 0; width: 22em; }
.charts img { width: 420px; margin: 4px; background: white; }
.muted { color: #6e6e6e; }
img.card { width: 48px; image-rendering: pixelated; margin-right: -8px; vertical-align: middle; }
.seat { background: white; padding: 6px 10px; margin: 4px 0; border-radius: 6px; }
.seat b { display: inline-block; min-width: 8em; }
.table { background: #0c281c; color: #f0f0e8; padding: 10px; border-radius: 8px;
         min-height: 110px; }
.table figure { display: inline-block; margin: 0 12px 0 0; text-align: center; }
.table img.card { margin-right: 0; width: 64px; }
.caption { font-size: 17px; margin: 8px 0; min-height: 2.8em; }
.explain { background: white; padding: 8px 12px; white-space: pre; font-family: monospace; }
button { font: inherit; padding: 4px 14px; }
"""

_INDEX_SCRIPT = """
const table = document.getElementById('games'), body = table.tBodies[0];
const filter = document.getElementById('filter');
let sortColumn = -1, descending = false;
function cellValue(row, column) {
  const cell = row.cells[column];
  return cell.dataset.sort !== undefined ? cell.dataset.sort : cell.textContent.toLowerCase();
}
function apply() {
  const rows = Array.from(body.rows);
  if (sortColumn >= 0) {
    const numeric = table.tHead.rows[0].cells[sortColumn].dataset.numeric !== undefined;
    rows.sort((a, b) => {
      let x = cellValue(a, sortColumn), y = cellValue(b, sortColumn);
      if (numeric) { x = Number(x); y = Number(y); }
      return (x < y ? -1 : x > y ? 1 : 0) * (descending ? -1 : 1);
    });
    rows.forEach(row => body.appendChild(row));
  }
  const words = filter.value.toLowerCase().split(/\\s+/).filter(Boolean);
  let shown = 0;
  rows.forEach(row => {
    const text = row.textContent.toLowerCase();
    const visible = words.every(word => text.includes(word));
    row.hidden = !visible; shown += visible ? 1 : 0;
  });
  document.getElementById('shown').textContent = shown + ' of ' + rows.length + ' games';
  Array.from(table.tHead.rows[0].cells).forEach((th, index) => {
    th.classList.toggle('sorted', index === sortColumn);
    th.classList.toggle('desc', index === sortColumn && descending);
  });
  const state = [];
  if (sortColumn >= 0) state.push('sort=' + table.tHead.rows[0].cells[sortColumn].dataset.key);
  if (descending) state.push('desc');
  if (filter.value) state.push('filter=' + encodeURIComponent(filter.value));
  history.replaceState(null, '', state.length ? '#' + state.join('&') : location.pathname);
}
Array.from(table.tHead.rows[0].cells).forEach((th, index) => th.addEventListener('click', () => {
  descending = sortColumn === index ? !descending : false; sortColumn = index; apply();
}));
filter.addEventListener('input', apply);
for (const part of location.hash.slice(1).split('&')) {
  const [key, value] = part.split('=');
  if (key === 'sort') sortColumn = Array.from(table.tHead.rows[0].cells)
      .findIndex(th => th.dataset.key === value);
  if (key === 'desc') descending = true;
  if (key === 'filter') filter.value = decodeURIComponent(value || '');
}
apply();
"""

_GAME_SCRIPT = """
const steps = JSON.parse(document.getElementById('steps').textContent);
let step = 0;
function card(token, big) {
  const img = document.createElement('img');
  img.className = 'card'; img.alt = token; img.title = token;
  img.src = '../cards/' + token.replace('/', '-') + '.png';
  return img;
}
function show(number) {
  step = Math.max(0, Math.min(steps.length - 1, number));
  const now = steps[step];
  const seats = document.getElementById('seats'); seats.textContent = '';
  now.seats.forEach(seat => {
    const row = document.createElement('div'); row.className = 'seat';
    const name = document.createElement('b');
    name.textContent = seat.name + ' (' + seat.total + ')';
    row.appendChild(name);
    seat.cards.forEach(token => row.appendChild(card(token)));
    seats.appendChild(row);
  });
  const table = document.getElementById('table'); table.textContent = '';
  table.hidden = steps.every(each => !each.table.length);  // a game kept at a table: no cards
  now.table.forEach(([seat, token]) => {
    const figure = document.createElement('figure');
    figure.appendChild(card(token));
    const label = document.createElement('figcaption');
    label.textContent = seat >= 0 && now.seats[seat] ? now.seats[seat].name : '';
    figure.appendChild(label); table.appendChild(figure);
  });
  document.getElementById('caption').textContent = now.caption.join('\\n');
  const explain = document.getElementById('explain');
  explain.textContent = now.explain.join('\\n'); explain.hidden = !now.explain.length;
  document.getElementById('where').textContent = 'step ' + (step + 1) + ' of ' + steps.length;
  history.replaceState(null, '', '#step=' + (step + 1));
}
document.getElementById('first').onclick = () => show(0);
document.getElementById('back').onclick = () => show(step - 1);
document.getElementById('next').onclick = () => show(step + 1);
document.getElementById('last').onclick = () => show(steps.length - 1);
document.addEventListener('keydown', event => {
  if (event.key === 'ArrowRight') show(step + 1);
  if (event.key === 'ArrowLeft') show(step - 1);
  if (event.key === 'Home') show(0);
  if (event.key === 'End') show(steps.length - 1);
});
const asked = /step=(\\d+)/.exec(location.hash);
show(asked ? Number(asked[1]) - 1 : 0);
"""


def _page(title, body, script=""):
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width\">"
            "<title>%s</title><style>%s</style></head><body>\n%s\n<script>%s</script>"
            "</body></html>\n" % (html.escape(title), _STYLE, body, script))


def _index_page(rows, charts, figures):
    head = ("<tr><th data-key=\"date\">date</th><th data-key=\"game\">game</th>"
            "<th data-key=\"players\">players</th><th data-key=\"result\">result</th>"
            "<th data-key=\"hands\" data-numeric>hands</th><th data-key=\"mode\">mode</th>"
            "<th data-key=\"device\">device</th><th data-key=\"synced\">synced</th></tr>")
    lines = []
    for record, page in rows:
        lines.append("<tr><td>%s</td><td><a href=\"%s\">%s</a></td><td>%s</td><td>%s</td>"
                     "<td data-sort=\"%d\">%d</td><td>%s</td><td>%s</td><td>%s</td></tr>" % (
                         html.escape(record.date) or "<span class=\"muted\">no date</span>",
                         page, html.escape(TITLES[record.game]),
                         html.escape(", ".join(record.names)),
                         html.escape(record.result_text()), record.hand_count,
                         record.hand_count, record.mode, html.escape(record.device),
                         html.escape(record.synced)))
    chart_html = "".join("<img src=\"%s\" alt=\"%s\" title=\"%s\">" % (
        chart, html.escape(name), html.escape(name)) for name, chart in charts)
    stats_lines = []
    for game in figures["games"]:
        for player in game["players"]:
            stats_lines.append("<tr><td>%s</td><td>%s</td><td>%d</td><td>%d</td><td>%s</td>"
                               "<td>%s</td></tr>" % (
                                   html.escape(TITLES[game["game"]]),
                                   html.escape(player["name"]), player["matches"],
                                   player["wins"], player["mean"], player["best"]))
    finished = sum(1 for record, _ in rows if record.complete)
    if not finished:  # what the charts and figures would count is not there yet: say so
        waiting = ("%s, and an abandoned or unfinished match has no final total"
                   % ("the game here is not finished" if len(rows) == 1 else
                      "none of the %d games here is finished" % len(rows)))
        chart_html = "<p class=\"muted\">No charts yet: a player's chart draws his finished " \
                     "matches; %s.</p>" % waiting
        figures_html = "<p class=\"muted\">No figures yet: they count finished matches; " \
                       "%s.</p>" % waiting
    else:
        chart_html = "<div class=\"charts\">%s</div>" % chart_html
        figures_html = ("<table class=\"stats\"><thead><tr><th>game</th><th>player</th>"
                        "<th>matches</th><th>wins</th><th>mean</th><th>best</th></tr></thead>"
                        "<tbody>%s</tbody></table>" % "\n".join(stats_lines))
    undated = ("<p class=\"muted\">No date: %s.</p>" % html.escape(NO_DATE.split(": ", 1)[1])
               if any(not record.date for record, _ in rows) else "")
    body = ("<h1>Deckmate games</h1>"
            "<p class=\"muted\" id=\"shown\"></p>"
            "<input id=\"filter\" placeholder=\"filter: a player, a game, a date...\">"
            "<table id=\"games\"><thead>%s</thead><tbody>%s</tbody></table>%s"
            "<h2>Players</h2>%s<h2>Figures</h2>%s" % (head, "\n".join(lines), undated,
                                                     chart_html, figures_html))
    return _page("Deckmate games", body, _INDEX_SCRIPT)


def _game_page(record, steps):
    title = "%s, %s" % (TITLES[record.game], record.date or record.game_id)
    data = json.dumps(steps).replace("</", "<\\/")
    body = ("<p><a href=\"../index.html\">all games</a></p><h1>%s</h1>"
            "<p class=\"muted\">%s; game %s on device %s (%s)</p>"
            "<p><button id=\"first\">&#x25C0;&#x25C0; first</button> "
            "<button id=\"back\">&#x25C0; back</button> "
            "<button id=\"next\">next &#x25B6;</button> "
            "<button id=\"last\">last &#x25B6;&#x25B6;</button> "
            "<span id=\"where\" class=\"muted\"></span>"
            " <span class=\"muted\">(or the arrow keys)</span></p>"
            "<div class=\"caption\" id=\"caption\" style=\"white-space: pre-line\"></div>"
            "<div class=\"table\" id=\"table\"></div><div id=\"seats\"></div>"
            "<div class=\"explain\" id=\"explain\"></div>"
            "<script type=\"application/json\" id=\"steps\">%s</script>" % (
                html.escape(title), html.escape(record.result_text()),
                html.escape(record.game_id), html.escape(record.device), record.mode, data))
    return _page(title, body, _GAME_SCRIPT)
