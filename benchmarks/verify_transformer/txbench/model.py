import torch
import torch.nn.functional as F
from torch import nn


class Attention(nn.Module):
    def __init__(self, d: int, n_head: int):
        super().__init__()
        self.n_head = n_head
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)

    def forward(self, x):
        b, t, c = x.shape
        q, k, v = self.qkv(x).split(c, dim=2)
        q, k, v = (z.view(b, t, self.n_head, c // self.n_head).transpose(1, 2) for z in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.proj(y.transpose(1, 2).reshape(b, t, c))


class Block(nn.Module):
    def __init__(self, d: int, n_head: int):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.attn = Attention(d, n_head)
        self.fc, self.out = nn.Linear(d, 4 * d), nn.Linear(4 * d, d)

    def forward(self, x):
        h = x + self.attn(self.ln1(x))
        if h.abs().amax() > 100.0:  # a range check that reads the tensor: CL101
            h = h.clamp(-100.0, 100.0)
        h = h + self.out(F.gelu(self.fc(self.ln2(h))))
        rms = h.float().pow(2).mean().sqrt().item()  # a Python scalar: CL111
        return h / max(rms, 1.0)


class RewrittenBlock(Block):
    """The same block with the two lines rewritten as the rules' help says: no break, same numbers."""

    def forward(self, x):
        h = x + self.attn(self.ln1(x))
        h = torch.where(h.abs().amax() > 100.0, h.clamp(-100.0, 100.0), h)
        h = h + self.out(F.gelu(self.fc(self.ln2(h))))
        rms = h.float().pow(2).mean().sqrt()
        return h / torch.clamp(rms, min=1.0).to(h.dtype)


class GPT(nn.Module):
    def __init__(self, n_layer: int, d: int, n_head: int, block=Block):
        super().__init__()
        self.blocks = nn.ModuleList(block(d, n_head) for _ in range(n_layer))
        self.ln_f = nn.LayerNorm(d)

    def forward(self, x):
        for blk in self.blocks:
            x = blk(x)
        return self.ln_f(x)
