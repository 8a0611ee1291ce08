"""torch.cond with a tensor predicate, activation checkpointing of a plain function, and
torch.no_grad-decorated helpers: data-dependent-looking, but compiled."""
import torch
from torch import nn
from torch.utils.checkpoint import checkpoint


def _ffn(x, w):
    return torch.relu(x @ w) @ w.t()


@torch.no_grad()
def _ema_update(avg, value, decay=0.9):
    avg.mul_(decay).add_(value, alpha=1 - decay)
    return avg


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(4, 4))
        self.register_buffer("avg", torch.zeros(4))

    def forward(self, x):
        y = torch.cond(x.sum() > 0, lambda t: t * 2, lambda t: t - 1, (x,))
        y = checkpoint(_ffn, y, self.w, use_reentrant=False)
        _ema_update(self.avg, y.mean(0))
        return y


def example():
    return Model(), (torch.randn(2, 4),)
