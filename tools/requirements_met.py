"""Exit 0 when this Python already has what tools/setup.sh installs, else 1.

Met means: every `name==version` pin of requirements.txt is installed at that version, and
the deckmate package is installed from this checkout with the pyproject.toml it was
installed with (setup.sh records that file's digest in the venv after installing).
Anything else (a missing or other version, a line that is not a plain pin) is not met."""

import hashlib
import os
import re
import sys
from importlib import metadata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STAMP = os.path.join(sys.prefix, "deckmate-pyproject.sha256")
PIN = re.compile(r"^([A-Za-z0-9._-]+)==([^\s;#]+)$")


def pyproject_digest():
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()


def pins_met(path=os.path.join(ROOT, "requirements.txt")):
    """Every line of the requirements file at `path` is a `name==version` pin installed here."""
    with open(path) as handle:
        for line in handle:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            pin = PIN.match(line)
            if not pin:
                return False
            try:
                if metadata.version(pin.group(1)) != pin.group(2):
                    return False
            except metadata.PackageNotFoundError:
                return False
    return True


def package_met():
    if not os.path.exists(STAMP):
        return False
    with open(STAMP) as handle:
        return handle.read().strip() == pyproject_digest()


if __name__ == "__main__":
    if sys.argv[1:] == ["--record"]:
        with open(STAMP, "w") as handle:
            handle.write(pyproject_digest() + "\n")
        sys.exit(0)
    sys.exit(0 if pins_met() and package_met() else 1)
