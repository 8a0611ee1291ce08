"""A model registers a variable-length attention kernel on the utils file's attention interface (a mapping with a
classmethod `register`) and picks it by the config's implementation name; the kernel unpads with the longest
sequence length as a Python int."""
import torch
import torch.nn.functional as F
from torch import nn

from b21_hf_utils import ALL_ATTENTION_FUNCTIONS, AttentionInterface, Config


def varlen_attention(query, key, value, attention_mask):
    seqlens = attention_mask.sum(-1, dtype=torch.int32)
    max_seqlen = int(seqlens.max())  # known-miss: CL111
    q, k, v = query[:, :, :max_seqlen], key[:, :, :max_seqlen], value[:, :, :max_seqlen]
    return F.scaled_dot_product_attention(q, k, v)


AttentionInterface.register("varlen", varlen_attention)


class VarlenConfig(Config):
    attn_implementation = "varlen"


class SelfAttention(nn.Module):
    def __init__(self, config=VarlenConfig()):
        super().__init__()
        self.config = config
        self.qkv = nn.Linear(config.hidden_size, 3 * config.hidden_size)

    def forward(self, hidden, attention_mask):
        b, n, _ = hidden.shape
        q, k, v = (t.view(b, n, 2, 4).transpose(1, 2) for t in self.qkv(hidden).chunk(3, dim=-1))
        attention_interface = ALL_ATTENTION_FUNCTIONS[self.config.attn_implementation]
        return attention_interface(q, k, v, attention_mask)


def example():
    return SelfAttention(), (torch.randn(2, 3, 8), torch.tensor([[1, 1, 0], [1, 1, 1]]))
