"""A break inside the arguments of a tensor's method call breaks again at that call: the resumed frame finds the bound
method (`data.repeat`) on its stack and calls it as a skipped builtin (GB0007 at the call's first line). snnTorch's
`spikegen.rate` (`data.repeat(tuple([num_steps] + torch.ones(...).tolist()))`, missed in held-out 89). A list's
method, a project object's, a module's own and a torch function resume without a second break."""
import torch
from torch import nn


class Box:
    def __init__(self):
        self.k = 2

    def scale(self, v):
        return v * self.k


class RateCoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.box = Box()

    def helper(self, x, n):
        return x * n

    def forward(self, data):
        out = []
        out.append(
            data.sum().item()  # expect: CL111
        )
        a = self.box.scale(
            data.max().item()  # expect: CL111
        )
        b = self.helper(
            data, data.min().item()  # expect: CL111
        )
        e = torch.full(
            (2,), data.std().item()  # expect: CL111
        )
        time_data = (
            data.repeat(  # expect: CL179
                tuple(
                    [4]
                    + torch.ones(len(data.size()), dtype=int).tolist()  # expect: CL112
                )
            )
        )
        c = data.new_full(  # expect: CL179
            (2,), data.mean().item()  # expect: CL111
        )
        f = data.add(  # expect: CL179
            data.sum(0, keepdim=True).mul(data.norm().item())  # expect: CL111
        )
        return time_data.sum() * out[0] + a + b + c.sum() + e.sum() + f.sum()


def example():
    return RateCoder(), (torch.randn(3, 3),)
