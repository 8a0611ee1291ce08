"""A vision transformer's attention-pool head drops the prefix (class and register) tokens before pooling; the
number of prefix tokens was registered as a buffer so that converted checkpoints carry it."""
import torch
from torch import nn


class PoolHead(nn.Module):
    def __init__(self, dim=8, num_prefix_tokens=2, num_classes=3):
        super().__init__()
        self.register_buffer("num_prefix_tokens", torch.tensor(num_prefix_tokens))
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, num_classes)

    def forward_head(self, x, pre_logits: bool = False):
        x = x[:, self.num_prefix_tokens:]  # expect: CL114
        x = self.norm(x.mean(dim=1))
        return x if pre_logits else self.fc(x)

    def forward(self, x):
        return self.forward_head(x)


def example():
    return PoolHead(), (torch.randn(2, 6, 8),)
