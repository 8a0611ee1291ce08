"""A prefix-constrained logits processor whose user callback, handed to its constructor, returns a row of a
precomputed allowed-token table for the batch index (a Python int from `enumerate`), never reading the prefix."""
import torch
from torch import nn

ALLOWED = torch.tensor([[1, 4], [2, 7]])


def allowed_for_batch(batch_id, prefix):
    return ALLOWED[batch_id]


class PrefixConstrainedProcessor(nn.Module):
    def __init__(self, prefix_allowed_tokens_fn, num_beams=2):
        super().__init__()
        self._prefix_allowed_tokens_fn = prefix_allowed_tokens_fn
        self._num_beams = num_beams

    def forward(self, input_ids, scores):
        mask = torch.full_like(scores, float("-inf"))
        for batch_id, beam_sent in enumerate(input_ids.view(-1, self._num_beams, input_ids.shape[-1])):
            for beam_id, sent in enumerate(beam_sent):
                allowed = self._prefix_allowed_tokens_fn(batch_id, sent)
                mask[batch_id * self._num_beams + beam_id, allowed] = 0
        return scores + mask


def example():
    return PrefixConstrainedProcessor(allowed_for_batch), (torch.randint(0, 16, (4, 3)), torch.randn(4, 16))
