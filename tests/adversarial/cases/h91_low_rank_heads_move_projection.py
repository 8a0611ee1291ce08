"""Linformer-style low-rank attention with per-head gradient checkpointing: each head keeps a fixed projection handed
in at construction (a plain tensor attribute, or a module when the projection is learned) and moves it to the
input's device on use, `self.E = self.E.to(k.device)`, inside the function `checkpoint` runs. The checkpoint is a
higher-order op that may not change the module from outside it: the store breaks whatever the value is, and the
checkpoint in the loop over the heads gives up the frame; the F projection's move, under the same test, is never
reached under the checkpoint. A naive linter sees no tensor (the attribute's type comes from the constructor's
caller) or flags every `.to(...)`; quiet twins: the same move in a head nobody checkpoints, a move into a local, and
a projection registered as a buffer."""
import torch
from torch import nn
from torch.utils.checkpoint import checkpoint


class LowRankHead(nn.Module):
    def __init__(self, projection):
        super().__init__()
        self.E = projection
        self.F = projection.clone()
        self.is_proj_tensor = isinstance(projection, torch.Tensor)

    def forward(self, q, k):
        if self.is_proj_tensor:
            self.E = self.E.to(k.device)  # expect: CL171
        keys = torch.matmul(k.transpose(1, 2), self.E)
        scores = torch.softmax(torch.matmul(q, keys), dim=-1)
        if self.is_proj_tensor:
            self.F = self.F.to(k.device)  # same test: reached only past the move above, where dynamo gave up
        values = torch.matmul(k.transpose(1, 2), self.F).transpose(1, 2)
        return torch.matmul(scores, values)


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
        self.heads = nn.ModuleList()
        for _ in range(heads):
            head = LowRankHead(torch.randn(length, rank))
            self.heads.append(head)
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
