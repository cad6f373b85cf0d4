"""How much flash the store uses per game, and how many games fit (figures of issue 14).

Usage: micropython flash_use.py CORE_DIR FIRMWARE_DIR IMAGE_DIR LOG

On a fresh LittleFS of the Pico's 352 blocks of 4096 bytes, the log is written alone in a
folder, line by line, flushed as the store flushes it: the blocks its file takes. Then on
another fresh one the files of IMAGE_DIR (the deployed image) are copied as a deploy does, and the log is written
through the store, line by line as a game is played: the blocks the image took and the blocks
the first game took (its log, its folder of logs and the manifest). Then games like it are
played until the store refuses a new one (its reserve, or its cap on the number of logs): how
many fit. Prints one line of these figures (tools/storage_figures.py reads it).
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


def log_alone_blocks(lines):
    format_and_mount(Flash(PICO_BLOCKS))
    os.mkdir("/flash/logs")  # in a folder, as the store keeps it: the root's commits apart
    empty = used_blocks()
    with open("/flash/logs/1.jsonl", "w") as log:
        for line in lines:
            log.write(line)
            log.flush()
    blocks = used_blocks() - empty
    unmount()
    return blocks


def main():
    image, path = sys.argv[3], sys.argv[4]
    with open(path) as handle:
        lines = [line for line in handle]
    alone = log_alone_blocks(lines)
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
    print("image %d blocks; %s: %d lines, %d bytes, %d blocks alone, %d blocks the first game; "
          "%d games fit (%d blocks left, %s)"
          % (image_blocks, path.rsplit("/", 1)[-1], len(lines), sum(len(l) for l in lines), alone,
             one, games, PICO_BLOCKS - used_blocks(), refusal))


main()
