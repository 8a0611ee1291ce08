"""A beam search step that keeps its candidates as Python lists (beam-search-bb): inside a loop over the batch, a
nested comprehension turns the `topk` of each beam into new candidates with `.item()`. The break inside the loop makes
dynamo give up on the whole frame; the comprehensions then run as frames of their own, each given the iterator of
its `for` (an `enumerate`, a `zip` over the topk result), which dynamo cannot step: "Missing tp_iternext" (GB4347) on
both comprehension lines, besides the `.item()` itself. CL165 reports this only for comprehensions over nn.Module
containers: a known miss (the inner comprehension shares its line with the `.item()`, which CL111 reports)."""
import torch
from torch import nn


class BeamStep(nn.Module):
    def forward(self, probs, states):
        out = []
        for batch_index, beam_probs in enumerate(probs):
            beams = states[batch_index]
            new = [  # known-miss: CL165
                [(s + [token.item()], p)  # expect: CL111
                 for p, token in zip(*torch.topk(beam_probs[idx], k=2))]
                for idx, s in enumerate(beams)]
            out.append(new)
        return out


def example():
    return BeamStep(), (torch.rand(2, 2, 5), [[[1], [2]], [[3], [4]]])
