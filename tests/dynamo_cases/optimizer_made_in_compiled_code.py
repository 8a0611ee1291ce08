"""An optimizer made inside compiled code, as transductive few-shot classifiers fine-tune their prototypes in `forward`
(easyfsl's TIM and Finetune, held-out group 85): dynamo does not trace `Optimizer.__init__`, which patches the class's
`step` (GB0467 the first time the class is made in the process, GB0008 after). An optimizer made outside and passed
in, or kept on the module, is not flagged."""
import torch
from torch import nn
from torch.optim import AdamW


class PrototypeFinetune(nn.Module):
    def __init__(self):
        super().__init__()
        self.prototypes = nn.Parameter(torch.randn(3, 4))
        self.kept = torch.optim.SGD([self.prototypes], lr=0.1)

    def forward(self, x):
        y = x.sin()
        optimizer = torch.optim.SGD([self.prototypes], lr=0.1)  # expect: CL159
        z = y.cos()
        other = AdamW([self.prototypes], lr=1e-3)  # expect: CL159
        return (z @ self.prototypes.t()).sum(-1) + y.sum(-1)


def example():
    return PrototypeFinetune(), (torch.randn(2, 4),)
