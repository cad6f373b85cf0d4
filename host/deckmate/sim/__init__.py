"""The simulated board (`deckmate sim`): the real firmware image in the MicroPython unix port.

- device/: what runs inside the unix port (host side, never deployed): the stand-in `machine`
  module and the boot script that mounts the flash;
- boards.py: the board definition's panel, wires and keys, read from its source;
- flash.py: the flash as a LittleFS v2 image file, and deploying the image onto it;
- link.py: the side channel (pins, SPI bytes, idles out; key levels in);
- panel.py: the ST7789 as the host sees it: SPI bytes in, picture out;
- firmware.py: starting the unix port on the boot script;
- script.py: key scripts played headless, with screenshots (`run_script`);
- bridge.py: the USB serial port on a pty, for mpremote and pyserial;
- window.py: the window (pygame-ce) with keyboard keys as buttons.
"""
