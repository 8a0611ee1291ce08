"""Generation's default attention mask: `(pad is not None) and torch.isin(...).any()` ends on the tensor, so
Python never takes its truth value; the choice is then made with tensor arithmetic."""
import torch
from torch import nn

from b17_hf_utils import Config


class MaskPreparer(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.pad_token_id = config.pad_token_id
        self.eos_token_id = config.eos_token_id
        self.embed = nn.Embedding(config.vocab_size, config.hidden_size)

    def forward(self, inputs):
        pad = torch.tensor([self.pad_token_id])
        is_pad_in_inputs = (self.pad_token_id is not None) and torch.isin(inputs, pad).any()
        is_pad_eq_eos = self.eos_token_id is not None and self.pad_token_id == self.eos_token_id
        can_infer = is_pad_in_inputs & (not is_pad_eq_eos)
        default = torch.ones_like(inputs)
        mask = inputs.ne(self.pad_token_id).long() * can_infer + default * ~can_infer
        return self.embed(inputs) * mask[..., None]


def example():
    return MaskPreparer(), (torch.tensor([[0, 3, 4], [5, 6, 7]]),)
