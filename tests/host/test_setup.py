"""tools/setup.sh installs nothing when this environment already has every pin
(tools/requirements_met.py), and the host tool's files stay portable (no user ids where
the system has none)."""

import os
import subprocess
import sys
from importlib import metadata

from helpers import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools"))
import requirements_met  # noqa: E402


def test_pins_are_met_only_by_the_installed_versions(tmp_path):
    requirements = tmp_path / "requirements.txt"

    def met(text):
        requirements.write_text(text)
        return requirements_met.pins_met(str(requirements))

    pytest_version = metadata.version("pytest")
    assert met("# a comment\n\npytest==%s  # the test runner\n" % pytest_version)
    assert not met("pytest==0.0.1\n")
    assert not met("no-such-package-for-deckmate==1.0\n")
    assert not met("pytest>=1\n")  # not a pin: setup.sh lets pip decide


def test_this_environment_meets_the_repository_pins():
    done = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "requirements_met.py")])
    assert done.returncode == 0


def test_cached_files_are_named_without_a_user_id_where_there_is_none(monkeypatch):
    from deckmate.cache import cached_path
    if hasattr(os, "getuid"):
        assert os.path.basename(cached_path("x")) == "deckmate-%d-x" % os.getuid()
    monkeypatch.delattr(os, "getuid", raising=False)
    assert os.path.basename(cached_path("x")) == "deckmate-x"
