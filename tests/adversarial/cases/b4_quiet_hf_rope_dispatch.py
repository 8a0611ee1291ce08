"""Rope init dispatched by a config dict (`rope_scaling.get("rope_type", ...)`), a dynamic update guarded by
a string membership test that is False, autocast disabled by a device-type ternary: nothing breaks."""
import torch
from torch import nn


def _compute_default_rope_parameters(config, device=None):
    dim = config["head_dim"]
    inv_freq = 1.0 / (config["rope_theta"] ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim))
    return inv_freq, 1.0


def _compute_linear_rope_parameters(config, device=None):
    inv_freq, attention_factor = _compute_default_rope_parameters(config, device)
    return inv_freq / config["rope_scaling"]["factor"], attention_factor


ROPE_INIT_FUNCTIONS = {"default": _compute_default_rope_parameters, "linear": _compute_linear_rope_parameters}


class RotaryEmbedding(nn.Module):
    def __init__(self, config):
        super().__init__()
        if config.get("rope_scaling") is not None:
            self.rope_type = config["rope_scaling"].get("rope_type", config["rope_scaling"].get("type"))
        else:
            self.rope_type = "default"
        self.rope_init_fn = ROPE_INIT_FUNCTIONS[self.rope_type]
        inv_freq, self.attention_scaling = self.rope_init_fn(config)
        self.register_buffer("inv_freq", inv_freq, persistent=False)

    def _dynamic_frequency_update(self, position_ids, device):
        seq_len = torch.max(position_ids) + 1
        if seq_len > 4096:  # known-fp: CL101
            print("growing rope cache")  # known-fp: CL131

    @torch.no_grad()
    def forward(self, x, position_ids):
        if "dynamic" in self.rope_type:
            self._dynamic_frequency_update(position_ids, device=x.device)
        inv_freq_expanded = self.inv_freq[None, :, None].float().expand(position_ids.shape[0], -1, 1)
        position_ids_expanded = position_ids[:, None, :].float()
        device_type = x.device.type if isinstance(x.device.type, str) and x.device.type != "mps" else "cpu"
        with torch.autocast(device_type=device_type, enabled=False):
            freqs = (inv_freq_expanded @ position_ids_expanded).transpose(1, 2)
            emb = torch.cat((freqs, freqs), dim=-1)
            cos, sin = emb.cos() * self.attention_scaling, emb.sin() * self.attention_scaling
        return cos.to(x.dtype), sin.to(x.dtype)


def example():
    config = {"head_dim": 8, "rope_theta": 10000.0, "rope_scaling": {"type": "linear", "factor": 2.0}}
    return RotaryEmbedding(config), (torch.randn(1, 5, 8), torch.arange(5)[None])
