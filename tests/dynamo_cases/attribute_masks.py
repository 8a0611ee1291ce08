"""A boolean mask stored on the module while it runs (`self.nonzero_indices = self.w_sum > 1e-10`, nnAudio's
inverse STFT, missed in held-out 11): reading through the attribute afterwards is reading through a boolean mask, as
through a local bound to one. The store may sit under a test (`if not hasattr(self, "w_sum")`): the same statement
set it on every earlier call, so after the test the attribute is that mask either way. A write through it
(`x[:, self.nonzero] = 0`) compiles, and an attribute rebound to an integer index tensor is no mask."""
import torch
from torch import nn


class Overlap(nn.Module):
    def __init__(self, n=6):
        super().__init__()
        self.register_buffer("window", torch.linspace(-1.0, 1.0, n))

    def normalize(self, real, refresh=False):
        if not hasattr(self, "w_sum") or refresh:
            self.w_sum = (self.window * 2).flatten()
            self.nonzero = self.w_sum > 0
        real[:, self.nonzero] = 0
        kept = real[:, self.nonzero]  # expect: CL122
        return kept.sum() + self.w_sum[self.nonzero].sum()  # expect: CL122

    def gather(self, real):
        self.keep = real[0] > 0
        self.keep = torch.arange(2)
        return real[:, self.keep].sum()

    def forward(self, real):
        return self.gather(real) + self.normalize(real)


def example():
    return Overlap(), (torch.randn(3, 6),)
