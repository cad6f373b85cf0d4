import os
import sys

import pytest
from hypothesis import settings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

# In CI every property test draws its examples from a fixed seed, so a run is repeatable and a
# red build always names a change; on a developer's machine each run explores new examples.
settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(scope="session")
def installed(tmp_path_factory):
    """The bin folder of deckmate installed as an owner installs it (test_install.install),
    made once per test session; the tests that use it are one xdist group
    (test_install.INSTALLED), so that one worker makes it."""
    from test_install import install
    return install(tmp_path_factory.mktemp("installed"))
