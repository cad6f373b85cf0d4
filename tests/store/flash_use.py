"""How much flash the store uses per game, and how many games fit (figures of issue 14).

Usage: micropython flash_use.py CORE_DIR FIRMWARE_DIR IMAGE_DIR LOG

On a fresh LittleFS of the Pico's 352 blocks of 4096 bytes, the files of IMAGE_DIR (the
deployed image) are copied as a deploy does; then the log is written through the store, line by line as
a game is played; prints the blocks the image took, the log's bytes and the blocks it took. Then games like it are played until the store
refuses a new one (its reserve, or its cap on the number of logs): prints how many fit.
"""

import os
import sys

sys.path[1:1] = sys.argv[1:3]

from deckapp.store import Store, StoreFull
from flash import Flash, format_and_mount, unmount


PICO_BLOCKS = 352


def copy_tree(source, target):
    for name in os.listdir(source):
        path = source + "/" + name
        if os.stat(path)[0] & 0x4000:
            os.mkdir(target + "/" + name)
            copy_tree(path, target + "/" + name)
        else:
            with open(path, "rb") as original, open(target + "/" + name, "wb") as copy:
                copy.write(original.read())


def used_blocks():
    info = os.statvfs("/flash")
    return info[2] - info[3]


def play(store, lines):
    log = store.start_game(store.new_game_id(), lines[0])
    for line in lines[1:]:
        log.append(line)
    log.close()


def main():
    image, path = sys.argv[3], sys.argv[4]
    with open(path) as handle:
        lines = [line for line in handle]
    format_and_mount(Flash(PICO_BLOCKS))
    copy_tree(image, "/flash")
    image_blocks = used_blocks()
    store = Store("/flash")
    store.boot()
    before = used_blocks()
    play(store, lines)
    one = used_blocks() - before
    games = 1
    try:
        while True:
            play(store, lines)
            games += 1
    except StoreFull as full:
        refusal = full.detail
    print("image %d blocks; %s: %d lines, %d bytes, %d blocks; %d games fit (%d blocks left, %s)"
          % (image_blocks, path.rsplit("/", 1)[-1], len(lines), sum(len(l) for l in lines), one,
             games, PICO_BLOCKS - used_blocks(), refusal))


main()
