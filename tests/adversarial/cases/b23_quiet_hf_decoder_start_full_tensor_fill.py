"""Encoder-decoder generation prepares `decoder_input_ids` from the decoder start token; the generation config keeps
its special tokens as tensors (`_decoder_start_token_tensor`), and the start column is made with `torch.full`."""
import torch
from torch import nn


class GenerationConfigStub:
    def __init__(self, decoder_start_token_id=1):
        self._decoder_start_token_tensor = torch.tensor(decoder_start_token_id)


class Seq2SeqStub(nn.Module):
    def __init__(self):
        super().__init__()
        self.generation_config = GenerationConfigStub()
        self.embed = nn.Embedding(16, 8)

    def _prepare_decoder_input_ids(self, batch_size):
        decoder_start_token_id = self.generation_config._decoder_start_token_tensor
        return torch.full((batch_size, 1), decoder_start_token_id, dtype=torch.long)

    def forward(self, encoder_hidden):
        decoder_input_ids = self._prepare_decoder_input_ids(encoder_hidden.shape[0])
        return self.embed(decoder_input_ids) + encoder_hidden.mean(1, keepdim=True)


def example():
    return Seq2SeqStub(), (torch.randn(2, 3, 8),)
