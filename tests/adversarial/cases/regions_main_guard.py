"""Code under `if __name__ == "__main__":` is a script, never compiled."""
import time

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        return x * 2


def example():
    return Model(), (torch.randn(2, 3),)


if __name__ == "__main__":
    model = torch.compile(Model())
    start = time.time()
    out = model(torch.randn(2, 3))
    print(out.sum().item(), time.time() - start)
