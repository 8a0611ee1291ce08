"""A decoder-only sequence classifier pools the last non-pad token: the first pad position comes from `argmax` of
`input_ids == pad`, minus one, wrapped with `%` for rows without padding, then a paired-index gather of the logits."""
import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


class ConfigStub:
    pad_token_id = 0
    num_labels = 3


class ForSequenceClassification(nn.Module):
    def __init__(self, config=ConfigStub()):
        super().__init__()
        self.config = config
        self.embed = nn.Embedding(16, 8)
        self.score = nn.Linear(8, config.num_labels, bias=False)

    def forward(self, input_ids):
        logits = self.score(self.embed(input_ids))
        batch_size = input_ids.shape[0]
        if self.config.pad_token_id is None and batch_size != 1:
            raise ValueError("Cannot handle batch sizes > 1 if no padding token is defined.")
        if self.config.pad_token_id is None:
            sequence_lengths = -1
        elif input_ids is not None:
            sequence_lengths = torch.eq(input_ids, self.config.pad_token_id).int().argmax(-1) - 1
            sequence_lengths = sequence_lengths % input_ids.shape[-1]
        else:
            sequence_lengths = -1
            logger.warning("Padding tokens will not be detected if you pass `inputs_embeds`.")  # known-fp: CL131
        return logits[torch.arange(batch_size), sequence_lengths]


def example():
    ids = torch.randint(1, 16, (2, 5))
    ids[0, 3:] = 0
    return ForSequenceClassification(), (ids,)
