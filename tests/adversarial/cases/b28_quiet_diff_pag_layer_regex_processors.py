"""A perturbed-attention-guidance pipeline picks the attention layers to perturb by matching module names
against regular expressions (`re.search` over `named_modules()`), swapping their processor flag, at call time
inside the compiled step (string work on constant names; compiles)."""
import re

import torch
from torch import nn


class Attention(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.to_out = nn.Linear(dim, dim)
        self.perturbed = False

    def forward(self, x):
        if self.perturbed:
            return self.to_out(x)
        return self.to_out(torch.softmax(x, dim=-1) * x)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn1 = Attention()
        self.attn2 = Attention()

    def forward(self, x):
        return self.attn2(self.attn1(x))


class PAGPipeline(nn.Module):
    def __init__(self, pag_applied_layers=("mid", r"blocks\.0\.attn1")):
        super().__init__()
        self.blocks = nn.ModuleList([Block(), Block()])
        self.mid = Block()
        self.pag_applied_layers = list(pag_applied_layers)

    def _set_pag_attn_processor(self):
        for name, module in self.named_modules():
            if isinstance(module, Attention):
                module.perturbed = any(re.search(layer, name) for layer in self.pag_applied_layers)

    def forward(self, x):
        self._set_pag_attn_processor()
        for block in self.blocks:
            x = block(x)
        return self.mid(x)


def example():
    return PAGPipeline(), (torch.randn(2, 4),)
