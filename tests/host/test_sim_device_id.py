"""Every simulated board has a device id of its own, as every board's flash chip has its own
unique id (issue 42.3): the id is made when a flash image is first written and kept in the
image (host/deckmate/sim/flash.py), also when a fresh start empties its filesystem; the
board reads it as machine.unique_id() (sim/device/machine.py) and About shows it. A copied
image is a cloned board: it has the id of the image it was copied from."""

import shutil

from deckmate.sim import flash
from play_sim import play
from text_boxes import read_boxes

ABOUT = ["down"] * 4 + ["press", "shot about"]  # from the main menu


def shown_device_id(flash_path, shots, fresh=False):
    shot, = play(flash_path, ABOUT, shots, fresh=fresh, text_boxes=True)
    texts = [box.text for box in read_boxes(shot) if box.kind == "text"]
    return texts[texts.index("Device id") + 1]


def test_each_flash_image_has_its_own_device_id_kept_in_the_image(tmp_path):
    first, second = tmp_path / "first.img", tmp_path / "second.img"
    ids = [shown_device_id(path, tmp_path / path.stem, fresh=True) for path in (first, second)]
    assert ids[0] != ids[1]
    assert ids == [flash.device_id(str(first)), flash.device_id(str(second))]
    assert len(ids[0]) == 16 and int(ids[0], 16) >= 0  # 8 bytes, as an RP2040 board's
    assert ids[0] != "e6613852835b2a29"  # the one id every simulated board had before
    # a fresh start empties the filesystem, not the chip's id; a copy is a clone
    assert shown_device_id(first, tmp_path / "again", fresh=True) == ids[0]
    shutil.copyfile(first, tmp_path / "clone.img")
    assert flash.device_id(str(tmp_path / "clone.img")) == ids[0]
