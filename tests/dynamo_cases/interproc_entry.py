"""A function compiled with `torch.compile(f)` (not decorated) is called with tensors: its inputs are
tensors in the functions it passes them to, as for forward."""
import torch


def _check_grid(t, name):
    assert (t[1:] > t[:-1]).all(), "{} must increase".format(name)  # expect: CL101


def integrate(y, t, steps):
    _check_grid(t, "t")
    if t[0] > t[-1]:  # expect: CL101
        t = t.flip(0)
    if steps > 2:  # an input compared with a number: as often an int (it is one here)
        y = y * 2
    rest = steps % 2  # arithmetic of such inputs compared with numbers: as often an int too
    if rest == 1 or (steps - 1) * 2 > 8:
        y = y + 1
    return y * t.sum()


fast_integrate = torch.compile(integrate)


def example():
    return integrate, (torch.randn(3), torch.arange(4.0), 3)
