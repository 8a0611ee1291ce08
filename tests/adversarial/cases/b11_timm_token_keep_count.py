"""Adaptive token pruning in a ViT: each block keeps the patch tokens whose class attention beats a
threshold, and how many to keep is counted from the scores, so the count is read back as a Python int."""
import torch
from torch import nn

from b11_quiet_timm_layers import DropPath, LayerScale


class Attention(nn.Module):
    def __init__(self, dim, num_heads=2):
        super().__init__()
        self.num_heads = num_heads
        self.scale = (dim // num_heads) ** -0.5
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        B, N, C = x.shape
        qkv = self.qkv(x).reshape(B, N, 3, self.num_heads, C // self.num_heads).permute(2, 0, 3, 1, 4)
        q, k, v = qkv.unbind(0)
        attn = (q @ k.transpose(-2, -1) * self.scale).softmax(dim=-1)
        x = (attn @ v).transpose(1, 2).reshape(B, N, C)
        return self.proj(x), attn[:, :, 0, 1:].mean(dim=1)


def _keep_topk(x, cls_attn, threshold, min_tokens):
    num_keep = int((cls_attn > threshold).sum(dim=-1).max())  # expect: CL111
    num_keep = max(num_keep, min_tokens)
    idx = cls_attn.topk(num_keep, dim=-1).indices
    patches = x[:, 1:].gather(1, idx.unsqueeze(-1).expand(-1, -1, x.shape[-1]))
    return torch.cat([x[:, :1], patches], dim=1)


class PruningBlock(nn.Module):
    def __init__(self, dim, threshold=0.05, drop_path=0.0):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.attn = Attention(dim)
        self.ls = LayerScale(dim)
        self.drop_path = DropPath(drop_path)
        self.threshold = threshold

    def forward(self, x):
        y, cls_attn = self.attn(self.norm(x))
        x = x + self.drop_path(self.ls(y))
        return _keep_topk(x, cls_attn, self.threshold, min_tokens=2)


class TokenPruningViT(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.patch_embed = nn.Linear(12, dim)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, dim))
        self.pruner = PruningBlock(dim)
        self.head = nn.Linear(dim, 3)

    def forward_features(self, x):
        x = self.patch_embed(x)
        x = torch.cat([self.cls_token.expand(x.shape[0], -1, -1), x], dim=1)
        return self.pruner(x)

    def forward(self, x):
        return self.head(self.forward_features(x)[:, 0])


def example():
    return TokenPruningViT().eval(), (torch.randn(2, 6, 12),)
