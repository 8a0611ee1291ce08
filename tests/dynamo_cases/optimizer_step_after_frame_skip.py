"""A frame dynamo gave up on runs eagerly, and `optimizer.step()` there enters torch's `_use_grad` wrapper, a frame of
its own that dynamo compiles: it still breaks (GB0025, reported at the call), while a break of the frame's own code
after the skip (`.item()`) never happens (easyfsl's fine-tuning loops, held-out group 85)."""
import torch
from torch import nn


class Finetuned(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(3))
        self.optimizer = torch.optim.SGD([self.w], lr=0.1)

    def forward(self, x):
        with torch.enable_grad():
            for _ in range(2):
                loss = (self.w * x).sum()
                self.optimizer.zero_grad()  # expect: CL159
                loss.backward()
                self.optimizer.step()  # expect: CL159
        scale = x.sum().item()
        return x * scale


def example():
    return Finetuned(), (torch.randn(3),)
