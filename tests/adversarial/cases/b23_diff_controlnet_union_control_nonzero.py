"""A union ControlNet embeds several conditions, each tagged with its control type; the active types arrive as a
one-hot `control_type` vector and the per-condition task embedding is picked by walking its nonzero positions."""
import torch
from torch import nn


class ControlNetUnionStub(nn.Module):
    def __init__(self, num_control_type=4, dim=8):
        super().__init__()
        self.task_embedding = nn.Parameter(torch.randn(num_control_type, dim))
        self.cond_embedding = nn.Conv2d(3, dim, 3, padding=1)

    def forward(self, controlnet_cond, control_type):
        control_type_idx = control_type[0].nonzero()[:, 0]  # expect: CL121
        feats = []
        for cond, control_idx in zip(controlnet_cond, control_type_idx):
            condition = self.cond_embedding(cond)
            feat_seq = torch.mean(condition, dim=(2, 3))
            feats.append(feat_seq + self.task_embedding[control_idx])  # known-miss: CL114
        return torch.stack(feats, dim=1)


def example():
    conds = [torch.randn(1, 3, 4, 4), torch.randn(1, 3, 4, 4)]
    return ControlNetUnionStub(), (conds, torch.tensor([[1, 0, 1, 0]]))
