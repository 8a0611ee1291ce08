"""The project's guard helpers, imported from its utils module, settle every branch under torch.compile:
`not is_torchdynamo_compiling() and (ids < 0).any()` short-circuits, and the scripting / tracing / fx-proxy
branches are never taken."""
import torch
from torch import nn

from b8_quiet_hf_import_utils import get_logger, is_scripting, is_torch_fx_proxy, is_torchdynamo_compiling, is_tracing

logger = get_logger(__name__)


class Embeddings(nn.Module):
    def __init__(self, vocab=9, dim=4):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)

    def forward(self, input_ids, attention_mask=None):
        if not is_torchdynamo_compiling() and (input_ids < 0).any():
            raise ValueError("negative token id")
        if is_scripting() or is_tracing():
            logger.warning("tracing: ids are not checked %s", input_ids.tolist())
        if is_torch_fx_proxy(input_ids):
            return self.embed(input_ids)
        if attention_mask is not None and not is_torchdynamo_compiling():
            if not (attention_mask == 1).all():
                logger.warning_once("padding found in %d rows", int((attention_mask == 0).any(-1).sum()))
        return self.embed(input_ids)


def example():
    return Embeddings(), (torch.randint(0, 9, (2, 3)), torch.tensor([[1, 1, 0], [1, 1, 1]]))
