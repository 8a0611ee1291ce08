"""A flow transformer accepts the old batched 3-D text ids but warns that they are deprecated before dropping
the batch dimension (the inputs given here are 3-D, so the warning runs)."""
import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


class FlowTransformer(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.x_embedder = nn.Linear(dim, dim)
        self.pos = nn.Linear(3, dim)

    def forward(self, hidden_states, txt_ids, img_ids):
        if txt_ids.ndim == 3:
            logger.warning("Passing `txt_ids` 3d torch.Tensor is deprecated. Please remove the batch dimension.")  # expect: CL131
            txt_ids = txt_ids[0]
        ids = torch.cat((txt_ids, img_ids), dim=0)
        return self.x_embedder(hidden_states) + self.pos(ids.float()).mean(0)


def example():
    return FlowTransformer(), (torch.randn(2, 4), torch.zeros(1, 3, 3), torch.ones(5, 3))
