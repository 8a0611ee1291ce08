"""A numpy array built in compiled code (`np.array`, `np.asarray`, `np.arange`, `np.zeros`, `np.full`, ...) is traced
as a tensor under trace_numpy, constants and shapes included: its elements used where Python needs an int, or its
truth value, break the graph (deepctr-torch's `lookup_idx = np.array(feature_index[name]); X[:, lookup_idx[0]:...]`).
Every marked line breaks under dynamo."""
import numpy as np
import torch

from compilelint import Example

FEATURES = {"user": (0, 1), "price": (1, 3)}


def columns(X):
    lookup = np.array(FEATURES["price"])
    return X[:, lookup[0]:lookup[1]]  # expect: CL114


def rows(X):
    order = np.asarray([2, 0])
    return X[order[1]:order[0]]  # expect: CL114


def repeated(X):
    steps = np.arange(3)
    for _ in range(steps[2]):  # expect: CL114
        X = X * 2
    return X


def gated(X):
    counts = np.zeros(2) + np.full(2, 0.5)
    if counts.sum() > 0.5:  # expect: CL101
        X = X + 1
    return X


def run(X):
    return columns(X).sum() + rows(X).sum() + repeated(X).sum() + gated(X).sum()


compiled = torch.compile(run)


def example():
    return Example(run, (torch.randn(4, 5),))
