"""The sync protocol's frames (decklink/frame.py, docs/sync-protocol.md). These tests run under
pytest and under `micropython -X heapsize=192K` (tests/host/test_link_under_micropython.py):
both sides of the link use the one codec."""

from decklink.frame import TO_DEVICE, TO_HOST, FrameError, decode, encode


def expect_error(kind, prefix, line):
    try:
        decode(prefix, line)
    except FrameError as error:
        assert error.kind == kind, (error.kind, line)
        return
    raise AssertionError("%r was accepted" % line)


def test_a_frame_is_the_prefix_the_json_and_its_crc32_in_hex():
    import binascii
    line = encode(TO_DEVICE, {"q": 1})
    assert line[:10] == b'#>{"q":1}*' and line[-1:] == b"\n" and len(line) == 19
    assert int(line[10:18], 16) == binascii.crc32(b'{"q":1}') & 0xFFFFFFFF
    assert decode(TO_DEVICE, line) == {"q": 1}


def test_the_crc_is_crc32_of_the_body_the_standard_check_value():
    from decklink.frame import crc_text
    assert crc_text(b"123456789") == "cbf43926"


def test_every_byte_of_a_frame_is_printable_ascii_even_for_control_characters():
    line = encode(TO_HOST, {"ok": 1, "why": "a\x03b\x04c\x01"})
    assert all(32 <= byte < 127 for byte in line[:-1]) and line[-1:] == b"\n"
    assert decode(TO_HOST, line)["why"] == "a\x03b\x04c\x01"


def test_a_carriage_return_before_the_newline_is_accepted():
    assert decode(TO_HOST, encode(TO_HOST, {"ok": 1})[:-1] + b"\r\n") == {"ok": 1}


def test_the_other_directions_prefix_is_not_a_frame():
    expect_error("frame", TO_HOST, encode(TO_DEVICE, {"op": "hello"}))


def test_a_flipped_byte_in_the_body_fails_the_crc():
    line = bytearray(encode(TO_HOST, {"ok": 1, "data": "abcd"}))
    line[8] ^= 1
    expect_error("crc", TO_HOST, bytes(line))


def test_repl_output_and_half_frames_are_not_frames():
    for line in (b">>> ", b"Traceback (most recent call last):", b"#<", b"#<{}", b"#<{}*",
                 b"", b"\n"):
        expect_error("frame", TO_HOST, line)
    expect_error("crc", TO_HOST, b"#<{}*zzzzzzzz")


def test_a_frame_whose_body_is_not_an_object_is_refused():
    from decklink.frame import encode_body
    expect_error("frame", TO_HOST, encode_body(TO_HOST, b"[1,2]"))
    expect_error("frame", TO_HOST, encode_body(TO_HOST, b"{nope"))
