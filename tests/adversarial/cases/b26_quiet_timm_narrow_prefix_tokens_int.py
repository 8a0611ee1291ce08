"""The ViT head's twin: the prefix count is a Python int attribute; `torch.narrow` takes ints."""
import torch
from torch import nn


class PrefixDropHead(nn.Module):
    def __init__(self, dim=4, num_prefix=1):
        super().__init__()
        self.num_prefix_tokens = num_prefix
        self.register_buffer("prefix_mask", torch.ones(num_prefix))
        self.fc = nn.Linear(dim, 2)

    def forward(self, x):
        n = x.shape[1]
        x = torch.narrow(x, 1, self.num_prefix_tokens, n - self.num_prefix_tokens)
        return self.fc(x.mean(1)) + self.prefix_mask.sum()


def example():
    return PrefixDropHead(), (torch.randn(2, 5, 4),)
