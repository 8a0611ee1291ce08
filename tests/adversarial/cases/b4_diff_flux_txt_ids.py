"""A Flux-style transformer forward: guidance embedding behind a config flag, timesteps scaled by 1000, and a
deprecation path for 3-d `txt_ids` that logs a warning (taken here: a break) before slicing."""
import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


class Config:
    guidance_embeds = True


class Transformer(nn.Module):
    def __init__(self):
        super().__init__()
        self.config = Config()
        self.proj = nn.Linear(4, 4)
        self.gradient_checkpointing = False

    def forward(self, hidden_states, timestep, txt_ids, img_ids, guidance=None, joint_attention_kwargs=None):
        if joint_attention_kwargs is not None and joint_attention_kwargs.get("scale", None) is not None:
            logger.warning("Passing `scale` via `joint_attention_kwargs` is ineffective.")  # known-fp: CL131
        timestep = timestep.to(hidden_states.dtype) * 1000
        if guidance is not None:
            guidance = guidance.to(hidden_states.dtype) * 1000
        if txt_ids.ndim == 3:
            logger.warning(  # expect: CL131
                "Passing `txt_ids` 3d torch.Tensor is deprecated. Please remove the batch dimension.")
            txt_ids = txt_ids[0]
        if img_ids.ndim == 3:
            logger.warning("Passing `img_ids` 3d torch.Tensor is deprecated.")  # known-fp: CL131
            img_ids = img_ids[0]
        ids = torch.cat((txt_ids, img_ids), dim=0)
        if torch.is_grad_enabled() and self.gradient_checkpointing:
            hidden_states = torch.utils.checkpoint.checkpoint(self.proj, hidden_states, use_reentrant=False)
        else:
            hidden_states = self.proj(hidden_states)
        temb = timestep[:, None, None] if guidance is None else (timestep + guidance)[:, None, None]
        return hidden_states + temb, ids


def example():
    return Transformer(), (torch.randn(1, 3, 4), torch.tensor([0.5]), torch.zeros(1, 2, 3), torch.zeros(3, 3))
