"""A vision transformer block that drops low-attention patch tokens: the keep decision is a threshold on the
class token's attention, applied as a boolean mask read (`x[:, keep]`), which gives a data-dependent length."""
import torch
from torch import nn


def _assert(condition, message):
    if not torch.jit.is_scripting():
        assert condition, message


class TokenPruneBlock(nn.Module):
    def __init__(self, dim=4, keep_thresh=0.2, num_prefix_tokens=1):
        super().__init__()
        self.keep_thresh = keep_thresh
        self.num_prefix_tokens = num_prefix_tokens
        self.qk = nn.Linear(dim, 2 * dim)

    def forward(self, x):
        B, N, C = x.shape
        _assert(B == 1, "token pruning runs one image at a time")
        q, k = self.qk(x).chunk(2, dim=-1)
        cls_attn = (q[:, :1] @ k.transpose(-2, -1)).softmax(dim=-1)[0, 0, self.num_prefix_tokens:]
        keep = cls_attn > self.keep_thresh / (N - self.num_prefix_tokens)
        tokens = x[:, self.num_prefix_tokens:][:, keep]  # expect: CL122
        return torch.cat([x[:, :self.num_prefix_tokens], tokens], dim=1)


def example():
    return TokenPruneBlock(), (torch.randn(1, 6, 4),)
