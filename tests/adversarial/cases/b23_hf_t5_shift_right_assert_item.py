"""A T5-style `_shift_right` for teacher forcing: the decoder start token goes first, -100 labels become the pad id,
and an old-style sanity check asserts every id is non-negative with `.item()` on the reduced test."""
import torch
from torch import nn


class T5Config:
    decoder_start_token_id = 0
    pad_token_id = 0
    vocab_size = 16
    d_model = 8


class T5DecoderStub(nn.Module):
    def __init__(self, config=T5Config()):
        super().__init__()
        self.config = config
        self.embed = nn.Embedding(config.vocab_size, config.d_model)

    def _shift_right(self, input_ids):
        decoder_start_token_id = self.config.decoder_start_token_id
        pad_token_id = self.config.pad_token_id
        shifted_input_ids = input_ids.new_zeros(input_ids.shape)
        shifted_input_ids[..., 1:] = input_ids[..., :-1].clone()
        shifted_input_ids[..., 0] = decoder_start_token_id
        shifted_input_ids.masked_fill_(shifted_input_ids == -100, pad_token_id)
        assert torch.all(shifted_input_ids >= 0).item(), "Verify that `shifted_input_ids` has only positive values"  # expect: CL111
        return shifted_input_ids

    def forward(self, labels):
        decoder_input_ids = self._shift_right(labels)
        return self.embed(decoder_input_ids).sum(-1)


def example():
    return T5DecoderStub(), (torch.tensor([[3, 4, -100, 5], [6, -100, -100, 7]]),)
