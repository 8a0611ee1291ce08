"""Block-sparse attention picks its random key blocks with numpy's RNG in forward (a BigBird-style
`np.random.permutation` of the middle blocks), then gathers them with the indices."""
import numpy as np
import torch
from torch import nn


class RandomBlockAttention(nn.Module):
    def __init__(self, dim=4, block=2, num_rand=1):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.block, self.num_rand = block, num_rand

    def forward(self, hidden_states):
        b, n, d = hidden_states.shape
        q, k, v = self.qkv(hidden_states).chunk(3, dim=-1)
        num_blocks = n // self.block
        rand_blocks = np.random.permutation(num_blocks)[: self.num_rand]  # expect: CL156
        idx = torch.as_tensor(rand_blocks).long()
        kb = k.view(b, num_blocks, self.block, d)[:, idx].flatten(1, 2)
        vb = v.view(b, num_blocks, self.block, d)[:, idx].flatten(1, 2)
        attn = torch.softmax(q @ kb.transpose(1, 2) / d**0.5, dim=-1)
        return attn @ vb


def example():
    return RandomBlockAttention(), (torch.randn(2, 6, 4),)
