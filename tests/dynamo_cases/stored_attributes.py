"""A tensor a method stores on self is a tensor when the method reads it back: `self.w_sum = window_sumsquare(...)`
followed by `self.nonzero = self.w_sum > 1e-10` and `real[:, self.nonzero]` (nnAudio's inverse STFT, stft.py:49/50,
missed in held-out 11: the stored value's kind rests on a helper of another file, a project-wide fact, which the
class's own attribute kinds never see). The store may sit under a test (`if not hasattr(self, "w_sum")`): after it the
attribute holds what the function stored, as a local would. Items of a helper's returned tuple unpacked into
attributes (`self.mean, self.std = moments(x)`) are each what the helper returns at that position.

Nothing is flagged where the stored value is a number (a shape, a helper's int), an integer index tensor (no mask), or
where the function stores the attribute again with a number before reading it (StoredNumbers): none of those break."""
import os
import sys

import torch
from torch import nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # the helpers package next to this file
from stored_helpers.windows import frames, moments, positions, sized, spread, window_sumsquare  # noqa: E402


class InverseWindow(nn.Module):
    def __init__(self, n_fft=4, stride=2):
        super().__init__()
        self.n_fft, self.stride = n_fft, stride
        self.register_buffer("window", torch.hann_window(n_fft))

    def normalize(self, real, n_frames, refresh=False):
        if not hasattr(self, "w_sum") or refresh:
            self.w_sum = window_sumsquare(self.window, n_frames, self.stride, self.n_fft).flatten()
            self.nonzero = self.w_sum > 1e-10
        real[:, self.nonzero] = real[:, self.nonzero].div(  # expect: CL122
            self.w_sum[self.nonzero]  # expect: CL122
        )
        return real

    def forward(self, real):
        return self.normalize(real, 3)


class Stored(nn.Module):
    def forward(self, x):
        self.scale = spread(x)
        if self.scale > 1:  # expect: CL101
            x = x / 2
        self.mean, self.std = moments(x)
        if self.std > 0:  # expect: CL101
            x = x - self.mean
        return x


class StoredNumbers(nn.Module):
    """Numbers, index tensors and attributes stored again with a number: nothing breaks."""

    def forward(self, x):
        self.n = frames(x)
        if self.n > 2:
            x = x * 2
        self.keep = positions(x)
        kept = x[:, self.keep]
        self.rows, self.peak = sized(x)
        if self.rows > 1:
            x = x + self.peak
        self.level = spread(x)
        self.level = 3
        if self.level > 2:
            x = x + 1
        self.top = spread(x)
        self.top += 1
        return x + kept.sum() + self.top


class All(nn.Module):
    def __init__(self):
        super().__init__()
        self.window = InverseWindow()
        self.stored = Stored()
        self.numbers = StoredNumbers()

    def forward(self, real):
        return self.window(real.clone()).sum() + self.stored(real).sum() + self.numbers(real).sum()


def example():
    return All(), (torch.randn(3, 8),)
