import torch
from torch import nn


class Gate(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(16, 16)

    def forward(self, x):
        h = self.proj(x)
        if h.sum() > 0:  # expect: CL101
            h = h * 2
        ok = (h > -3).all() or (h < 3).all()  # expect: CL101
        if not torch.isfinite(h).all():  # expect: CL101
            h = torch.zeros_like(h)
        scale = 0.5 if h.mean() > 0 else 2.0  # expect: CL101
        match h.argmax():
            case 0:  # expect: CL101
                h = h + 1
            case _:
                h = h - 1
        assert (h.abs() < 1e6).all(), "exploded: {}".format(h.shape)  # expect: CL101
        return h * scale + ok


class Filters(nn.Module):
    """Truth values taken element by element (builtin `all`/`any`, comprehension filters), and a test over
    several lines, which Python 3.11 reports on the statement's line."""

    def forward(self, h):
        if all(h[:, 0] > -100):  # expect: CL101
            h = h + 1
        if (  # expect: CL101
            torch.isnan(h).any()
            or h.sum() > 1e6  # expect: CL101
        ):
            h = torch.zeros_like(h)
            h = h + 1
        if h.argmax() in [0, 1]:  # expect: CL101
            h = h * 2
        rows = [r for r, keep in zip(h, h[:, 0] > 0) if keep]  # expect: CL101
        rising = any(a > b for a, b in zip(h[0, :-1], h[0, 1:]))  # expect: CL101
        return h.sum() + len(rows) + rising


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = Gate()
        self.filters = Filters()

    def forward(self, x):
        return self.filters(self.gate(x))


def example():
    return Both(), (torch.randn(4, 16),)
