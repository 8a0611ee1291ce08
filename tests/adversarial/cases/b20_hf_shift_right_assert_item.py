"""An encoder-decoder's `_shift_right` (a static method reached through the class): the decoder inputs are the
labels moved right, -100 replaced by the pad id, and an assert checks them with `.item()`."""
import torch
from torch import nn

from b20_hf_utils import Config


class Seq2SeqHead(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.config = config
        self.embed = nn.Embedding(config.vocab_size, config.hidden_size)

    @staticmethod
    def _shift_right(input_ids, start_id, pad_id):
        shifted = input_ids.new_zeros(input_ids.shape)
        shifted[..., 1:] = input_ids[..., :-1].clone()
        shifted[..., 0] = start_id
        shifted.masked_fill_(shifted == -100, pad_id)
        assert torch.all(shifted >= 0).item(), "decoder inputs must be non-negative"  # expect: CL111
        return shifted

    def forward(self, labels):
        decoder_input_ids = type(self)._shift_right(labels, self.config.decoder_start_token_id,
                                                    self.config.pad_token_id)
        return self.embed(decoder_input_ids)


def example():
    return Seq2SeqHead(), (torch.tensor([[5, 6, -100], [7, -100, -100]]),)
