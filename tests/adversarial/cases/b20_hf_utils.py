"""A text library's utils file for batch 20: the config, a padding-side helper that returns a 0-d boolean tensor
(the callers test it), and a loss mapping keyed by the model's loss type whose masked-LM loss returns early when
every label is ignored. The other b20 text cases import it; its example runs every helper once."""
import torch
import torch.nn.functional as F
from torch import nn


class Config:
    hidden_size = 8
    vocab_size = 16
    pad_token_id = 0
    decoder_start_token_id = 1
    eos_token_id = 2
    loss_type = "ForMaskedLM"


def is_left_padded(attention_mask):
    return (attention_mask[:, 0] == 0).any()


def causal_lm_loss(logits, labels, ignore_index=-100):
    logits = logits[:, :-1].reshape(-1, logits.shape[-1])
    return F.cross_entropy(logits.float(), labels[:, 1:].reshape(-1), ignore_index=ignore_index)


def masked_lm_loss(logits, labels, ignore_index=-100):
    if (labels == ignore_index).all():  # expect: CL101
        return logits.sum() * 0.0
    return F.cross_entropy(logits.reshape(-1, logits.shape[-1]).float(), labels.reshape(-1), ignore_index=ignore_index)


LOSS_MAPPING = {"ForCausalLM": causal_lm_loss, "ForMaskedLM": masked_lm_loss}


class _UtilsDemo(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.config = config

    def forward(self, logits, labels, attention_mask):
        loss = LOSS_MAPPING[self.config.loss_type](logits, labels)
        return loss + is_left_padded(attention_mask).float()


def example():
    return _UtilsDemo(), (torch.randn(2, 3, 16), torch.tensor([[1, -100, 3], [4, 5, -100]]),
                          torch.tensor([[0, 1, 1], [1, 1, 1]]))
