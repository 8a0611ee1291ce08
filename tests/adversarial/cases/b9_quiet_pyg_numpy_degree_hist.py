"""A degree histogram computed through numpy (traced by dynamo's numpy support) and turned back into a tensor."""
import numpy as np
import torch
from torch import nn


class DegreeHist(nn.Module):
    def forward(self, deg):
        arr = deg.numpy()
        clipped = np.clip(arr, 0, 3)
        return torch.from_numpy(clipped).float().mean() + torch.tensor([deg.sum(), deg.float().mean()]).sum()


def example():
    return DegreeHist(), (torch.tensor([0, 1, 2, 5, 3]),)
