"""Masked-diffusion corruption with a reproducible key (slm388-torchdiff's `mask_batch_for_block`): one
torch.Generator per device, kept in a module-level dict and reseeded on every call. Building it is an opaque object
(GB0363); the Generator read back from the cache breaks again at `manual_seed` (GB7650) and at every op given it
(GB0055). A module-level dict of Python numbers read the same way compiles."""
import torch
from torch import nn

_GENERATORS: dict = {}
_RATES = {"low": 0.25, "high": 0.75}


def corrupt(key: int, ids: torch.Tensor, mask_id: int, gen=None) -> torch.Tensor:
    if gen is None:
        dev = ids.device
        if dev not in _GENERATORS:
            _GENERATORS[dev] = torch.Generator(device=dev)  # expect: CL134
        gen = _GENERATORS[dev]
    gen.manual_seed(key)  # expect: CL134
    probs = torch.rand(ids.shape, generator=gen, device=ids.device)  # expect: CL134
    return torch.where(probs < 0.5, mask_id, ids)


def corrupt_at_rate(ids: torch.Tensor, mask_id: int, level: str) -> torch.Tensor:
    rate = _RATES[level]
    probs = torch.rand(ids.shape, device=ids.device)
    return torch.where(probs < rate, mask_id, ids)


class Corrupter(nn.Module):
    def forward(self, ids):
        return corrupt(3, ids, 0) + corrupt_at_rate(ids, 0, "low")


def example():
    return Corrupter(), (torch.randint(1, 9, (2, 6)),)
