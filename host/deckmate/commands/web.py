"""`deckmate web`: the device's firmware on a static web page (deckmate.web)."""

import os


def add_parser(subparsers):
    parser = subparsers.add_parser(
        "web", help="write Deckmate as a static web page (the firmware in a browser)",
        description="Write a static site that runs the device's firmware (the .mpy image a board "
                    "gets) in MicroPython's WebAssembly port: the 240x240 screen scaled to the "
                    "window, the nine buttons as on-screen keys (touch and mouse) and on the "
                    "keyboard as in `deckmate sim`. Open DIR/index.html from the disk or put DIR "
                    "on any static host: the page asks nothing of any other place. A host that "
                    "sends the headers Cross-Origin-Opener-Policy: same-origin and "
                    "Cross-Origin-Embedder-Policy: require-corp lets the page share the keys "
                    "with the firmware, which then reads them during a bot's think too (from "
                    "the disk: once the think is over). Its games "
                    "stay in the browser's storage; History downloads their logs for `deckmate "
                    "import`. Example: deckmate web --out site")
    parser.add_argument("--out", required=True, metavar="DIR",
                        help="the folder to write the site into (made if missing)")
    parser.set_defaults(run=run)


def run(args):
    from deckmate import web
    sizes = web.write_site(args.out)
    print("wrote %s: %s (%.1f MB in all)" % (
        args.out, ", ".join(sorted(sizes)), sum(sizes.values()) / 1e6))
    print("open %s in a browser (or serve the folder with the COOP/COEP headers of "
          "`deckmate web --help`: keys read during a bot's think)"
          % os.path.join(args.out, "index.html"))
    return 0
