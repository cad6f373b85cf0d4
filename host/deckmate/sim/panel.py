"""An ST7789 panel as the host sees it: the SPI bytes and the CS, DC and RST wires of the
driver in, the picture out. This decoder is the check that the driver is right.

Modelled (ST7789VW datasheet section 9.1): commands with DC low, parameters and pixel data
with DC high, only while CS is low; SWRESET and a RST pulse; SLPOUT and DISPON (the panel is
black until both); COLMOD (16 bits a pixel only); CASET and RASET windows; RAMWR filling the
window column by column, row by row, wrapping to its start; MADCTL's MY, MX and MV bits (and
its BGR bit); INVON and INVOFF, for an IPS panel that shows true colours only with INVON.
Not modelled: the controller's other settings (porch, gamma, voltages), read commands,
and the module's physical wiring of controller memory to glass: the panel is taken to show
the memory from (0, 0), upright with MADCTL 0 when square and with MV|MX when landscape.
That wiring, and any offset, is checked on the hardware (hardware/README.md, bring-up).
"""

SWRESET = 0x01
SLPIN = 0x10
SLPOUT = 0x11
INVOFF = 0x20
INVON = 0x21
DISPOFF = 0x28
DISPON = 0x29
CASET = 0x2A
RASET = 0x2B
RAMWR = 0x2C
MADCTL = 0x36
COLMOD = 0x3A
PARAMETER_COUNT = {CASET: 4, RASET: 4, MADCTL: 1, COLMOD: 1}

MADCTL_MY = 0x80
MADCTL_MX = 0x40
MADCTL_MV = 0x20
MADCTL_BGR = 0x08


class PanelError(Exception):
    """The driver sent what this panel does not accept."""


class Panel:
    def __init__(self, width, height, cs_pin, dc_pin, rst_pin=None):
        """width x height: the panel as the user sees it."""
        self.width = width
        self.height = height
        self.cs_pin = cs_pin
        self.dc_pin = dc_pin
        self.rst_pin = rst_pin
        self.levels = {}
        # The controller's memory is portrait; a landscape panel shows it turned a quarter
        # turn, the way MADCTL MV|MX (0x60) draws upright.
        self.landscape = width > height
        self.columns_native, self.rows_native = min(width, height), max(width, height)
        self.memory = bytearray(width * height * 2)  # RGB565 big-endian, native rows
        self.commands_seen = []
        self.pixel_bytes = 0  # RAMWR data bytes received, for tests of partial pushes
        self.changes = 0      # counts the SPI writes and resets: the picture may differ
        self.reset()

    def reset(self):
        self.sleeping = True
        self.display_on = False
        self.inverted = False
        self.madctl = 0
        self.pixel_format = None
        self.command = None
        self.parameters = bytearray()
        self.columns = (0, self.width - 1)
        self.rows = (0, self.height - 1)
        self.cursor = None
        self.pixel_high = None  # the first byte of a pixel whose second has not come

    def pin(self, gpio, level):
        previous = self.levels.get(gpio, 1)
        self.levels[gpio] = level
        if gpio == self.rst_pin and previous == 1 and level == 0:
            self.reset()
            self.changes += 1

    def spi(self, data):
        if self.levels.get(self.cs_pin, 1):
            return  # not selected
        self.changes += 1
        if self.levels.get(self.dc_pin, 1) == 0:
            for code in data:
                self.start_command(code)
        elif self.command == RAMWR:
            self.write_pixels(data)
        else:
            self.parameters += data
            if len(self.parameters) >= PARAMETER_COUNT.get(self.command, 0) > 0:
                self.apply_parameters()

    def start_command(self, code):
        self.command = code
        self.parameters = bytearray()
        self.commands_seen.append(code)
        if code == SWRESET:
            self.reset()
        elif code == SLPOUT:
            self.sleeping = False
        elif code == SLPIN:
            self.sleeping = True
        elif code == DISPON:
            self.display_on = True
        elif code == DISPOFF:
            self.display_on = False
        elif code == INVON:
            self.inverted = True
        elif code == INVOFF:
            self.inverted = False
        elif code == RAMWR:
            if self.pixel_format != 0x55:
                raise PanelError("RAMWR before COLMOD set 16 bits a pixel (0x55)")
            self.cursor = (self.columns[0], self.rows[0])
            self.pixel_high = None

    def apply_parameters(self):
        p = self.parameters
        if self.command == CASET:
            self.columns = ((p[0] << 8) | p[1], (p[2] << 8) | p[3])
        elif self.command == RASET:
            self.rows = ((p[0] << 8) | p[1], (p[2] << 8) | p[3])
        elif self.command == MADCTL:
            self.madctl = p[0]
        elif self.command == COLMOD:
            self.pixel_format = p[0]
        self.command = None

    def place(self, x, y):
        """The offset in memory of the pixel at address counters (x, y), or None outside it:
        MV exchanges the counters, then MX and MY mirror the column and the row."""
        if self.madctl & MADCTL_MV:
            x, y = y, x
        if self.madctl & MADCTL_MX:
            x = self.columns_native - 1 - x
        if self.madctl & MADCTL_MY:
            y = self.rows_native - 1 - y
        if 0 <= x < self.columns_native and 0 <= y < self.rows_native:
            return (y * self.columns_native + x) * 2
        return None

    def write_pixels(self, data):
        self.pixel_bytes += len(data)
        memory = self.memory
        (x0, x1), (y0, y1) = self.columns, self.rows
        x, y = self.cursor
        index = 0
        if self.pixel_high is not None:
            data = bytes((self.pixel_high,)) + bytes(data)
            self.pixel_high = None
        end = len(data) - 1
        while index < end:
            offset = self.place(x, y)
            if offset is not None:
                memory[offset] = data[index]
                memory[offset + 1] = data[index + 1]
            index += 2
            x += 1
            if x > x1:
                x = x0
                y += 1
                if y > y1:
                    y = y0
        if index == end:
            self.pixel_high = data[index]
        self.cursor = (x, y)

    def picture(self):
        """What the panel shows: RGB565 values, big-endian, row by row (width x height) as the
        user sees the panel."""
        if self.sleeping or not self.display_on:
            return bytes(len(self.memory))
        memory = self.memory
        if self.landscape:
            memory = bytearray(len(self.memory))
            columns = self.columns_native
            for y in range(self.height):
                for x in range(self.width):
                    source = (x * columns + columns - 1 - y) * 2
                    target = (y * self.width + x) * 2
                    memory[target:target + 2] = self.memory[source:source + 2]
        if self.inverted:
            return bytes(memory)
        return bytes(b ^ 0xFF for b in memory)

    def rgb(self):
        """The picture as 8-bit RGB bytes (3 a pixel), for images and windows."""
        picture = self.picture()
        out = bytearray(self.width * self.height * 3)
        for i in range(0, len(picture), 2):
            value = (picture[i] << 8) | picture[i + 1]
            red, green, blue = value >> 11, (value >> 5) & 63, value & 31
            if self.madctl & MADCTL_BGR:
                red, blue = blue, red
            j = i // 2 * 3
            out[j] = (red << 3) | (red >> 2)
            out[j + 1] = (green << 2) | (green >> 4)
            out[j + 2] = (blue << 3) | (blue >> 2)
        return bytes(out)
