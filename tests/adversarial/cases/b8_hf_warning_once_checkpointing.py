"""A decoder stack warns once (the project logger's lru_cached `warning_once`) that caching is off while
gradient checkpointing trains, then turns use_cache off: the warning runs under compile in training."""
import torch
from torch import nn

from b8_quiet_hf_import_utils import get_logger

logger = get_logger(__name__)


class Config:
    hidden_size = 4
    num_hidden_layers = 2
    use_cache = True


class DecoderStack(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.config = config
        self.layers = nn.ModuleList(nn.Linear(config.hidden_size, config.hidden_size)
                                    for _ in range(config.num_hidden_layers))
        self.gradient_checkpointing = False

    def forward(self, hidden_states, use_cache=None):
        use_cache = use_cache if use_cache is not None else self.config.use_cache
        if self.gradient_checkpointing and self.training and use_cache:
            logger.warning_once("use_cache=True is incompatible with gradient checkpointing. Setting use_cache=False.")  # expect: CL131
            use_cache = False
        cache = [] if use_cache else None
        for layer in self.layers:
            hidden_states = layer(hidden_states)
            if cache is not None:
                cache.append(hidden_states)
        return hidden_states


def example():
    model = DecoderStack()
    model.gradient_checkpointing = True
    model.train()
    return model, (torch.randn(2, 4),)
