"""A decoder builds position ids differently for left-padded batches; the padding-side test is a helper of the
utils file that returns a 0-d boolean tensor, tested here."""
import torch
from torch import nn

from b20_hf_utils import Config, is_left_padded


class DecoderEmbeddings(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.tokens = nn.Embedding(config.vocab_size, config.hidden_size)
        self.positions = nn.Embedding(32, config.hidden_size)

    def forward(self, input_ids, attention_mask):
        if is_left_padded(attention_mask):  # expect: CL101
            position_ids = (attention_mask.cumsum(-1) - 1).clamp(min=0)
        else:
            position_ids = torch.arange(input_ids.shape[1]).expand_as(input_ids)
        return self.tokens(input_ids) + self.positions(position_ids)


def example():
    return DecoderEmbeddings(), (torch.tensor([[3, 4, 5], [6, 7, 8]]), torch.tensor([[0, 1, 1], [1, 1, 1]]))
