"""A model-hub text encoder: config flags resolved against call arguments, tuples of hidden states grown
under the flags, the head mask expanded from None, an extended attention mask, past length from an optional
cache, and a dataclass output or a tuple without its None fields."""
from dataclasses import dataclass
from typing import Optional, Tuple

import torch
from torch import nn


@dataclass
class EncoderOutput:
    last_hidden_state: torch.Tensor = None
    hidden_states: Optional[Tuple[torch.Tensor, ...]] = None
    attentions: Optional[Tuple[torch.Tensor, ...]] = None


class Config:
    hidden_size = 8
    num_hidden_layers = 2
    output_attentions = False
    output_hidden_states = True
    use_return_dict = True
    scale_embedding = True
    layer_norm_eps = 1e-5


class Layer(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.q = nn.Linear(config.hidden_size, config.hidden_size)
        self.norm = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)

    def forward(self, hidden_states, attention_mask=None, layer_head_mask=None, output_attentions=False):
        scores = self.q(hidden_states) @ hidden_states.transpose(-1, -2)
        if attention_mask is not None:
            scores = scores + attention_mask
        probs = scores.softmax(-1)
        if layer_head_mask is not None:
            probs = probs * layer_head_mask
        out = self.norm(probs @ hidden_states + hidden_states)
        return (out, probs) if output_attentions else (out,)


class Model(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.embed = nn.Embedding(10, config.hidden_size)
        self.layers = nn.ModuleList([Layer(config) for _ in range(config.num_hidden_layers)])
        self.embed_scale = config.hidden_size ** 0.5 if config.scale_embedding else 1.0

    def get_head_mask(self, head_mask, num_hidden_layers):
        if head_mask is not None:
            head_mask = head_mask.unsqueeze(0).unsqueeze(0).unsqueeze(-1).unsqueeze(-1)
        else:
            head_mask = [None] * num_hidden_layers
        return head_mask

    def get_extended_attention_mask(self, attention_mask, input_shape, dtype):
        if attention_mask.dim() == 3:
            extended = attention_mask[:, None, :, :]
        elif attention_mask.dim() == 2:
            extended = attention_mask[:, None, None, :]
        else:
            raise ValueError(f"Wrong shape for input_ids (shape {input_shape}) or attention_mask")
        extended = extended.to(dtype=dtype)
        return (1.0 - extended) * torch.finfo(dtype).min

    def forward(self, input_ids=None, attention_mask=None, head_mask=None, past_key_values=None,
                output_attentions=None, output_hidden_states=None, return_dict=None):
        output_attentions = output_attentions if output_attentions is not None else self.config.output_attentions
        output_hidden_states = (output_hidden_states if output_hidden_states is not None
                                else self.config.output_hidden_states)
        return_dict = return_dict if return_dict is not None else self.config.use_return_dict
        input_shape = input_ids.size()
        batch_size, seq_length = input_shape
        past_key_values_length = past_key_values[0][0].shape[2] if past_key_values is not None else 0
        if attention_mask is None:
            attention_mask = torch.ones((batch_size, seq_length + past_key_values_length), device=input_ids.device)
        extended_attention_mask = self.get_extended_attention_mask(attention_mask, input_shape, torch.float32)
        head_mask = self.get_head_mask(head_mask, self.config.num_hidden_layers)
        position_ids = torch.arange(past_key_values_length, seq_length + past_key_values_length,
                                    dtype=torch.long, device=input_ids.device).unsqueeze(0)
        hidden_states = self.embed(input_ids) * self.embed_scale + position_ids.unsqueeze(-1)
        all_hidden_states = () if output_hidden_states else None
        all_attentions = () if output_attentions else None
        for i, layer in enumerate(self.layers):
            if output_hidden_states:
                all_hidden_states = all_hidden_states + (hidden_states,)
            layer_outputs = layer(hidden_states, extended_attention_mask[:, 0], head_mask[i], output_attentions)
            hidden_states = layer_outputs[0]
            if output_attentions:
                all_attentions = all_attentions + (layer_outputs[1],)
        if output_hidden_states:
            all_hidden_states = all_hidden_states + (hidden_states,)
        if not return_dict:
            return tuple(v for v in [hidden_states, all_hidden_states, all_attentions] if v is not None)
        return EncoderOutput(last_hidden_state=hidden_states, hidden_states=all_hidden_states,
                             attentions=all_attentions)


def example():
    return Model(Config()), (torch.randint(0, 10, (2, 5)), torch.ones(2, 5))
