"""An encoder-decoder that can freeze its encoder: forward enters `torch.no_grad()` through a
`contextlib.ExitStack` when the flag is set."""
import contextlib

import torch
from torch import nn

from b15_hf_utils import Config


class SpeechEncoderDecoder(nn.Module):
    def __init__(self, config=Config(), freeze_encoder=True):
        super().__init__()
        self.freeze_encoder = freeze_encoder
        self.encoder = nn.Linear(config.hidden_size, config.hidden_size)
        self.decoder = nn.Linear(config.hidden_size, config.vocab_size)

    def forward(self, input_values):
        with contextlib.ExitStack() as stack:
            if self.freeze_encoder:
                stack.enter_context(torch.no_grad())  # known-miss: CL159
            encoder_hidden = self.encoder(input_values)
        return self.decoder(encoder_hidden)


def example():
    return SpeechEncoderDecoder(), (torch.randn(2, 8),)
