"""Patch dropout whose probability is a buffer a schedule updates: the number of kept tokens is computed with
int() of a tensor expression wrapped in builtin max."""
import torch
from torch import nn


class PatchDropout(nn.Module):
    def __init__(self, prob=0.5, num_prefix_tokens=1):
        super().__init__()
        self.num_prefix_tokens = num_prefix_tokens
        self.register_buffer("prob", torch.tensor(prob))

    def set_prob(self, prob):
        self.prob.fill_(prob)

    def forward(self, x):
        if not self.training:
            return x
        prefix, x = x[:, :self.num_prefix_tokens], x[:, self.num_prefix_tokens:]
        B, L = x.shape[:2]
        num_keep = max(1, int(L * (1.0 - self.prob)))  # expect: CL111
        keep_indices = torch.argsort(torch.randn(B, L, device=x.device), dim=-1)[:, :num_keep]
        x = x.gather(1, keep_indices.unsqueeze(-1).expand(-1, -1, x.shape[-1]))
        return torch.cat((prefix, x), dim=1)


class Encoder(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.patch_drop = PatchDropout()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        return self.proj(self.patch_drop(x))


def example():
    return Encoder(), (torch.randn(2, 5, 8),)
