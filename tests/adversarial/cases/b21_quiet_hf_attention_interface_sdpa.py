"""A model registers its own eager attention on the utils file's attention interface and picks an entry by the
config's implementation name; the entries it reaches are all tensor code."""
import torch
from torch import nn

from b21_hf_utils import ALL_ATTENTION_FUNCTIONS, AttentionInterface, Config


def eager_attention(query, key, value, attention_mask):
    scores = query @ key.transpose(-1, -2) / query.shape[-1] ** 0.5
    scores = scores.masked_fill(attention_mask[:, None, None, :] == 0, torch.finfo(scores.dtype).min)
    return scores.softmax(-1) @ value


AttentionInterface.register("eager", eager_attention)


class SelfAttention(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.config = config
        self.qkv = nn.Linear(config.hidden_size, 3 * config.hidden_size)

    def forward(self, hidden, attention_mask, use_eager: bool = False):
        b, n, _ = hidden.shape
        q, k, v = (t.view(b, n, 2, 4).transpose(1, 2) for t in self.qkv(hidden).chunk(3, dim=-1))
        name = "eager" if use_eager else self.config.attn_implementation
        return ALL_ATTENTION_FUNCTIONS[name](q, k, v, attention_mask)


def example():
    return SelfAttention(), (torch.randn(2, 3, 8), torch.tensor([[1, 1, 0], [1, 1, 1]]))
