import torch
from compilelint import Example
from torch import nn
from torch.utils.checkpoint import checkpoint


class Rotary(nn.Module):
    """A rotary table cached lazily on first use, as many language models write it."""

    def __init__(self, dim):
        super().__init__()
        self.register_buffer("inv_freq", 1.0 / 10000 ** (torch.arange(0, dim, 2).float() / dim))
        self.cached_len = 0
        self.cos = None
        self.sin = None

    def forward(self, x):
        if x.shape[1] > self.cached_len:
            self.cached_len = x.shape[1]
            freqs = torch.outer(torch.arange(x.shape[1], dtype=x.dtype), self.inv_freq)
            self.cos = torch.cat([freqs, freqs], dim=-1).cos()  # expect: CL171
            self.sin = torch.cat([freqs, freqs], dim=-1).sin()  # not reached: the checkpointed call broke above
        return x * self.cos[: x.shape[1]]


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.rotary = Rotary(dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        return self.proj(self.rotary(x))


class Probe(nn.Module):
    """Keeps the activations it saw, for inspection."""

    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.seen = []

    def forward(self, x):
        h = self.proj(x)
        self.seen.append(h.detach())  # expect: CL171, CL203
        return h


class LowRank(nn.Module):
    """A fixed projection handed in (a tensor, or a module when learned: the class cannot tell which), moved to the
    input's device on use, as Linformer's heads do."""

    def __init__(self, projection):
        super().__init__()
        self.projection = projection

    def forward(self, x):
        self.projection = self.projection.to(x.device)  # expect: CL171
        return x + torch.matmul(x, self.projection)


class Model(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.blocks = nn.ModuleList([Block(dim), Block(dim)])
        self.probe = Probe(dim)
        self.low_rank = LowRank(torch.eye(dim) * 0.5)

    def forward(self, x):
        x = checkpoint(self.low_rank, x, use_reentrant=False)
        x = checkpoint(self.probe, x, use_reentrant=False)
        for block in self.blocks:
            x = checkpoint(block, x, use_reentrant=False)
        return x


def example():
    return Example(Model().train(), (torch.randn(2, 6, 8),))
