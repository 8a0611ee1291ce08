"""A variational graph auto-encoder stores `__mu__` and `__logstd__` on itself in `encode` (trailing
underscores: no name mangling) and `kl_loss` reads them back with a clamp; the loss is returned from forward
(compiles)."""
import torch
from torch import nn

MAX_LOGSTD = 10


class VGAE(nn.Module):
    def __init__(self, dim=3, out=2):
        super().__init__()
        self.lin_mu = nn.Linear(dim, out)
        self.lin_logstd = nn.Linear(dim, out)

    def reparametrize(self, mu, logstd):
        if self.training:
            return mu + torch.randn_like(logstd) * torch.exp(logstd)
        return mu

    def encode(self, x, edge_index):
        row, col = edge_index
        h = x + torch.zeros_like(x).index_add_(0, col, x[row])
        self.__mu__, self.__logstd__ = self.lin_mu(h), self.lin_logstd(h)
        self.__logstd__ = self.__logstd__.clamp(max=MAX_LOGSTD)
        return self.reparametrize(self.__mu__, self.__logstd__)

    def kl_loss(self, mu=None, logstd=None):
        mu = self.__mu__ if mu is None else mu
        logstd = self.__logstd__ if logstd is None else logstd.clamp(max=MAX_LOGSTD)
        return -0.5 * torch.mean(torch.sum(1 + 2 * logstd - mu**2 - logstd.exp() ** 2, dim=1))

    def forward(self, x, edge_index):
        z = self.encode(x, edge_index)
        adj = torch.sigmoid(z @ z.t())
        return adj, self.kl_loss()


def example():
    return VGAE().train(), (torch.randn(4, 3), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]))
