"""CL158 stays silent on a breaking method of an object made in the frame when the call is in a loop: the inner
break makes dynamo give up on the whole frame (GB7000), so the object is never rebuilt (no GB0092 on the call).
Outside a loop the same call is a reconstruction failure."""
import torch
from torch import nn


class ProgressBar:
    def __init__(self, total):
        self.total = total

    def update(self):
        print("tick")  # expect: CL131


class Ticker:
    def __init__(self, total):
        self.total = total

    def tick(self):
        print("tock")  # expect: CL131


def denoise(x, steps):
    bar = ProgressBar(steps)
    for _ in range(steps):
        x = x * 0.5
        bar.update()
    return x


def once(x):
    ticker = Ticker(1)
    x = x + 1
    ticker.tick()  # expect: CL158
    return x * 2


class Net(nn.Module):
    def forward(self, x):
        return once(denoise(x, 2))


def example():
    return Net(), (torch.randn(2),)
