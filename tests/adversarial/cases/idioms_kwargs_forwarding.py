"""`**kwargs` forwarded through layers (flash-attention kwargs, output flags); popping and reading Python
values is fine, a tensor from kwargs used as a Python bool is not."""
import torch
from torch import nn

from compilelint import Example


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.o = nn.Linear(4, 4)

    def forward(self, x, attention_mask=None, output_attentions=False, **kwargs):
        dropout = kwargs.pop("dropout", 0.0)
        scaling = kwargs.get("scaling", x.size(-1) ** -0.5)
        scores = (x @ x.transpose(-1, -2)) * scaling
        if attention_mask is not None:
            scores = scores + attention_mask
        probs = nn.functional.dropout(scores.softmax(-1), p=dropout, training=self.training)
        out = self.o(probs @ x)
        return (out, probs) if output_attentions else (out, None)


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attention()

    def forward(self, x, **kwargs):
        if kwargs.get("is_causal_flag"):  # known-miss: CL101
            x = x.tril()
        out, _ = self.attn(x, **kwargs)
        return out


def example():
    return Example(Layer(), (torch.randn(2, 3, 4),),
                   kwargs={"scaling": 0.5, "output_attentions": True, "is_causal_flag": torch.tensor(True)})
