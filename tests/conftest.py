"""Shared pytest setup of the nnstack tests.

pytest's default (prepend) import mode puts the folder of this file, tests/, on
sys.path, so test modules anywhere below it import the shared helpers here
(`generic_ir`) by their module name.
"""

import pytest


@pytest.fixture(autouse=True, scope="session")
def native_code_cache(tmp_path_factory: pytest.TempPathFactory):
    """Native code the tests compile is cached in a folder of the session
    (`$NNSTACK_CACHE_DIR`, also for the tools they run), never in the user's cache."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("NNSTACK_CACHE_DIR", str(tmp_path_factory.mktemp("nnstack-cache")))
        yield
