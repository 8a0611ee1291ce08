"""A seq2seq head warns once that `use_cache` is switched off when labels are given; the once-only memory is the
`warnings_issued` dict every pretrained model carries, so the warning sits behind a dict lookup, not a helper."""
import logging

import torch
import torch.nn.functional as F
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
                logger.warning("The `use_cache` argument is changed to `False` since `labels` is provided.")  # expect: CL131
                self.warnings_issued["use_cache_labels"] = True
            use_cache = False
        logits = self.lm_head(self.embed(input_ids))
        loss = None
        if labels is not None:
            loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), labels.view(-1))
        return logits, loss


def example():
    ids = torch.randint(0, 16, (2, 5))
    return BartForConditionalGenerationStub(), (ids, ids.clone())
