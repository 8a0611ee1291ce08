import importlib.util
import os

import pytest


def torch_available() -> bool:
    return importlib.util.find_spec("torch") is not None


@pytest.fixture(scope="session")
def require_torch():
    """torch-backed tests run in CI for real: a missing torch fails there instead of skipping."""
    if not torch_available():
        if os.environ.get("CI"):
            pytest.fail("torch is required in CI (pip install torch==2.13.0)")
        pytest.skip("torch is not installed")
