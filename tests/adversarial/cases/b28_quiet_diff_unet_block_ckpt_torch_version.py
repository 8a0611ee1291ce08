"""A UNet down block checkpoints its resnets while training with gradient checkpointing on, choosing the
checkpoint keyword arguments by asking the utils file's `is_torch_version` (packaging's `version.parse` of
`torch.__version__`, compared through an operator table) inside the loop: dynamo traces packaging on the
constant version string (compiles)."""
import torch
import torch.utils.checkpoint
from torch import nn

from b28_diff_utils import is_torch_version


class ResnetBlock(nn.Module):
    def __init__(self, ch=4):
        super().__init__()
        self.conv = nn.Conv2d(ch, ch, 3, padding=1)
        self.act = nn.SiLU()

    def forward(self, x, temb):
        return x + self.conv(self.act(x)) + temb[:, :, None, None]


class DownBlock2D(nn.Module):
    def __init__(self, ch=4, layers=2):
        super().__init__()
        self.resnets = nn.ModuleList([ResnetBlock(ch) for _ in range(layers)])
        self.gradient_checkpointing = True

    def forward(self, hidden_states, temb):
        output_states = ()
        for resnet in self.resnets:
            if self.training and self.gradient_checkpointing:
                ckpt_kwargs = {"use_reentrant": False} if is_torch_version(">=", "1.11.0") else {}
                hidden_states = torch.utils.checkpoint.checkpoint(resnet, hidden_states, temb, **ckpt_kwargs)
            else:
                hidden_states = resnet(hidden_states, temb)
            output_states = output_states + (hidden_states,)
        return hidden_states, output_states


def example():
    return DownBlock2D().train(), (torch.randn(1, 4, 6, 6), torch.randn(1, 4))
