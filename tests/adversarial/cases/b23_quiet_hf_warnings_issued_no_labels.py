"""The same once-only `use_cache` warning behind the `warnings_issued` dict, in a model run for inference: no labels
are given, so the branch holding the warning is never taken."""
import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


class PreTrainedStub(nn.Module):
    def __init__(self):
        super().__init__()
        self.warnings_issued = {}


class BartForConditionalGenerationStub(PreTrainedStub):
    def __init__(self, vocab=16, d=8):
        super().__init__()
        self.embed = nn.Embedding(vocab, d)
        self.lm_head = nn.Linear(d, vocab)

    def forward(self, input_ids, labels=None, use_cache=True):
        if labels is not None:
            if use_cache and not self.warnings_issued.get("use_cache_labels", False):
                logger.warning("The `use_cache` argument is changed to `False` since `labels` is provided.")  # known-fp: CL131
                self.warnings_issued["use_cache_labels"] = True
            use_cache = False
        logits = self.lm_head(self.embed(input_ids))
        return logits if use_cache else logits.detach()


def example():
    return BartForConditionalGenerationStub(), (torch.randint(0, 16, (2, 5)),)
