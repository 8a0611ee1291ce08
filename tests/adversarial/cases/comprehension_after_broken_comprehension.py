"""A mixture-of-experts layer that gathers its experts' reliability scores (cluster-moe's router update): the first
comprehension over the clusters calls a method that breaks (`.item()`), so it breaks again on its own line and dynamo
gives up on the method from there (GB0092). The method runs eagerly; each later comprehension over the clusters whose
own code names torch or `self` is compiled as a frame of its own and cannot step the ModuleList's iterator (GB4347).
One that names neither (attribute reads, `len`, a function imported from torch) is not compiled at all: dynamo skips
a frame with no torch module, tensor or module in it. After an ordinary break the method resumes in a compiled frame,
where the same comprehension traces."""
import torch
from torch import nn, stack


class Expert(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)
        self.register_buffer("reliability", torch.tensor(1.0))

    def score(self):
        return self.reliability.item()  # expect: CL111


class Cluster(nn.Module):
    def __init__(self):
        super().__init__()
        self.experts = nn.ModuleList([Expert(), Expert()])
        self.register_buffer("reliability", torch.tensor(1.0))

    def score(self):
        return self.reliability.item()  # expect: CL111


class ClusterLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.clusters = nn.ModuleList([Cluster(), Cluster()])
        self.register_buffer("cluster_scores", torch.ones(2))
        self.register_buffer("expert_scores", torch.ones(2, 2))
        self.decay = 0.9

    def update_scores(self):
        per_cluster = torch.tensor([cluster.score() for cluster in self.clusters])  # expect: CL165
        per_expert = torch.stack([torch.tensor([e.score() for e in c.experts]) for c in self.clusters])  # expect: CL165
        decays = [self.decay * len(c.experts) for c in self.clusters]  # expect: CL165
        sizes = [len(c.experts) for c in self.clusters]
        buffers = stack([c.reliability for c in self.clusters])
        self.cluster_scores = self.decay * self.cluster_scores + (1 - self.decay) * per_cluster
        self.expert_scores = self.decay * self.expert_scores + (1 - self.decay) * per_expert
        return sum(decays) + sum(sizes) + buffers.sum()

    def resumed(self, x):
        scale = x.abs().max().item()  # expect: CL111
        weights = torch.stack([torch.sigmoid(c.reliability) * scale for c in self.clusters])
        return x * weights.sum()

    def forward(self, x):
        total = self.update_scores()
        return self.resumed(x) + total


def example():
    return ClusterLayer(), (torch.randn(2, 4),)
