"""`self.flag` tests decided by what the whole project ever stores in `flag` (compilelint/attributes.py): dynamo
guards an attribute holding a bool, None, a number or a string as a constant and traces only the branch it takes.
Proven under dynamo by tests/adversarial/cases/b4_hf_warning_flags.py (a flag only ever False, one only ever True,
`self.pad_token_id is None` before an early return: not traced; the warn-once flag set True in its own branch: a
break on the first call) and lookalikes_flags_set_once.py."""

from __future__ import annotations

import textwrap

import pytest

from tests.helpers import lint_paths, lint_text
from compilelint.config import Config

HEADER = """\
    import warnings
    import torch
    from torch import nn
"""


def _rows(tmp_path, text, name="model.py"):
    return sorted((f.start.row, f.code) for f in lint_text(tmp_path, textwrap.dedent(HEADER + text), name))


def test_branches_on_flags_only_ever_set_to_one_literal_are_not_linted(tmp_path):
    text = """\
    class Model(nn.Module):
        verbose = False

        def __init__(self):
            super().__init__()
            self.use_legacy = False
            self.pad_token_id = None
            self._warned = True
            self.mode = "fast"

        def check(self, mask):
            if mask is not None or self.pad_token_id is None:
                return
            warnings.warn("no mask")

        def forward(self, x, head_mask=None):
            self.check(None)
            if self.use_legacy:
                print("legacy")
            if x.dim() > 1 and self.verbose:
                print("verbose")
            if head_mask is None and not self._warned:
                warnings.warn("head_mask is deprecated")
                self._warned = True
            if not self.mode:
                print("no mode")
            y = x.item() if self.pad_token_id is not None else 0
            return x * 2 + y
    """
    assert _rows(tmp_path, text) == []


@pytest.mark.parametrize("store", [
    "self._warned = True",  # warn-once: False until the branch runs once
    "self._warned += 1",
    "self._warned, self.other = True, 1",
    "setattr(self, '_warned', True)",
    "setattr(self, name, True)",
    "setattr(self, f'_{name}', True)",
    "self.__dict__.update(kw)",
    "state = vars(kw)",  # a namespace handed on may be written
    "self.register_buffer('_warned', None)",
    "del self._warned",
    "for self._warned in (0, 1): pass",
])
def test_a_flag_set_otherwise_anywhere_decides_nothing(tmp_path, store):
    text = f"""\
    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self._warned = False

        def forward(self, x, name="a", kw={{}}):
            if not self._warned:
                warnings.warn("once")
                {store}
            return x
    """
    assert _rows(tmp_path, text) == [(11, "CL131")]


def test_a_computed_name_that_cannot_be_the_flags_changes_nothing(tmp_path):
    text = """\
    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.use_legacy = False
            for i in range(2):
                setattr(self, f"layer{i}", nn.Linear(2, 2))

        def forward(self, x):
            if self.use_legacy:
                print("legacy")
            return x
    """
    assert _rows(tmp_path, text) == []


@pytest.mark.parametrize("source", [
    "def __init__(self, verbose=False):\n        super().__init__()\n        self.verbose = verbose",
    "verbose: bool = False",  # a dataclass-like field a constructor may fill
    "@property\n    def verbose(self):\n        return False",
    "def __init__(self):\n        super().__init__()\n        self.verbose = torch.cuda.is_available()",
])
def test_a_flag_a_constructor_or_a_computation_feeds_decides_nothing(tmp_path, source):
    text = f"""\
    class Model(nn.Module):
    {textwrap.indent(source, "    ")}

        def forward(self, x):
            if self.verbose:
                print("verbose")
            return x
    """
    rows = _rows(tmp_path, text)
    assert len(rows) == 1 and rows[0][1] == "CL131"


def test_a_flag_another_file_sets_decides_nothing(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "model.py").write_text(textwrap.dedent(HEADER + """\
    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.debug = False

        def forward(self, x):
            if self.debug:
                print(x)
            return x
    """))
    (tmp_path / "pkg" / "train.py").write_text("from pkg.model import Model\n\nm = Model()\nm.debug = True\n")
    findings = lint_paths(sorted((tmp_path / "pkg").glob("*.py")), config=Config(root=tmp_path))
    assert [(f.start.row, f.code) for f in findings] == [(11, "CL131")]


def test_a_flag_of_a_class_with_a_base_outside_the_project_decides_nothing(tmp_path):
    text = """\
    from library import CheckpointingMixin

    class Model(nn.Module, CheckpointingMixin):
        def __init__(self):
            super().__init__()
            self.gradient_checkpointing = False

        def forward(self, x):
            if self.gradient_checkpointing:
                print("checkpointing")
            return x
    """
    assert _rows(tmp_path, text) == [(13, "CL131")]


def test_the_training_flag_is_torch_s(tmp_path):
    text = """\
    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.training = False

        def forward(self, x):
            if self.training:
                print("training")
            return x
    """
    assert _rows(tmp_path, text) == [(11, "CL131")]


def test_stores_on_the_instances_of_unrelated_classes_do_not_count_those_of_a_subclass_do(tmp_path):
    text = """\
    class Config:
        def __init__(self, **kwargs):
            self.debug = True
            for k, v in kwargs.items():
                setattr(self, k, v)

    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.debug = False

        def forward(self, x):
            if self.debug:
                print("debug")
            return x
    """
    assert _rows(tmp_path, text) == []
    subclass = """\

    class Verbose(Model):
        def __init__(self):
            super().__init__()
            self.debug = True
    """
    assert _rows(tmp_path, text + subclass) == [(17, "CL131")]
    shared = """\

    class Both(Model, Config):
        pass
    """
    assert _rows(tmp_path, text + shared) == [(17, "CL131")]


def test_a_private_flag_decides_nothing(tmp_path):
    text = """\
    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.__quiet = True

        def forward(self, x):
            if not self.__quiet:
                print("loud")
            return x

    def make_loud(model):
        model._Model__quiet = False
    """
    assert _rows(tmp_path, text) == [(11, "CL131")]


def test_a_flag_of_a_class_that_looks_attributes_up_itself_decides_nothing(tmp_path):
    text = """\
    class Model(nn.Module):
        def __getattr__(self, name):
            return True if name == "verbose" else super().__getattr__(name)

        def forward(self, x):
            if self.verbose:
                print("verbose")
            return x

    def quiet(options):
        options.verbose = False
    """
    assert _rows(tmp_path, text) == [(10, "CL131")]
