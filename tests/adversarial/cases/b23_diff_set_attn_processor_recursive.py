"""A UNet-style model swaps attention processors after construction: `set_attn_processor` walks `named_children`
recursively and hands the processor to every module that has `set_processor`; the processor installed skips
attention for an all-masked batch."""
import torch
import torch.nn.functional as F
from torch import nn


class AttnProcessor:
    def __call__(self, attn, hidden_states, attention_mask=None):
        q, k, v = attn.to_q(hidden_states), attn.to_k(hidden_states), attn.to_v(hidden_states)
        return attn.to_out(F.scaled_dot_product_attention(q, k, v))


class MaskSkippingAttnProcessor:
    def __call__(self, attn, hidden_states, attention_mask=None):
        if attention_mask is not None and not attention_mask.any():  # known-miss: CL101
            return hidden_states
        q, k, v = attn.to_q(hidden_states), attn.to_k(hidden_states), attn.to_v(hidden_states)
        mask = None if attention_mask is None else attention_mask[:, None, :].bool()
        return attn.to_out(F.scaled_dot_product_attention(q, k, v, attn_mask=mask))


class Attention(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.to_q, self.to_k, self.to_v = nn.Linear(dim, dim), nn.Linear(dim, dim), nn.Linear(dim, dim)
        self.to_out = nn.Linear(dim, dim)
        self.set_processor(AttnProcessor())

    def set_processor(self, processor):
        self.processor = processor

    def forward(self, hidden_states, attention_mask=None):
        return self.processor(self, hidden_states, attention_mask)


class TransformerBlock(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.attn1 = Attention(dim)

    def forward(self, x, attention_mask=None):
        return x + self.attn1(self.norm(x), attention_mask)


class TinyUNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = TransformerBlock()

    def set_attn_processor(self, processor):
        def fn_recursive_attn_processor(name, module, processor):
            if hasattr(module, "set_processor"):
                module.set_processor(processor)
            for sub_name, child in module.named_children():
                fn_recursive_attn_processor(f"{name}.{sub_name}", child, processor)

        for name, module in self.named_children():
            fn_recursive_attn_processor(name, module, processor)

    def forward(self, x, attention_mask=None):
        return self.block(x, attention_mask)


def example():
    model = TinyUNet()
    model.set_attn_processor(MaskSkippingAttnProcessor())
    return model, (torch.randn(2, 3, 8), torch.ones(2, 3))
