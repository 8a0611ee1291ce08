"""EViT-style token reorganisation: the keep rate is a buffer a schedule anneals; the number of kept tokens,
rounded up with Tensor.ceil and cast with .long(), is still a tensor, and it becomes topk's k."""
import torch
from torch import nn


class EViTBlock(nn.Module):
    def __init__(self, dim=8, keep_rate=0.5):
        super().__init__()
        self.register_buffer("keep_rate", torch.tensor(keep_rate))
        self.attn = nn.MultiheadAttention(dim, 2, batch_first=True)

    def forward(self, x):
        B, N, C = x.shape
        y, weights = self.attn(x, x, x, need_weights=True)
        x = x + y
        cls_attn = weights[:, 0, 1:]
        left_tokens = (self.keep_rate * (N - 1)).ceil().long()
        _, idx = torch.topk(cls_attn, left_tokens, dim=1)  # expect: CL124
        kept = x[:, 1:].gather(1, idx.unsqueeze(-1).expand(-1, -1, C))
        return torch.cat([x[:, :1], kept], dim=1)


def example():
    return EViTBlock(), (torch.randn(2, 5, 8),)
