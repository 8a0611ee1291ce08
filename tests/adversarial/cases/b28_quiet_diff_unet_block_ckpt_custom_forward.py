"""The same down block spelled the older way: a `create_custom_forward` closure handed to
`torch.utils.checkpoint.checkpoint` with fixed `use_reentrant=False` keyword arguments (checkpoint compiles)."""
import torch
import torch.utils.checkpoint
from torch import nn


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
        def create_custom_forward(module):
            def custom_forward(*inputs):
                return module(*inputs)

            return custom_forward

        ckpt_kwargs = {"use_reentrant": False}
        for resnet in self.resnets:
            if self.training and self.gradient_checkpointing:
                hidden_states = torch.utils.checkpoint.checkpoint(
                    create_custom_forward(resnet), hidden_states, temb, **ckpt_kwargs
                )
            else:
                hidden_states = resnet(hidden_states, temb)
        return hidden_states


def example():
    return DownBlock2D().train(), (torch.randn(1, 4, 6, 6), torch.randn(1, 4))
