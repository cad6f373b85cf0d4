"""What the device and the PC must agree on, defined once and run by both (MicroPython on the
device, CPython in the host tool): the sync protocol's line frames (frame.py) and the format
of the store's checked files, the manifest and the state files (checked.py)."""
