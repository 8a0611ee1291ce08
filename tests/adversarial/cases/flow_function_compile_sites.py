"""A plain function compiled by `torch.compile(fn)` elsewhere, whose breaks sit two calls deep, and a
helper called only from an uncompiled wrapper (eager: not a break)."""
import torch


def _threshold(x):
    cutoff = x.median().item()  # expect: CL111
    return (x > cutoff).float()


def _mix(x, y):
    return _threshold(x) * y


def train_step(x, y):
    return _mix(x, y).sum()


def eager_report(x):
    print("loss", train_step(x, x).item())


compiled_train_step = torch.compile(train_step)


def example():
    return train_step, (torch.randn(5), torch.randn(5))
