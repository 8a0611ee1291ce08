"""A relative-position attention whose table length comes from a `@torch.jit.ignore` method: the decorator only
speaks to TorchScript, dynamo traces the method, and it reads the index buffer's maximum with int()."""
import torch
from torch import nn


class RelPosAttention(nn.Module):
    def __init__(self, dim=8, window=3):
        super().__init__()
        coords = torch.arange(window)
        rel = coords[:, None] - coords[None, :] + window - 1
        self.register_buffer("rel_pos_idx", rel, persistent=False)
        self.bias_table = nn.Parameter(torch.zeros(2 * window - 1))
        self.qkv = nn.Linear(dim, dim * 3)

    @torch.jit.ignore
    def _table_len(self):
        return int(self.rel_pos_idx.max()) + 1  # expect: CL111

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        attn = q @ k.transpose(-2, -1)
        table = self.bias_table[: self._table_len()]
        attn = attn + table[self.rel_pos_idx]
        return attn.softmax(-1) @ v


def example():
    return RelPosAttention(), (torch.randn(2, 3, 8),)
