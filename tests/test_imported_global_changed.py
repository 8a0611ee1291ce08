"""CL210: a global of another project module, read in compiled code and changed at run time by some file."""

from __future__ import annotations

import textwrap

from compilelint.config import Config
from tests.helpers import lint_paths

FLAGS = """
    MODE = "train"
    FLAGS = {"fast": False}
    LIMIT = compute_limit()
    """
MODEL = """
    import torch
    from torch import nn
    import flags
    from flags import FLAGS


    class Net(nn.Module):
        def forward(self, x):
            if flags.MODE == "train":
                x = x + 1
            if FLAGS["fast"]:
                x = x * 2
            return x * flags.LIMIT
    """


def cl210(root, files, lint=None):
    for name, text in files.items():
        (root / name).write_text(textwrap.dedent(text), encoding="utf-8")
    paths = [root / name for name in (lint or files)]
    return sorted((f.path.rsplit("/", 1)[-1], f.start.row) for f in lint_paths(paths, ["CL210"], Config(root=root)))


def test_a_switch_flipped_in_the_training_loop_of_another_file(tmp_path):
    train = """
        import flags
        from model import Net

        model = Net()
        for epoch in range(3):
            flags.MODE = "train"
            model(x)
            flags.MODE = "eval"
            flags.LIMIT = 3
        """
    # LIMIT is bound to a call's result: dynamo may not guard its value, so it is not flagged
    assert cl210(tmp_path, {"flags.py": FLAGS, "model.py": MODEL, "train.py": train}) == [("model.py", 10)]


def test_a_start_up_assignment_recompiles_nothing(tmp_path):
    train = """
        import flags
        from model import Net

        flags.MODE = "eval"
        Net()(x)
        """
    assert cl210(tmp_path, {"flags.py": FLAGS, "model.py": MODEL, "train.py": train}) == []


def test_an_imported_object_counts_only_changes_in_place(tmp_path):
    rebound = """
        import flags

        def enable():
            flags.FLAGS = {"fast": True}

        def disable():
            flags.FLAGS = {"fast": False}
        """
    assert cl210(tmp_path, {"flags.py": FLAGS, "model.py": MODEL, "train.py": rebound}) == []
    mutated = rebound.replace('flags.FLAGS = {"fast": True}', 'flags.FLAGS["fast"] = True').replace(
        'flags.FLAGS = {"fast": False}', 'flags.FLAGS["fast"] = False')
    assert cl210(tmp_path, {"flags.py": FLAGS, "model.py": MODEL, "train.py": mutated}) == [("model.py", 12)]


def test_writes_in_files_that_are_not_linted_are_not_seen(tmp_path):
    train = """
        import flags

        for step in range(10):
            flags.MODE = "eval" if step % 2 else "train"
        """
    files = {"flags.py": FLAGS, "model.py": MODEL, "train.py": train}
    assert cl210(tmp_path, files) == [("model.py", 10)]
    assert cl210(tmp_path, files, lint=["model.py"]) == []


def test_a_local_named_like_the_module_is_not_the_module(tmp_path):
    model = MODEL.replace("def forward(self, x):", "def forward(self, x, flags):")
    train = "import flags\nfor step in range(3):\n    flags.MODE = str(step)\n"
    assert cl210(tmp_path, {"flags.py": FLAGS, "model.py": model, "train.py": train}) == []
