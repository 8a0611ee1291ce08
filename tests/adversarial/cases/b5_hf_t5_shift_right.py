"""Encoder-decoder label shifting in the T5 style: building the decoder inputs is all tensor writes, but the
sanity check that no negative ids remain turns the reduction into a Python bool with `.item()` before the
assert ever sees it."""
import torch
from torch import nn


class ShiftConfig:
    decoder_start_token_id = 0
    pad_token_id = 0


class Seq2SeqHead(nn.Module):
    def __init__(self, vocab=10, dim=6):
        super().__init__()
        self.config = ShiftConfig()
        self.embed = nn.Embedding(vocab, dim)

    def _shift_right(self, labels):
        start = self.config.decoder_start_token_id
        pad = self.config.pad_token_id
        if start is None:
            raise ValueError("decoder_start_token_id has to be defined")
        shifted = labels.new_zeros(labels.shape)
        shifted[..., 1:] = labels[..., :-1].clone()
        shifted[..., 0] = start
        shifted.masked_fill_(shifted == -100, pad)
        assert torch.all(shifted >= 0).item(), "Verify that `shifted_input_ids` has only positive values"  # expect: CL111
        return shifted

    def forward(self, labels):
        decoder_input_ids = self._shift_right(labels)
        return self.embed(decoder_input_ids).mean(1)


def example():
    return Seq2SeqHead(), (torch.tensor([[4, 5, -100, -100], [7, 8, 9, -100]]),)
