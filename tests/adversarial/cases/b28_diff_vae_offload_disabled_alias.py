"""A VAE with CPU offloading records its offload state through the utils file's helper, which is decorated
with `torch.compiler.disable` under an imported alias (`eager_only`): the call from forward breaks."""
import torch
from torch import nn

from b28_diff_utils import record_offload_state


class AutoencoderTiny(nn.Module):
    def __init__(self, ch=4):
        super().__init__()
        self.decoder = nn.Conv2d(ch, 3, 3, padding=1)
        self.enable_offload_bookkeeping = True

    def decode(self, z):
        if self.enable_offload_bookkeeping:
            self.last_offloaded = record_offload_state(self.decoder)  # expect: CL141
        return torch.tanh(self.decoder(z))

    def forward(self, z):
        return self.decode(z)


def example():
    return AutoencoderTiny(), (torch.randn(1, 4, 5, 5),)
