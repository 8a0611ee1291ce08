"""CL171 (a module's state changed in code compiled activation checkpointing runs): which stores it reports.
The rule's bad.py/good.py prove the reported and the clean cases under dynamo (GB0067 on a tensor attribute store
and on an append, none for `self.x = None` inside the checkpoint nor for a store outside it); the cross-file reach
is corext's (held-out group 66): the store three calls below the checkpoint, in a rotary embedding's cache helper."""

from __future__ import annotations

from pathlib import Path

from compilelint.config import Config
from tests.helpers import lint_paths, lint_text

ROTARY = '''
import torch
from torch import nn


class Rotary(nn.Module):
    def __init__(self):
        super().__init__()
        self.cos = None

    def fill(self, n):
        self.cos = torch.arange(n).float().cos()

    def forward(self, x):
        self.fill(x.shape[1])
        return x * self.cos
'''

BLOCKS = '''
import torch
from torch import nn
from torch.utils.checkpoint import checkpoint
from rotary import Rotary


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.rotary = Rotary()

    def forward(self, x):
        return self.rotary(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Block(), Block()])

    def forward(self, x):
        for block in self.blocks:
            x = {call}
        return x
'''


def _rows(tmp_path, call: str):
    (tmp_path / "rotary.py").write_text(ROTARY)
    (tmp_path / "blocks.py").write_text(BLOCKS.format(call=call))
    findings = lint_paths([tmp_path / "rotary.py", tmp_path / "blocks.py"], ["CL171"], Config(root=tmp_path))
    return sorted((Path(f.path).name, f.start.row) for f in findings)


def test_a_tensor_store_reached_from_a_checkpointed_block_in_another_file(tmp_path):
    assert _rows(tmp_path, "checkpoint(block, x, use_reentrant=False)") == [("rotary.py", 12)]


def test_the_same_store_run_without_checkpointing_is_not_reported(tmp_path):
    assert _rows(tmp_path, "block(x)") == []


def test_what_the_checkpoint_does_not_reach_is_not_reported(tmp_path):
    findings = lint_text(tmp_path, '''
import torch
from torch import nn
from torch.utils.checkpoint import checkpoint


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)
        self.last = None
        self.kept = []

    def forward(self, x):
        self.last = None
        return self.proj(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = Head()
        self.seen = []

    def forward(self, x):
        h = checkpoint(self.head, x, use_reentrant=False)
        self.hidden = h.detach()
        self.seen.append(h)
        return h
''', codes=["CL171"])
    assert findings == []


def test_an_append_to_a_kept_list_under_checkpoint(tmp_path):
    findings = lint_text(tmp_path, '''
import torch
from torch import nn
from torch.utils.checkpoint import checkpoint


class Probe(nn.Module):
    def __init__(self):
        super().__init__()
        self.seen = []

    def forward(self, x):
        self.seen.append(x.detach())
        return x * 2


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.probe = Probe()

    def forward(self, x):
        return checkpoint(self.probe, x, use_reentrant=False)
''', codes=["CL171"])
    assert [f.start.row for f in findings] == [13]


def test_only_the_first_change_on_each_path_is_reported(tmp_path):
    """dynamo abandons the checkpointed call at the first change it meets (corext: `self._cos_cached`, then
    `self._sin_cached` on the next line, which did not break): a later one in a block the first encloses is not
    reached; one in the other branch of an `if` is."""
    findings = lint_text(tmp_path, '''
import torch
from torch import nn
from torch.utils.checkpoint import checkpoint


class Cache(nn.Module):
    def forward(self, x):
        if x.shape[0] > 1:
            self.cos = x.cos()
            self.sin = x.sin()
        else:
            self.cos = x.cos() * 2
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.cache = Cache()

    def forward(self, x):
        return checkpoint(self.cache, x, use_reentrant=False)
''', codes=["CL171"])
    assert [f.start.row for f in findings] == [10, 13]


