"""Assertion helpers that work under CPython (pytest) and MicroPython alike."""


def raises(error_class, function, *args):
    """Call function(*args) and return the error_class it raises; fail if it does not."""
    try:
        function(*args)
    except error_class as error:
        return error
    raise AssertionError("%s(%s) did not raise %s" % (
        getattr(function, "__name__", "call"), ", ".join(repr(a) for a in args),
        error_class.__name__))
