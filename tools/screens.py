"""Screenshots of every shell screen and of the card test screen, taken on the simulated board.

    python tools/screens.py [--out docs/screens]

The simulated board boots on a fresh flash that holds three saved games (so History has
something to show) and the half-written settings file a power cut would leave (so the boot
screen shows what the flash check repaired), then plays the key script tools/screens.keys and
writes one PNG per `shot` step. tests/host/test_shell_screens.py plays the same script and
compares its shots with the committed ones in docs/screens/.
"""

import argparse
import os
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KEY_SCRIPT = os.path.join(ROOT, "tools", "screens.keys")
SCREENS = os.path.join(ROOT, "docs", "screens")
sys.path.insert(0, os.path.join(ROOT, "firmware"))

# Matches kept on the flash for History: (game, options, seed, bots, date). The dates are
# fixed because the store stamps a game with the clock it finds.
SAVED_GAMES = (
    ("scioto", {"players": 2}, 7, ("greedy", "random"), "2026-11-27 20:15"),
    ("scout", {"players": 3}, 2, ("greedy", "greedy", "random"), "2026-11-28 18:40"),
    ("scarto", {}, 5, ("greedy", "random", "greedy"), "2026-11-29 21:05"),
)


def saved_games_files():
    """{path on the flash: bytes}: the logs and the manifest of SAVED_GAMES, written by the
    firmware's own store (under CPython) into a scratch folder."""
    from deckapp import store as store_module
    from deckcore.bots.levels import make
    from deckcore.games import load
    from deckcore.selfplay import play_match

    folder = tempfile.mkdtemp()
    try:
        store = store_module.Store(folder)
        store.hold()  # deckapp.store_games stays loaded, its clock stopped below
        store.boot()
        from deckapp import store_games
        for number, (name, options, seed, bots, date) in enumerate(SAVED_GAMES, 1):
            game = load(name)(options)
            lines = []
            play_match(game, seed, [make(bot, game) for bot in bots], lines.append,
                       "game-%d" % number, "sim")
            store_games.today = lambda: date  # the store's clock, stopped at this date
            game_log = store.start_game("game-%d" % number, lines[0])
            for line in lines[1:]:
                game_log.append(line)
            game_log.close()
        store.release()
        files = {}
        for folder_name, _, names in os.walk(folder):
            for name in names:
                path = os.path.join(folder_name, name)
                with open(path, "rb") as handle:
                    files[os.path.relpath(path, folder).replace(os.sep, "/")] = handle.read()
        return files
    finally:
        shutil.rmtree(folder)


PICTURED_DEVICE = "e6613852835b2a29"  # About's device id in docs/screens/about.png


def take(shots_dir, image, **running):
    """Boot the simulated board on a fresh flash image (the file `image`) with the saved games
    and a stray temp file: the boot screen, then the key script. Returns the PNG paths.
    `running`: more keyword arguments of run_script (the heap, text boxes)."""
    from deckmate.sim import flash, script
    files = saved_games_files()
    files["state/settings.chk.tmp"] = b'{"names": '
    flash.install_image(image, {}, fresh=True, extra=files,  # one board's id in the pictures
                        chip_id=bytes.fromhex(PICTURED_DEVICE))
    shots = script.run_script(["shot boot", "a"], image, shots_dir, **running)
    with open(KEY_SCRIPT) as keys:
        return shots + script.run_script(keys.read().splitlines(), image, shots_dir, **running)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=SCREENS, help="folder for the PNGs")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        for path in take(args.out, os.path.join(scratch, "flash.img")):
            print("wrote", os.path.relpath(path))


if __name__ == "__main__":
    main()
