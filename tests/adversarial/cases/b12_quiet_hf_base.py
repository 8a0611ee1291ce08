"""A model hub's base classes in their own file: an activation registry that instantiates on lookup, a
ModuleUtilsMixin (extended attention mask, a padding warning behind a dynamo guard), a PreTrainedModel-like base
whose weight checks run from `post_init` and a `from_pretrained`-style loader (never while compiling), a
`warning_once` helper and a GradientCheckpointingLayer-like base whose `__call__` routes through checkpointing
only when training with checkpointing on. The other b12 text-model cases import it."""
import functools
import logging
from collections import OrderedDict

import torch
from torch import nn
from torch.utils.checkpoint import checkpoint

logger = logging.getLogger(__name__)


def is_torchdynamo_compiling():
    try:
        import torch._dynamo
        return torch.compiler.is_compiling()
    except Exception:
        return False


@functools.lru_cache(None)
def warning_once(message):
    logger.warning(message)


class ClassInstantier(OrderedDict):
    def __getitem__(self, key):
        content = super().__getitem__(key)
        cls, kwargs = content if isinstance(content, tuple) else (content, {})
        return cls(**kwargs)


class QuickGELU(nn.Module):
    def forward(self, x):
        return x * torch.sigmoid(1.702 * x)


ACT2FN = ClassInstantier({"gelu": nn.GELU, "gelu_tanh": (nn.GELU, {"approximate": "tanh"}), "quick_gelu": QuickGELU,
                          "silu": nn.SiLU, "relu": nn.ReLU})


class Config:
    def __init__(self, **kwargs):
        self.hidden_size = 8
        self.num_layers = 2
        self.hidden_act = "gelu"
        self.pad_token_id = 0
        self.use_cache = False
        self.output_attentions = False
        self.debug = False
        self._attn_implementation = "eager"
        self.__dict__.update(kwargs)


class ModuleUtilsMixin:
    @property
    def dtype(self):
        return next(self.parameters()).dtype

    def get_extended_attention_mask(self, attention_mask, input_shape, dtype=None):
        dtype = dtype or self.dtype
        if attention_mask.dim() == 3:
            extended = attention_mask[:, None, :, :]
        elif attention_mask.dim() == 2:
            extended = attention_mask[:, None, None, :]
        else:
            raise ValueError(f"Wrong shape for input_ids (shape {input_shape}) or mask (shape {attention_mask.shape})")
        extended = extended.to(dtype=dtype)
        return (1.0 - extended) * torch.finfo(dtype).min

    def warn_if_padding_and_no_attention_mask(self, input_ids, attention_mask):
        if is_torchdynamo_compiling() or attention_mask is not None:
            return
        if self.config.pad_token_id in input_ids[:, [-1, 0]]:
            warning_once("padding without an attention mask")


class PreTrainedModel(nn.Module, ModuleUtilsMixin):
    base_model_prefix = "model"

    def __init__(self, config):
        super().__init__()
        self.config = config
        self.gradient_checkpointing = False

    def post_init(self):
        self.apply(self._init_weights)
        self._check_finite()

    def _init_weights(self, module):
        if isinstance(module, nn.Linear):
            module.weight.data.normal_(mean=0.0, std=0.02)
            if module.bias is not None:
                module.bias.data.zero_()

    def _check_finite(self):
        for name, param in self.named_parameters():
            if not torch.isfinite(param).all():
                logger.warning("non-finite weights in %s", name)

    @classmethod
    def from_pretrained(cls, config, state_dict=None):
        model = cls(config)
        if state_dict is not None:
            missing = [k for k in model.state_dict() if k not in state_dict]
            if missing:
                print(f"missing keys: {missing}")
            norms = {k: v.norm().item() for k, v in state_dict.items()}
            logger.info("loaded %d tensors, largest norm %.3f", len(norms), max(norms.values()))
            model.load_state_dict(state_dict, strict=False)
        return model.eval()


class GradientCheckpointingLayer(nn.Module):
    gradient_checkpointing = False

    def __call__(self, *args, **kwargs):
        if self.gradient_checkpointing and self.training:
            return checkpoint(super().__call__, *args, use_reentrant=False, **kwargs)
        return super().__call__(*args, **kwargs)


class _TinyModel(PreTrainedModel):
    def __init__(self, config):
        super().__init__(config)
        self.embed = nn.Embedding(10, config.hidden_size)
        self.act = ACT2FN[config.hidden_act]
        self.post_init()

    def forward(self, input_ids, attention_mask=None):
        self.warn_if_padding_and_no_attention_mask(input_ids, attention_mask)
        hidden = self.act(self.embed(input_ids))
        if attention_mask is not None:
            mask = self.get_extended_attention_mask(attention_mask, input_ids.shape)
            hidden = hidden + mask[:, 0, 0, :, None]
        return hidden


def example():
    model = _TinyModel.from_pretrained(Config())
    return model, (torch.tensor([[1, 2, 0]]), None)
