"""The hook in .pre-commit-hooks.yaml works through the real pre-commit tool (try-repo)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from tests.helpers import REPO

BAD = "import torch\nclass M(torch.nn.Module):\n    def forward(self, x):\n        if x.sum() > 0:\n            return x\n        return -x\n"


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    root = tmp_path_factory.mktemp("precommit")
    repo = root / "repo"
    repo.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    (repo / "model.py").write_text(BAD)
    (repo / "clean.py").write_text("import torch\n\n\ndef f(x):\n    return x * 2\n")
    return repo, root / "pre-commit-home"


def _try_repo(scratch, *files):
    repo, home = scratch
    env = dict(os.environ, PRE_COMMIT_HOME=str(home), PIP_DISABLE_PIP_VERSION_CHECK="1")
    return subprocess.run([sys.executable, "-m", "pre_commit", "try-repo", str(REPO), "compilelint",
                           "--files", *files], cwd=repo, env=env, capture_output=True, text=True, timeout=600)


def test_hook_fails_on_a_graph_break(scratch):
    proc = _try_repo(scratch, "model.py", "clean.py")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "model.py:4:12: CL101" in proc.stdout
    assert "clean.py" not in proc.stdout.split("hook id: compilelint", 1)[1]


def test_hook_passes_on_clean_files(scratch):
    proc = _try_repo(scratch, "clean.py")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Passed" in proc.stdout
