"""A ViT head drops its prefix tokens with `torch.narrow`, the count a buffer kept for export."""
import torch
from torch import nn


class PrefixDropHead(nn.Module):
    def __init__(self, dim=4, num_prefix=1):
        super().__init__()
        self.register_buffer("num_prefix_tokens", torch.tensor(num_prefix))
        self.fc = nn.Linear(dim, 2)

    def forward(self, x):
        n = x.shape[1]
        x = torch.narrow(x, 1, self.num_prefix_tokens, n - self.num_prefix_tokens)  # expect: CL124
        return self.fc(x.mean(1))


def example():
    return PrefixDropHead(), (torch.randn(2, 5, 4),)
