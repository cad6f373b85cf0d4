import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(scope="session")
def installed(tmp_path_factory):
    """The bin folder of deckmate installed as an owner installs it (test_install.install),
    made once per test session; the tests that use it are one xdist group
    (test_install.INSTALLED), so that one worker makes it."""
    from test_install import install
    return install(tmp_path_factory.mktemp("installed"))
