"""torch.jit.is_scripting() branches around gradient checkpointing and a scripting-only fast path."""
import torch
from torch import nn
from torch.utils.checkpoint import checkpoint


class Block(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(*[Block() for _ in range(2)])
        self.grad_checkpointing = False
        self.global_pool = "avg"

    def set_grad_checkpointing(self, enable=True):
        self.grad_checkpointing = enable

    def forward_features(self, x):
        if self.grad_checkpointing and not torch.jit.is_scripting():
            x = checkpoint(self.blocks, x, use_reentrant=False)
        else:
            x = self.blocks(x)
        return x

    def forward_head(self, x, pre_logits: bool = False):
        if self.global_pool == "avg":
            x = x.mean(dim=1)
        return x if pre_logits else x * 2

    def forward(self, x):
        if torch.jit.is_scripting():
            print("scripted forward")
        x = self.forward_features(x)
        return self.forward_head(x)


def example():
    net = Net().train()
    net.set_grad_checkpointing()
    return net, (torch.randn(2, 3, 8),)
