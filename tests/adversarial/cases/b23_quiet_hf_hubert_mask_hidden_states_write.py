"""A speech encoder's `_mask_hidden_states`: when the caller passes `mask_time_indices` (a boolean tensor), the
masked frames are overwritten with the learned mask embedding, `hidden_states[mask_time_indices] = embed`."""
import torch
from torch import nn


class HubertConfigStub:
    apply_spec_augment = True
    mask_time_prob = 0.05
    hidden_size = 8


class HubertEncoderStub(nn.Module):
    def __init__(self, config=HubertConfigStub()):
        super().__init__()
        self.config = config
        self.masked_spec_embed = nn.Parameter(torch.rand(config.hidden_size))
        self.proj = nn.Linear(config.hidden_size, config.hidden_size)

    def _mask_hidden_states(self, hidden_states, mask_time_indices=None):
        if not getattr(self.config, "apply_spec_augment", True):
            return hidden_states
        if mask_time_indices is not None:
            hidden_states[mask_time_indices] = self.masked_spec_embed.to(hidden_states.dtype)
        elif self.config.mask_time_prob > 0 and self.training:
            raise NotImplementedError("sampling masks happens in the data collator here")
        return hidden_states

    def forward(self, hidden_states, mask_time_indices=None):
        hidden_states = self._mask_hidden_states(self.proj(hidden_states), mask_time_indices)
        return hidden_states.mean(1)


def example():
    return HubertEncoderStub().eval(), (torch.randn(2, 6, 8), torch.rand(2, 6) > 0.5)
