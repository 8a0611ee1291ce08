"""A setup method that keeps a parameter declared a tensor (`self.support_labels = support_labels` with
`support_labels: Tensor`) stores a tensor: a subclass in another file that reads the attribute knows it is one
(easyfsl's few-shot classifiers: `self.support_labels.unique()` in BD-CSPN and TIM, missed in held-out group 85)."""

from __future__ import annotations

import textwrap
from pathlib import Path

from compilelint.config import Config
from tests.helpers import lint_paths

BASE = """\
    import torch
    from torch import Tensor, nn


    class Classifier(nn.Module):
        def __init__(self):
            super().__init__()
            self.support_labels = torch.tensor(())

        def process_support_set(self, support_labels: Tensor, images):
            {store}
"""
CHILD = """\
    from torch import Tensor

    from .base import Classifier


    class Transductive(Classifier):
        def forward(self, query: Tensor) -> Tensor:
            n_classes = self.support_labels.unique().size(0)
            return query * n_classes
"""


def _lint(tmp_path, store):
    package = tmp_path / "fsl"
    package.mkdir(exist_ok=True)
    (package / "__init__.py").write_text("")
    (package / "base.py").write_text(textwrap.dedent(BASE).replace("{store}", store))
    (package / "child.py").write_text(textwrap.dedent(CHILD))
    return [(Path(f.path).name, f.start.row, f.code) for f in lint_paths(sorted(package.glob("*.py")), ["CL121"], Config(root=tmp_path))]


def test_a_parameter_declared_a_tensor_and_stored_is_a_tensor_in_a_subclass(tmp_path):
    assert _lint(tmp_path, "self.support_labels = support_labels") == [("child.py", 8, "CL121")]


def test_a_parameter_rebound_before_it_is_stored_is_not(tmp_path):
    assert _lint(tmp_path, "support_labels = support_labels.tolist()\n"
                           "        self.support_labels = support_labels") == []
    assert _lint(tmp_path, "for support_labels in images:\n"
                           "            self.support_labels = support_labels") == []
    assert _lint(tmp_path, "self.support_labels = images") == []