def test_a_store_that_runs_in_evaluation_only_is_not_reported(tmp_path):
    """bclm (held-out group 62) checkpoints `if self.training` and caches its kernel in the `else` of its own
    `if self.training:`: under the checkpoint that store never runs, and in evaluation nothing is checkpointed."""
    findings = lint_text(tmp_path, '''
import torch
from torch import nn
from torch.utils.checkpoint import checkpoint


class Kernel(nn.Module):
    def __init__(self):
        super().__init__()
        self.cached = None

    def forward(self, x):
        if self.training:
            k = x.cos()
        else:
            self.cached = x.cos()
            k = self.cached
        if not self.training:
            self.last = k.detach()
        return x * k


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.kernel = Kernel()

    def forward(self, x):
        if self.training:
            return checkpoint(self.kernel, x, use_reentrant=False)
        return self.kernel(x)
''', codes=["CL171"])
    assert findings == []


LOW_RANK = '''
import torch
from torch import nn
from torch.utils.checkpoint import checkpoint


class Head(nn.Module):
    def __init__(self, projection):
        super().__init__()
        self.E = projection

    def forward(self, q, k):
        {body}
        return torch.matmul(q, torch.matmul(k.transpose(1, 2), self.E))


class Heads(nn.Module):
    def __init__(self, projection):
        super().__init__()
        self.heads = nn.ModuleList([Head(projection), Head(projection)])

    def forward(self, x):
        outs = []
        for index, head in enumerate(self.heads):
            outs.append({call})
        return torch.cat(outs, dim=-1)
'''


def _low_rank_rows(tmp_path, body: str, call: str = "checkpoint(head, x, x)"):
    findings = lint_text(tmp_path, LOW_RANK.format(body=body, call=call), codes=["CL171"])
    return [f.start.row for f in findings]


def test_a_projection_moved_to_the_device_under_checkpoint(tmp_path):
    """linformer-pytorch (held-out group 91): a fixed E matrix handed in at construction, of no type the linter can
    see, moved on use inside the checkpointed head. `.to` gives back a tensor, a module or an object, never a
    number: the store breaks (GB0067; measured with a tensor, an nn.Linear and a project object with `.to`)."""
    assert _low_rank_rows(tmp_path, "self.E = self.E.to(k.device)") == [13]
    assert _low_rank_rows(tmp_path, "self.E = self.E.cuda()") == [13]


def test_a_move_into_a_local_or_outside_the_checkpoint_is_not_reported(tmp_path):
    assert _low_rank_rows(tmp_path, "e = self.E.to(k.device)") == []
    assert _low_rank_rows(tmp_path, "self.E = self.E.to(k.device)", call="head(x, x)") == []


def test_a_later_store_under_the_same_test_of_the_module_is_not_reported(tmp_path):
    """linformer moves E, then F, each under `if not self.full_attention:` / `if self.is_proj_tensor:`: the second
    runs only past the first, where dynamo gave up the checkpointed call (measured: GB0067 on E's move alone). A test
    that reads a local is not the same on every path, and stays apart."""
    findings = lint_text(tmp_path, '''
import torch
from torch import nn
from torch.utils.checkpoint import checkpoint


class Head(nn.Module):
    def __init__(self, E, F):
        super().__init__()
        self.E, self.F, self.full = E, F, False

    def forward(self, q, k):
        if not self.full:
            self.E = self.E.to(k.device)
        q = q * 2

        if not self.full:
            self.F = self.F.to(k.device)
        if k.shape[0] > 1:
            self.E = self.E.cpu()
        if k.shape[0] > 1:
            self.F = self.F.cpu()
        return q


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = Head(torch.zeros(4, 2), torch.zeros(4, 2))

    def forward(self, x):
        return checkpoint(self.head, x, x, use_reentrant=False)
''', codes=["CL171"])
    assert [f.start.row for f in findings] == [14, 20, 22]


def test_heads_appended_to_a_module_list_through_a_local_are_reached(tmp_path):
    """linformer builds its heads as `attn = LinearAttentionHead(...)` then `self.heads.append(attn)` in a loop of
    __init__: the elements of `self.heads` are what the local holds (engine._scan_init and index._scan_init alike)."""
    source = LOW_RANK.format(body="self.E = self.E.to(k.device)", call="checkpoint(head, x, x)").replace(
        "self.heads = nn.ModuleList([Head(projection), Head(projection)])",
        "self.heads = nn.ModuleList()\n        for _ in range(2):\n            attn = Head(projection)\n"
        "            self.heads.append(attn)")
    findings = lint_text(tmp_path, source, codes=["CL171"])
    assert [f.start.row for f in findings] == [13]
