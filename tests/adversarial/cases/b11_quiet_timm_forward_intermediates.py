"""`forward_intermediates` in the vision-library style: indices normalised by a helper into a Python list,
`if i in take_indices` membership tests on ints, early stop chosen by `torch.jit.is_scripting()`, and
output-format reshapes from shapes."""
import torch
from torch import nn

from b11_quiet_timm_layers import feature_take_indices


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + self.fc(self.norm(x))


class Trunk(nn.Module):
    def __init__(self, dim=8, depth=4, num_prefix_tokens=1):
        super().__init__()
        self.num_prefix_tokens = num_prefix_tokens
        self.cls_token = nn.Parameter(torch.zeros(1, 1, dim))
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.norm = nn.LayerNorm(dim)
        self.feature_info = [dict(module=f"blocks.{i}", num_chs=dim, reduction=4) for i in range(depth)]

    def forward_intermediates(self, x, indices=None, norm=False, stop_early=False, output_fmt="NCHW",
                              intermediates_only=False):
        assert output_fmt in ("NCHW", "NLC"), "Output format must be one of NCHW or NLC."
        reshape = output_fmt == "NCHW"
        intermediates = []
        take_indices, max_index = feature_take_indices(len(self.blocks), indices)
        B, N, C = x.shape
        height = width = int(N ** 0.5)
        x = torch.cat([self.cls_token.expand(B, -1, -1), x], dim=1)
        if torch.jit.is_scripting() or not stop_early:
            blocks = self.blocks
        else:
            blocks = self.blocks[:max_index + 1]
        for i, blk in enumerate(blocks):
            x = blk(x)
            if i in take_indices:
                intermediates.append(self.norm(x) if norm else x)
        if self.num_prefix_tokens:
            intermediates = [y[:, self.num_prefix_tokens:] for y in intermediates]
        if reshape:
            intermediates = [y.reshape(B, height, width, -1).permute(0, 3, 1, 2).contiguous() for y in intermediates]
        if intermediates_only:
            return intermediates
        return self.norm(x), intermediates

    def forward(self, x):
        final, feats = self.forward_intermediates(x, indices=[-2, -1], norm=True, stop_early=True)
        return final.mean(1) + sum(f.mean((2, 3)) for f in feats)


def example():
    return Trunk(), (torch.randn(2, 9, 8),)
