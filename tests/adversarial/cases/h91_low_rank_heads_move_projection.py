"""Linformer-style low-rank attention with per-head gradient checkpointing: each head keeps a fixed projection
handed in at construction (a plain tensor attribute, or a module when the projection is learned) and moves it to the
input's device on use, `self.E = self.E.to(k.device)`, inside the function `checkpoint` runs. The checkpoint is a
higher-order op that may not change the module from outside it: the store breaks whatever the value is, and the
checkpoint in the loop over the heads gives up the frame. A naive linter sees no tensor (the attribute's type comes
from the constructor's caller) or flags every `.to(...)`; quiet twins: the same move in a head nobody checkpoints,
a move into a local, and a projection registered as a buffer."""
import torch
from torch import nn
from torch.utils.checkpoint import checkpoint


class LowRankHead(nn.Module):
    def __init__(self, projection):
        super().__init__()
        self.E = projection

    def forward(self, q, k):
        self.E = self.E.to(k.device)  # expect: CL171
        k = torch.matmul(k.transpose(1, 2), self.E)
        return torch.softmax(torch.matmul(q, k), dim=-1)


class PlainHead(nn.Module):
    """Not checkpointed: moving its projection is an ordinary attribute store."""

    def __init__(self, projection):
        super().__init__()
        self.E = projection

    def forward(self, q, k):
        self.E = self.E.to(k.device)
        return torch.matmul(q, torch.matmul(k.transpose(1, 2), self.E))


class LocalMoveHead(nn.Module):
    def __init__(self, projection):
        super().__init__()
        self.E = projection
        self.register_buffer("F", projection.clone())

    def forward(self, q, k):
        e = self.E.to(k.device)
        return torch.matmul(q, torch.matmul(k.transpose(1, 2), e + self.F))


class LowRankAttention(nn.Module):
    def __init__(self, dim=6, length=8, rank=4, heads=2):
        super().__init__()
        self.heads = nn.ModuleList([LowRankHead(torch.randn(length, rank)) for _ in range(heads)])
        self.local = LocalMoveHead(torch.randn(length, rank))
        self.plain = PlainHead(torch.randn(length, rank))

    def forward(self, x):
        quiet = checkpoint(self.local, x, x, use_reentrant=False) + self.plain(x, x)
        outs = []
        for index, head in enumerate(self.heads):
            outs.append(checkpoint(head, x, x, use_reentrant=False))
        return torch.cat(outs, dim=-1) + quiet.sum()


def example():
    return LowRankAttention(), (torch.randn(2, 8, 6, requires_grad=True),)
