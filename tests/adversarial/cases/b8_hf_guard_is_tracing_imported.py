"""Guards imported from the project's utils module: `not is_tracing()` (TorchScript tracing, False under
torch.compile) lets a mask check run, and `not is_scripting()` lets a warning run."""
import warnings

import torch
from torch import nn

from b8_quiet_hf_import_utils import is_scripting, is_tracing


class Embedder(nn.Module):
    def __init__(self, vocab=9, dim=4, pad_token_id=0):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.pad_token_id = pad_token_id

    def forward(self, input_ids, attention_mask):
        if not is_tracing() and (attention_mask == 0).all():  # expect: CL101
            raise ValueError("every token is padding")
        if not is_scripting():
            warnings.warn("Embedder is deprecated", FutureWarning)  # expect: CL131
        return self.embed(input_ids) * attention_mask[..., None]


def example():
    return Embedder(), (torch.randint(1, 9, (2, 3)), torch.tensor([[1, 1, 0], [1, 1, 1]]))
