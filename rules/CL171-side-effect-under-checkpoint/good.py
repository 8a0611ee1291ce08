import torch
from compilelint import Example
from torch import nn
from torch.utils.checkpoint import checkpoint


class Rotary(nn.Module):
    """The rotary table built once, in __init__, as a buffer: the checkpointed code only reads it."""

    def __init__(self, dim, max_len=64):
        super().__init__()
        inv_freq = 1.0 / 10000 ** (torch.arange(0, dim, 2).float() / dim)
        freqs = torch.outer(torch.arange(max_len, dtype=torch.float32), inv_freq)
        self.register_buffer("cos", torch.cat([freqs, freqs], dim=-1).cos(), persistent=False)

    def forward(self, x):
        return x * self.cos[: x.shape[1]]


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.rotary = Rotary(dim)
        self.proj = nn.Linear(dim, dim)
        self.last = None

    def forward(self, x):
        self.last = None  # clearing a reference changes nothing dynamo must replay
        return self.proj(self.rotary(x))


class LowRank(nn.Module):
    """The fixed projection registered as a buffer: `model.to(device)` moves it, the checkpointed code only reads it."""

    def __init__(self, projection):
        super().__init__()
        self.register_buffer("projection", projection)

    def forward(self, x):
        projection = self.projection.to(x.dtype)  # a move into a local changes nothing outside
        return x + torch.matmul(x, projection)


class Model(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.blocks = nn.ModuleList([Block(dim), Block(dim)])
        self.head = nn.Linear(dim, dim)
        self.low_rank = LowRank(torch.eye(dim) * 0.5)

    def forward(self, x):
        x = checkpoint(self.low_rank, x, use_reentrant=False)
        for block in self.blocks:
            x = checkpoint(block, x, use_reentrant=False)
        h = self.head(x)
        self.last_hidden = h.detach()  # outside the checkpoint: an ordinary attribute store
        return h


def example():
    return Example(Model().train(), (torch.randn(2, 6, 8),))
