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


@pytest.fixture(scope="session")
def examples_under_dynamo(require_torch):
    """One child process runs every example: the rule catalogue's bad/good files and tests/dynamo_cases."""
    from compilelint.catalogue import load_catalogue
    from tests.helpers import REPO, run_under_dynamo

    specs = load_catalogue().values()
    files = [spec.folder / name for spec in specs for name in ("bad.py", "good.py")]
    files += sorted((REPO / "tests" / "dynamo_cases").glob("*.py"))
    # rules about silent changes of results are proven by comparing compiled outputs with eager ones
    semantic = [spec.folder / name for spec in specs if "semantic" in spec.tags for name in ("bad.py", "good.py")]
    return run_under_dynamo(files, REPO, compare_eager=semantic)
