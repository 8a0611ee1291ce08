"""The same aspect-ratio binning given the requested height and width as Python ints (the pipeline's arguments):
`float(height / width)` is Python arithmetic, but the closest bin is `min(ratios.keys(), key=lambda r: ...)`, a key
closing over the local ratio."""
import torch
from torch import nn

ASPECT_RATIO_BINS = {"0.5": [8.0, 16.0], "1.0": [12.0, 12.0], "2.0": [16.0, 8.0]}


def classify_height_width_bin(height, width, ratios):
    ar = float(height / width)
    closest_ratio = min(ratios.keys(), key=lambda ratio: abs(float(ratio) - ar))  # expect: CL174
    default_hw = ratios[closest_ratio]
    return int(default_hw[0]), int(default_hw[1])


class PixArtConditioning(nn.Module):
    def __init__(self):
        super().__init__()
        self.resolution_embedder = nn.Linear(2, 8)

    def forward(self, hidden_states, height=12, width=24):
        bin_h, bin_w = classify_height_width_bin(height, width, ASPECT_RATIO_BINS)
        res = torch.tensor([[bin_h, bin_w]], dtype=hidden_states.dtype)
        return hidden_states + self.resolution_embedder(res)[:, None]


def example():
    return PixArtConditioning(), (torch.randn(1, 3, 8),)
