"""A PixArt-style transformer conditions on resolution and aspect ratio; its micro-conditioning picks the closest
aspect-ratio bin with `classify_height_width_bin`, given the height and width carried in `added_cond_kwargs` as
tensors."""
import torch
from torch import nn

ASPECT_RATIO_BINS = {"0.5": [8.0, 16.0], "1.0": [12.0, 12.0], "2.0": [16.0, 8.0]}


def classify_height_width_bin(height, width, ratios):
    ar = float(height / width)  # expect: CL111
    closest_ratio = min(ratios.keys(), key=lambda ratio: abs(float(ratio) - ar))  # known-fp: CL174
    default_hw = ratios[closest_ratio]
    return int(default_hw[0]), int(default_hw[1])


class PixArtConditioning(nn.Module):
    def __init__(self):
        super().__init__()
        self.resolution_embedder = nn.Linear(2, 8)

    def forward(self, hidden_states, added_cond_kwargs):
        resolution = added_cond_kwargs["resolution"]
        bin_h, bin_w = classify_height_width_bin(resolution[0, 0], resolution[0, 1], ASPECT_RATIO_BINS)
        res = torch.tensor([[bin_h, bin_w]], dtype=hidden_states.dtype)
        return hidden_states + self.resolution_embedder(res)[:, None]


def example():
    return PixArtConditioning(), (torch.randn(1, 3, 8), {"resolution": torch.tensor([[12.0, 24.0]])})
