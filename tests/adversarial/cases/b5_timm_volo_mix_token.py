"""Token-labelling "mix token" in training: the box is drawn with numpy (lam from a beta draw, corners from
np.random.randint, clipped with np.clip) and the numpy numbers then slice the token map."""
import numpy as np
import torch
from torch import nn


def rand_bbox(size, lam, scale=1):
    width = size[1] // scale
    height = size[2] // scale
    cut_rat = np.sqrt(1.0 - lam)
    cut_w = (width * cut_rat).astype(int)
    cut_h = (height * cut_rat).astype(int)
    cx = np.random.randint(width)  # expect: CL156
    cy = np.random.randint(height)  # expect: CL156
    bbx1 = np.clip(cx - cut_w // 2, 0, width)
    bby1 = np.clip(cy - cut_h // 2, 0, height)
    bbx2 = np.clip(cx + cut_w // 2, 0, width)
    bby2 = np.clip(cy + cut_h // 2, 0, height)
    return bbx1, bby1, bbx2, bby2


class MixTokenStem(nn.Module):
    def __init__(self, dim=4, beta=1.0):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.beta = beta

    def forward(self, x):
        x = self.proj(x)
        if self.training:
            lam = np.random.beta(self.beta, self.beta)  # expect: CL156
            bbx1, bby1, bbx2, bby2 = rand_bbox(x.size(), lam)
            temp_x = x.clone()
            temp_x[:, bbx1:bbx2, bby1:bby2, :] = x.flip(0)[:, bbx1:bbx2, bby1:bby2, :]
            x = temp_x
        return x


def example():
    model = MixTokenStem()
    model.train()
    return model, (torch.randn(2, 4, 4, 4),)
