"""A text-model library's shared modeling file: a config object, a PreTrainedModel-like base whose weight
statistics (`.item()`, prints) run from `post_init` and a loader only, a dataclass output with a `to_tuple`
that filters out None fields, a template layer whose forward calls `_attend` and `_feed_forward` hooks that
subclasses override, and a module-level re-export of a torch function under a library name. The other b13
text-model cases import it."""
import dataclasses
import logging
from typing import Optional

import torch
from torch import nn

logger = logging.getLogger(__name__)

find_indices = torch.nonzero
masked_fill = torch.Tensor.masked_fill


class Config:
    def __init__(self, **kwargs):
        self.hidden_size = 8
        self.num_heads = 2
        self.max_position_embeddings = 16
        self.pad_token_id = 0
        self.use_mask = True
        self.layerdrop = 0.0
        self.output_hidden_states = False
        self.pooling = "mean"
        self.__dict__.update(kwargs)


@dataclasses.dataclass
class BaseOutput:
    last_hidden_state: torch.Tensor
    hidden_states: Optional[tuple] = None
    attentions: Optional[tuple] = None

    def to_tuple(self):
        return tuple(getattr(self, f.name) for f in dataclasses.fields(self) if getattr(self, f.name) is not None)


class PreTrainedModel(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config

    def post_init(self):
        self.apply(self._init_weights)
        stats = {name: p.abs().max().item() for name, p in self.named_parameters()}
        print(f"initialised {len(stats)} tensors, largest {max(stats.values(), default=0.0):.3f}")

    def _init_weights(self, module):
        if isinstance(module, nn.Linear):
            module.weight.data.normal_(mean=0.0, std=0.02)
            if module.bias is not None:
                module.bias.data.zero_()

    @classmethod
    def from_pretrained(cls, config, state_dict=None):
        model = cls(config)
        if state_dict:
            bad = [k for k, v in state_dict.items() if not torch.isfinite(v).all()]
            if bad:
                logger.warning("non-finite tensors: %s", bad)
            model.load_state_dict(state_dict, strict=False)
        return model.eval()


class TemplateLayer(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.norm = nn.LayerNorm(config.hidden_size)
        self.proj = nn.Linear(config.hidden_size, config.hidden_size)

    def _attend(self, hidden, mask):
        return hidden

    def _feed_forward(self, hidden):
        return self.proj(hidden)

    def forward(self, hidden, mask=None):
        hidden = hidden + self._attend(self.norm(hidden), mask)
        return hidden + self._feed_forward(hidden)


class _TinyModel(PreTrainedModel):
    def __init__(self, config):
        super().__init__(config)
        self.layer = TemplateLayer(config)
        self.post_init()

    def forward(self, hidden, mask=None):
        out = BaseOutput(last_hidden_state=self.layer(hidden, mask))
        return out.to_tuple()[0]


def example():
    return _TinyModel.from_pretrained(Config()), (torch.randn(1, 3, 8),)
