"""A model built through the library's `from_config` loader (it prints) with `register_to_config` on __init__ (it
warns on unknown keys); forward only reads config values and tensors."""
import torch
from torch import nn

from b12_quiet_diff_blocks import ModelMixin, register_to_config


class UpBlock(ModelMixin):
    @register_to_config
    def __init__(self, in_channels=4, out_channels=4, add_upsample=True, interpolate_mode="nearest"):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, 3, padding=1)

    def forward(self, hidden_states, output_size=None):
        if self.config["add_upsample"]:
            if output_size is None:
                hidden_states = nn.functional.interpolate(hidden_states, scale_factor=2.0,
                                                          mode=self.config["interpolate_mode"])
            else:
                hidden_states = nn.functional.interpolate(hidden_states, size=output_size,
                                                          mode=self.config["interpolate_mode"])
        return self.conv(hidden_states)


def example():
    return UpBlock.from_config({"in_channels": 4}, out_channels=4), (torch.randn(1, 4, 2, 2),)
