"""An LCM-style guidance-scale embedding: the frequency scale is `torch.log(torch.tensor(10000.0))`, a tensor
made from a constant that is never read back into Python."""
import torch
from torch import nn


def get_guidance_scale_embedding(w, embedding_dim=8, dtype=torch.float32):
    assert len(w.shape) == 1
    w = w * 1000.0
    half_dim = embedding_dim // 2
    emb = torch.log(torch.tensor(10000.0)) / (half_dim - 1)
    emb = torch.exp(torch.arange(half_dim, dtype=dtype) * -emb)
    emb = w.to(dtype)[:, None] * emb[None, :]
    emb = torch.cat([torch.sin(emb), torch.cos(emb)], dim=1)
    if embedding_dim % 2 == 1:
        emb = torch.nn.functional.pad(emb, (0, 1))
    assert emb.shape == (w.shape[0], embedding_dim)
    return emb


class GuidanceCond(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, sample, guidance_scale):
        return sample + self.proj(get_guidance_scale_embedding(guidance_scale - 1))


def example():
    return GuidanceCond(), (torch.randn(2, 8), torch.tensor([7.5, 7.5]))
