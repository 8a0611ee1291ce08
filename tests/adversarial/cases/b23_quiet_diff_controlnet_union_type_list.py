"""The union ControlNet given its control types as the pipeline passes them, a Python list of indices: the loop
zips conditions with ints and indexes the task embedding with each."""
import torch
from torch import nn


class ControlNetUnionStub(nn.Module):
    def __init__(self, num_control_type=4, dim=8):
        super().__init__()
        self.task_embedding = nn.Parameter(torch.randn(num_control_type, dim))
        self.cond_embedding = nn.Conv2d(3, dim, 3, padding=1)

    def forward(self, controlnet_cond, control_type_idx):
        control_type = torch.zeros(self.task_embedding.shape[0]).scatter_(0, torch.tensor(control_type_idx), 1.0)
        feats = []
        for cond, control_idx in zip(controlnet_cond, control_type_idx):
            condition = self.cond_embedding(cond)
            feat_seq = torch.mean(condition, dim=(2, 3))
            feats.append(feat_seq + self.task_embedding[control_idx])
        return torch.stack(feats, dim=1) * control_type.sum()


def example():
    conds = [torch.randn(1, 3, 4, 4), torch.randn(1, 3, 4, 4)]
    return ControlNetUnionStub(), (conds, [0, 2])
