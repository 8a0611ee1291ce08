"""A block built from a config dict unpacked into its constructor (`Block(**block_config)`): the dict turns
`return_stats` on, so the stats `.tolist()` runs while traced."""
import torch
from torch import nn

BLOCK_CONFIG = {"channels": 4, "return_stats": True}


class KwargsBlock(nn.Module):
    def __init__(self, channels, return_stats=False):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 1)
        self.return_stats = return_stats

    def forward(self, sample):
        sample = self.conv(sample)
        if self.return_stats:
            self.last_stats = sample.flatten(1).std(1).tolist()  # expect: CL112
        return sample


class KwargsModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = KwargsBlock(**BLOCK_CONFIG)

    def forward(self, sample):
        return self.block(sample)


def example():
    return KwargsModel(), (torch.randn(2, 4, 2, 2),)
