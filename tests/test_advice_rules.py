"""Advice rules (CL305 fullgraph, CL306 regional compilation): when the advice is given, when it is withdrawn,
and, under dynamo, that following it changes neither the outputs nor the break count."""

from __future__ import annotations

import textwrap

import pytest

from compilelint.config import Config
from tests.helpers import RULES, every_rule_but_advice, lint_paths, run_harness

ADVICE = ["CL305", "CL306"]


def write(root, files):
    for name, text in files.items():
        (root / name).write_text(textwrap.dedent(text), encoding="utf-8")
    return [root / name for name in files]


def advice(root, files, codes=None, lint=None):
    paths = write(root, files)
    linted = [root / name for name in lint] if lint else paths
    codes = codes or every_rule_but_advice() + ADVICE
    return sorted((f.path.rsplit("/", 1)[-1], f.start.row, f.code)
                  for f in lint_paths(linted, codes, Config(root=root)) if f.code in ADVICE)


LAYERS = """
    import torch
    from torch import nn


    class Mixer(nn.Module):
        def __init__(self):
            super().__init__()
            self.proj = nn.Linear(4, 4)

        def forward(self, x):
            return helper(self.proj(x))


    def helper(x):
        return torch.relu(x)
    """
TRAIN = """
    import torch
    from layers import Mixer

    model = torch.compile(Mixer())
    """


def test_fullgraph_advice_follows_the_reach_into_other_files(tmp_path):
    assert advice(tmp_path, {"layers.py": LAYERS, "train.py": TRAIN}) == [("train.py", 5, "CL305")]


def test_a_break_anywhere_in_the_reach_withdraws_the_advice(tmp_path):
    broken = LAYERS.replace("return torch.relu(x)", "print(x)\n        return torch.relu(x)")
    assert advice(tmp_path, {"layers.py": broken, "train.py": TRAIN}) == []
    suppressed = LAYERS.replace("return torch.relu(x)", "print(x)  # compilelint: ignore[CL131]\n        return x")
    assert advice(tmp_path, {"layers.py": suppressed, "train.py": TRAIN}) == []  # suppressed, but still a break


@pytest.mark.parametrize("codes", [["CL305"], [c for c in every_rule_but_advice() if not c.startswith("CL13")]
                                   + ["CL305"]])
def test_advice_needs_every_break_rule(tmp_path, codes):
    assert advice(tmp_path, {"layers.py": LAYERS, "train.py": TRAIN}, codes) == []


def test_advice_needs_every_reached_file_linted(tmp_path):
    # layers.py is read for its facts only (pre-commit passes the changed files): its breaks are unknown
    assert advice(tmp_path, {"layers.py": LAYERS, "train.py": TRAIN}, lint=["train.py"]) == []


def test_a_call_into_a_third_party_library_withdraws_the_advice(tmp_path):
    library = LAYERS.replace("import torch\n", "import torch\nimport einops\n").replace(
        "return torch.relu(x)", "return einops.rearrange(x, 'b c -> c b')")
    assert advice(tmp_path, {"layers.py": library, "train.py": TRAIN}) == []


def test_decorators_and_compile_methods(tmp_path):
    found = advice(tmp_path, {"model.py": """
        import torch
        from torch import nn


        @torch.compile
        def plain(x):
            return x * 2


        @torch.compile(fullgraph=False)
        def chosen(x):
            return x * 2


        @torch.compile(mode="max-autotune")
        def breaks(x):
            print(x)
            return x


        class Net(nn.Module):
            def forward(self, x):
                return plain(x) + 1


        net = Net()
        net.compile()
        torch.compile(Net())
        """})
    # torch.compile(Net()) as a statement compiles nothing (CL301): no advice about it
    assert found == [("model.py", 6, "CL305"), ("model.py", 28, "CL305")]


BLOCKS = """
    import torch
    from torch import nn


    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(8, 8)

        def forward(self, x):
            return x + self.fc(x)


    class Other(nn.Module):
        def forward(self, x):
            return x


    class Trunk(nn.Module):
        def __init__(self, n):
            super().__init__()
            self.h = nn.ModuleList([Block() for _ in range(n)])

        def forward(self, x):
            for block in self.h:
                x = block(x)
            return x


    class LM(nn.Module):
        def __init__(self):
            super().__init__()
            self.transformer = Trunk(12)
            self.head = nn.Linear(8, 2)

        def forward(self, x):
            return self.head(self.transformer(x))


    class Mixed(nn.Module):
        def __init__(self):
            super().__init__()
            self.layers = nn.ModuleList([Block(), Other()])

        def forward(self, x):
            for layer in self.layers:
                x = layer(x)
            return x
    """


def test_regional_advice_finds_the_repeated_block_through_submodules(tmp_path):
    paths = write(tmp_path, {"model.py": BLOCKS, "train.py": """
        import torch
        from model import LM, Mixed, Trunk

        lm = torch.compile(LM(), fullgraph=True)
        trunk = Trunk(4)
        trunk.compile(fullgraph=True)
        mixed = torch.compile(Mixed(), fullgraph=True)
        """})
    findings = [f for f in lint_paths(paths, ["CL306"], Config(root=tmp_path))]
    assert [(f.start.row, f.code) for f in findings] == [(5, "CL306"), (7, "CL306")]
    assert "`for block in <the Trunk>.h: block.compile()`" in findings[0].message
    assert "`for block in trunk.h: block.compile()`" in findings[1].message


def test_no_regional_advice_when_the_block_is_compiled_on_its_own(tmp_path):
    assert advice(tmp_path, {"model.py": BLOCKS, "train.py": """
        import torch
        from model import Block, LM

        lm = torch.compile(LM(), fullgraph=True)
        block = torch.compile(Block(), fullgraph=True)
        """}, ["CL306"]) == []


def test_following_the_advice_keeps_outputs_and_breaks(require_torch):
    """Whole vs advised (fullgraph / regional) on the same seeded models and inputs, in one child process."""
    pairs = [[str(RULES / folder / "bad.py"), str(RULES / folder / "good.py")]
             for folder in ("CL305-fullgraph-possible", "CL306-regional-compilation")]
    data = run_harness({"mode": "fix_parity", "pairs": pairs, "project_root": str(RULES), "seeds": [0, 1]})
    for result in data["pairs"]:
        assert result["ok"], result.get("traceback")
        assert result["equal"], result["mismatch"]
        assert result["breaks_before"] == result["breaks_after"] == []
        assert result["recompiles_before"] == result["recompiles_after"] == 0
