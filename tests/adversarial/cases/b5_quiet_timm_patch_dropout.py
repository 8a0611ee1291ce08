"""Patch dropout for ViT training: the number of kept tokens is `max(1, int(L * (1 - prob)))` on the token
count, the kept indices come from argsort of random noise, and the prefix (class) tokens are re-attached.
The `if not self.training or self.prob == 0.` early exit reads module flags."""
from typing import Optional

import torch
from torch import nn


class PatchDropout(nn.Module):
    def __init__(self, prob: float = 0.5, num_prefix_tokens: int = 1, ordered: bool = False):
        super().__init__()
        assert 0 <= prob < 1.0
        self.prob = prob
        self.num_prefix_tokens = num_prefix_tokens
        self.ordered = ordered

    def forward(self, x) -> torch.Tensor:
        if not self.training or self.prob == 0.0:
            return x
        prefix_tokens: Optional[torch.Tensor]
        if self.num_prefix_tokens:
            prefix_tokens, x = x[:, :self.num_prefix_tokens], x[:, self.num_prefix_tokens:]
        else:
            prefix_tokens = None
        batch, num_tokens = x.shape[:2]
        num_keep = max(1, int(num_tokens * (1.0 - self.prob)))
        keep_indices = torch.argsort(torch.randn(batch, num_tokens, device=x.device), dim=-1)[:, :num_keep]
        if self.ordered:
            keep_indices = keep_indices.sort(dim=-1)[0]
        x = x.gather(1, keep_indices.unsqueeze(-1).expand((-1, -1) + x.shape[2:]))
        if prefix_tokens is not None:
            x = torch.cat((prefix_tokens, x), dim=1)
        return x


class TinyViT(nn.Module):
    def __init__(self):
        super().__init__()
        self.patch_drop = PatchDropout(ordered=True)
        self.block = nn.Linear(6, 6)

    def forward(self, tokens):
        return self.block(self.patch_drop(tokens))[:, 0]


def example():
    model = TinyViT()
    model.train()
    return model, (torch.randn(2, 9, 6),)
