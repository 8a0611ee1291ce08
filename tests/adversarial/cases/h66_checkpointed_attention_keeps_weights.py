"""A decoder in the style of transformers with gradient checkpointing: each layer runs under
`torch.utils.checkpoint.checkpoint(layer, x, use_reentrant=False)` when training, and its attention keeps the last
attention probabilities for inspection (`self.attn_probs = probs.detach()`), three calls below the checkpoint. Dynamo
traces the checkpointed layer as a higher-order op that may not change state from outside it: the store breaks
(GB0067). A naive linter sees nothing wrong in an attribute store; the traps compile: clearing an attribute inside
the checkpoint (`self.past = None`), and the model keeping its final hidden state outside the checkpoint."""
import torch
from torch import nn
from torch.utils.checkpoint import checkpoint


class Attention(nn.Module):
    def __init__(self, dim, heads=2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)
        self.attn_probs = None
        self.past = None

    def scores(self, q, k):
        probs = torch.softmax(q @ k.transpose(-1, -2) / q.shape[-1] ** 0.5, dim=-1)
        self.attn_probs = probs.detach()  # expect: CL171
        return probs

    def forward(self, x):
        b, t, d = x.shape
        self.past = None
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        h = self.scores(q, k) @ v
        return self.out(h.transpose(1, 2).reshape(b, t, d))


class Layer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.attn = Attention(dim)

    def forward(self, x):
        return x + self.attn(self.norm(x))


class Decoder(nn.Module):
    def __init__(self, dim=8, depth=2):
        super().__init__()
        self.layers = nn.ModuleList(Layer(dim) for _ in range(depth))
        self.gradient_checkpointing = True
        self.last_hidden = None

    def forward(self, x):
        for layer in self.layers:
            if self.gradient_checkpointing and self.training:
                x = checkpoint(layer, x, use_reentrant=False)
            else:
                x = layer(x)
        self.last_hidden = x.detach()
        return x


def example():
    return Decoder().train(), (torch.randn(2, 4, 8),)
