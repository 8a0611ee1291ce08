"""A patched 2D transformer's output: without the adaLN-single path the token grid side is
`int(hidden_states.shape[1] ** 0.5)`, and the tokens are unpatchified with reshape/einsum on those sizes."""
import torch
from torch import nn


class PatchedTransformerOut(nn.Module):
    def __init__(self, dim=8, patch_size=2, out_channels=3):
        super().__init__()
        self.patch_size = patch_size
        self.out_channels = out_channels
        self.adaln_single = None
        self.proj_out = nn.Linear(dim, patch_size * patch_size * out_channels)

    def forward(self, hidden_states):
        hidden_states = self.proj_out(hidden_states)
        if self.adaln_single is None:
            height = width = int(hidden_states.shape[1] ** 0.5)
        hidden_states = hidden_states.reshape(
            shape=(-1, height, width, self.patch_size, self.patch_size, self.out_channels)
        )
        hidden_states = torch.einsum("nhwpqc->nchpwq", hidden_states)
        return hidden_states.reshape(
            shape=(-1, self.out_channels, height * self.patch_size, width * self.patch_size)
        )


def example():
    return PatchedTransformerOut(), (torch.randn(2, 16, 8),)
