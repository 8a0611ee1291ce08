import numpy as np
import torch
from torch import nn


class Positions(nn.Module):
    def forward(self, x, lengths):
        pos = torch.arange(lengths.max())  # expect: CL124
        mask = pos[None, :] < lengths[:, None]
        pad = torch.zeros(lengths.sum(), 2)  # expect: CL124
        owner = torch.repeat_interleave(lengths, output_size=lengths.sum())  # expect: CL124
        return (x[:, : pos.shape[0]] * mask).sum(1) + pad.sum() + owner.sum()


class SpatialAttention(nn.Module):
    def forward(self, q):
        b, c, *spatial = q.shape
        q = q.permute(0, 2, 3, 1).reshape(b, np.prod(spatial), c)  # expect: CL124
        n = np.prod(spatial)
        flat = q.reshape(b * n, c)  # expect: CL124
        return flat.reshape(b, n, c)  # after the break `n` is an input of the resume function: this compiles


def dense_scores(score, counts):
    # `new_full` is a tensor method: its receiver, a parameter, is a tensor
    longest = (counts + 1).max()
    return score.new_full((counts.numel() * longest,), -1.0)  # expect: CL124


class Thresholding:
    """A scheduler's helper: `sample` is a parameter of unknown kind, but its shape was unpacked into the sizes and
    it is reshaped by them, so it is a tensor (or a numpy array, which dynamo traces as one)."""

    def threshold(self, sample):
        batch_size, channels, *remaining_dims = sample.shape
        flat = sample.reshape(batch_size, channels * np.prod(remaining_dims))  # expect: CL124
        return flat.clamp(-1, 1).reshape(batch_size, channels, *remaining_dims)


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.positions, self.attention = Positions(), SpatialAttention()
        self.scheduler = Thresholding()

    def forward(self, x, lengths, q):
        return self.positions(x, lengths).sum() + self.attention(q).sum() + dense_scores(x.sum(1), lengths).sum() \
            + self.scheduler.threshold(q * 2).sum()


def example():
    return Both(), (torch.randn(4, 6), torch.tensor([1, 6, 3, 2]), torch.randn(2, 3, 4, 4))
