"""numpy in compiled code that stays a constant or a shape: math on Python numbers (`np.sqrt(2.0) * np.pi`), scalar
types of literals, and an array's length and shape. One graph, nothing flagged."""
import numpy as np
import torch

from compilelint import Example


def run(X):
    scale = np.sqrt(2.0) * np.pi
    eps = np.float32(1e-6)
    table = np.array([1.0, 2.0, 3.0])
    width = len(table) + table.shape[0]
    return X[:, :width] * float(scale) + float(eps)


compiled = torch.compile(run)


def example():
    return Example(run, (torch.randn(4, 8),))
