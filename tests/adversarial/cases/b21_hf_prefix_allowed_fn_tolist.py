"""Constrained decoding: a prefix-constrained logits processor asks a user callback, handed to its constructor, which
tokens each beam may emit next; the callback reads the beam's prefix as a Python list."""
import torch
from torch import nn


def allowed_after(batch_id, prefix):
    last = prefix.tolist()[-1]  # known-miss: CL112
    return [last, (last + 1) % 16]


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
    return PrefixConstrainedProcessor(allowed_after), (torch.randint(0, 16, (4, 3)), torch.randn(4, 16))
