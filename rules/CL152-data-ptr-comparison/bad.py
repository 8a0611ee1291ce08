import torch
from torch import nn


class Alias(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(6, 8)
        self.head = nn.Linear(8, 6, bias=False)
        self.head.weight = self.embed.weight

    def forward(self, x):
        h = x + 1
        flat = h.view(-1)
        head, embed = self.head.weight, self.embed.weight
        tied = head.untyped_storage().data_ptr() == embed.untyped_storage().data_ptr()  # expect: CL152
        if flat.data_ptr() == h.data_ptr():  # expect: CL152
            return flat * 2 if tied else flat
        return flat


def example():
    return Alias(), (torch.randn(2, 8),)
