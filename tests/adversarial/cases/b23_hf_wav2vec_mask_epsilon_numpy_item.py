"""SpecAugment-style time masking in a speech encoder: the number of masked spans gets a random rounding epsilon
drawn with numpy (`np.random.rand(1).item()`), as the feature extractors' `_compute_mask_indices` does."""
import numpy as np
import torch
from torch import nn


class Wav2Vec2ConfigStub:
    mask_time_prob = 0.5
    mask_time_length = 2
    hidden_size = 8


class SpecAugmentEncoder(nn.Module):
    def __init__(self, config=Wav2Vec2ConfigStub()):
        super().__init__()
        self.config = config
        self.masked_spec_embed = nn.Parameter(torch.zeros(config.hidden_size))
        self.proj = nn.Linear(config.hidden_size, config.hidden_size)

    def _num_masked_spans(self, input_length):
        epsilon = np.random.rand(1).item()  # expect: CL111, CL155
        num_masked_span = int(self.config.mask_time_prob * input_length / self.config.mask_time_length + epsilon)
        return max(num_masked_span, 1)

    def forward(self, hidden_states):
        batch_size, seq_len, _ = hidden_states.shape
        n = self._num_masked_spans(seq_len)
        starts = torch.randint(0, seq_len - self.config.mask_time_length + 1, (batch_size, n))
        offsets = torch.arange(self.config.mask_time_length)
        idx = (starts[:, :, None] + offsets).reshape(batch_size, -1)
        mask = torch.zeros(batch_size, seq_len, dtype=torch.bool).scatter(1, idx, True)
        hidden_states = torch.where(mask[..., None], self.masked_spec_embed, hidden_states)
        return self.proj(hidden_states)


def example():
    return SpecAugmentEncoder(), (torch.randn(2, 10, 8),)
