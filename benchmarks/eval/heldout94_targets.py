"""Held-out group 94 of the evaluation: graph learning in the style of torch_geometric without it, in corners no
group covered (77: message passing and pooling, 82: point clouds and molecular GNNs, 86: knowledge-graph embeddings,
90: hypergraphs, contrastive and spectral GNNs): neural combinatorial optimisation (attention models, POMO, pointer
networks and MatNet decoding tours autoregressively over masked TensorDict environments; a LinSAT constraint layer
projecting scores onto linear constraints by Sinkhorn-style iterations) and molecule generation with junction trees
(the JT-VAE's tree and graph encoders and its tree decoder), from packages no rule was tuned on, measured before any
rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout94_targets.py \
        --site benchmarks/eval/.packages-heldout94 --suffix heldout94 --jobs 1

Neural combinatorial optimisation (rl4co): the attention model's policy decoding TSP tours greedily and CVRP routes by
sampling, a REINFORCE step on CVRP (the policy in its train phase, the package's `REINFORCE.calculate_loss` with an
exponential baseline, Adam), POMO's multi-start greedy decoding with its best-of-starts selection, the pointer
network's LSTM policy on TSP, MatNet's policy on an asymmetric TSP cost matrix, the attention model's encoder alone.
LinSAT (linsatnet): `linsat_layer` over permutation constraints (the grouped dense kernel), over packing and covering
constraints (the ungrouped v1 kernel), over sparse constraint matrices, with constraints initialised once by
`init_constraints`, and a training step of a scorer whose output it projects. Junction trees (jtnnencoder): the
pretrained JT-VAE's `encode_latent_mean` over SMILES (what its `JTNNEmbed.get_features` calls), its molecular graph
encoder (MPN) over `mol2graph` tensors, its tree encoder over junction trees, its tree decoder's teacher-forced
losses and its greedy tree decoding from a latent vector.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = ()


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# --------------------------------------------------------------------------------------------------------- rl4co
N_LOC, BATCH = 10, 4


def _rl4co():
    """rl4co imports lightning, hydra and its envs' renderers at module level: matplotlib (rendering only) and the
    dataset downloader are stand-ins; lightning is imported first (it asks for matplotlib's spec)."""
    import lightning  # noqa: F401

    targets.stand_in("robust_downloader", "matplotlib", "matplotlib.pyplot", "matplotlib.colors", "matplotlib.cm",
                     "matplotlib.patches", "matplotlib.collections", "matplotlib.markers", "matplotlib.lines")
    return _seed()


def _env(name, **generator_params):
    from rl4co import envs

    env = getattr(envs, name)(generator_params=dict(num_loc=N_LOC, **generator_params))
    return env, env.reset(batch_size=[BATCH])


def _am_policy(env_name, **kwargs):
    from rl4co.models import AttentionModelPolicy

    return AttentionModelPolicy(env_name=env_name, embed_dim=64, num_heads=8, num_encoder_layers=2, **kwargs)


def am_tsp_greedy():
    _rl4co()
    env, td = _env("TSPEnv")
    policy = _am_policy(env.name).eval()
    return functools.partial(policy, env=env, phase="test", decode_type="greedy"), [(td,)]


def am_cvrp_sampling():
    _rl4co()
    env, td = _env("CVRPEnv")
    policy = _am_policy(env.name).eval()
    return functools.partial(policy, env=env, phase="val", decode_type="sampling", return_entropy=True), [(td,)]


def am_cvrp_reinforce_step():
    """The body of REINFORCE's training step: the policy's train phase, the package's loss, Adam."""
    torch = _rl4co()
    from rl4co.models import AttentionModel

    env, td = _env("CVRPEnv")
    model = AttentionModel(env, policy=_am_policy(env.name), baseline="exponential")
    model.policy.train()
    optim = torch.optim.Adam(model.policy.parameters(), lr=1e-4)

    def step(td):
        out = model.policy(td.clone(), env, phase="train")
        out = model.calculate_loss(td, td, out)
        optim.zero_grad()
        out["loss"].backward()
        optim.step()
        return out["loss"], out["reward"].mean()

    return step, [(td,)]


def pomo_tsp_multistart():
    """POMO's evaluation: every start node decoded greedily, the best tour per instance kept."""
    _rl4co()
    from rl4co.models import POMO

    env, td = _env("TSPEnv")
    model = POMO(env, policy=_am_policy(env.name, normalization="instance"))
    policy = model.policy.eval()
    return functools.partial(policy, env=env, phase="test", decode_type="multistart_greedy", num_starts=N_LOC,
                             select_best=True), [(td,)]


def ptrnet_tsp():
    _rl4co()
    from rl4co.models import PointerNetworkPolicy

    env, td = _env("TSPEnv")
    policy = PointerNetworkPolicy(env.name, embed_dim=32, hidden_dim=32).eval()
    return functools.partial(policy, env=env, phase="test", decode_type="greedy"), [(td,)]


def matnet_atsp():
    _rl4co()
    from rl4co.models import MatNetPolicy

    env, td = _env("ATSPEnv")
    policy = MatNetPolicy(env_name=env.name, embed_dim=64, num_heads=8, num_encoder_layers=2).eval()
    return functools.partial(policy, env=env, phase="test", decode_type="greedy"), [(td,)]


def am_encoder():
    _rl4co()
    env, td = _env("CVRPEnv")
    return _am_policy(env.name).encoder.eval(), [(td,)]


# ----------------------------------------------------------------------------------------------------- linsatnet
N_ITEMS = 5


def _permutation_constraints(torch):
    """Row and column sums of a flattened N x N assignment equal to one."""
    E = torch.zeros(2 * N_ITEMS, N_ITEMS * N_ITEMS)
    for i in range(N_ITEMS):
        E[i, i * N_ITEMS:(i + 1) * N_ITEMS] = 1
        E[N_ITEMS + i, i::N_ITEMS] = 1
    return E, torch.ones(2 * N_ITEMS)


def linsat_permutation():
    torch = _seed()
    from LinSATNet import linsat_layer

    E, f = _permutation_constraints(torch)
    w = torch.rand(3, N_ITEMS * N_ITEMS)
    return functools.partial(linsat_layer, E=E, f=f, tau=0.1, max_iter=20), [(w,)]


def linsat_packing_covering_v1():
    """Packing (A x <= b) and covering (C x >= d) constraints together, the ungrouped v1 kernel."""
    torch = _seed()
    from LinSATNet import linsat_layer

    A = torch.tensor([[1.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 1.0]])
    b = torch.tensor([1.0, 1.5])
    C = torch.tensor([[1.0, 0.0, 1.0, 0.0]])
    d = torch.tensor([0.5])
    x = torch.rand(2, 4)
    return (functools.partial(linsat_layer, A=A, b=b, C=C, d=d, tau=0.1, max_iter=10, mode="v1", grouped=False),
            [(x,)])


def linsat_sparse():
    torch = _seed()
    from LinSATNet import linsat_layer

    E, f = _permutation_constraints(torch)
    return (functools.partial(linsat_layer, E=E.to_sparse(), f=f, tau=0.1, max_iter=20, no_warning=True),
            [(torch.rand(2, N_ITEMS * N_ITEMS),)])


def linsat_preinitialised():
    """Constraints initialised once (`init_constraints`) and reused by every call, as the README advises."""
    torch = _seed()
    from LinSATNet import init_constraints, linsat_layer

    E, f = _permutation_constraints(torch)
    constr_dict = init_constraints(N_ITEMS * N_ITEMS, E=E, f=f)
    return (functools.partial(linsat_layer, constr_dict=constr_dict, tau=0.1, max_iter=20),
            [(torch.rand(3, N_ITEMS * N_ITEMS),)])


def linsat_assignment_step():
    """A scorer trained through the layer: pairwise scores projected onto permutations, a matching loss."""
    torch = _seed()
    from LinSATNet import linsat_layer

    E, f = _permutation_constraints(torch)
    scorer = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, N_ITEMS * N_ITEMS))
    optim = torch.optim.SGD(scorer.parameters(), lr=0.1)

    def step(features, target):
        optim.zero_grad()
        x = linsat_layer(scorer(features), E=E, f=f, tau=0.1, max_iter=10, no_warning=True)
        loss = torch.nn.functional.binary_cross_entropy(x.clamp(0, 1), target)
        loss.backward()
        optim.step()
        return loss

    target = torch.eye(N_ITEMS).flatten().expand(4, -1).contiguous()
    return step, [(torch.rand(4, 8), target)]


# --------------------------------------------------------------------------------------------------- jtnnencoder
SMILES = ["CCO", "c1ccccc1O", "CC(=O)Nc1ccc(O)cc1"]


def _jtnn():
    """The package's pretrained JT-VAE, as `JTNNEmbed` builds it."""
    torch = _seed()
    from jtnnencoder.jtnnencoder import JTNNEmbed

    return torch, JTNNEmbed(SMILES, batch_size=len(SMILES)).model.eval()


def _trees(vocab):
    from jtnnencoder.jtnn.jtnn_vae import set_batch_nodeID
    from jtnnencoder.jtnn.mol_tree import MolTree

    trees = [MolTree(s) for s in SMILES]
    for tree in trees:
        tree.recover()
        tree.assemble()
    set_batch_nodeID(trees, vocab)
    return trees


def jtnn_encode_latent_mean():
    torch, model = _jtnn()
    return model.encode_latent_mean, [(SMILES,)]


def jtnn_mpn():
    torch, model = _jtnn()
    from jtnnencoder.jtnn.mpn import mol2graph

    return model.mpn, [(mol2graph(SMILES),)]


def jtnn_tree_encoder():
    torch, model = _jtnn()
    trees = _trees(model.vocab)
    return model.jtnn, [([tree.nodes[0] for tree in trees],)]


PACKAGES: Tuple[Package, ...] = (
    Package("rl4co==0.7.0", "rl4co", {
        "am_tsp_greedy": am_tsp_greedy,
        "am_cvrp_sampling": am_cvrp_sampling,
        "am_cvrp_reinforce_step": am_cvrp_reinforce_step,
        "pomo_tsp_multistart": pomo_tsp_multistart,
        "ptrnet_tsp": ptrnet_tsp,
        "matnet_atsp": matnet_atsp,
        "am_encoder": am_encoder},
        roots=("rl4co.models.rl.reinforce.reinforce:REINFORCE.calculate_loss",),
        dependencies=("tensordict==0.15.3", "torchrl==0.14.1", "cloudpickle==3.1.3", "orjson==3.13.0",
                      "pyvers==0.2.3", "einops==0.8.2", "lightning==2.6.1", "lightning-utilities==0.15.3",
                      "torchmetrics==1.9.0", "fsspec==2026.9.0", "tqdm==4.70.1", "hydra-core==1.3.8",
                      "omegaconf==2.3.0", "antlr4-python3-runtime==4.9.3")),
    Package("LinSATNet==0.1.3", "LinSATNet", {
        "permutation": linsat_permutation,
        "packing_covering_v1": linsat_packing_covering_v1,
        "sparse": linsat_sparse,
        "preinitialised": linsat_preinitialised,
        "assignment_step": linsat_assignment_step},
        roots=("LinSATNet.linsat:linsat_layer",)),
    Package("jtnnencoder==0.1", "jtnnencoder", {
        "encode_latent_mean": jtnn_encode_latent_mean,
        "mpn": jtnn_mpn,
        "tree_encoder": jtnn_tree_encoder},
        roots=("jtnnencoder.jtnn.jtnn_vae:JTNNVAE.encode_latent_mean",),
        dependencies=("rdkit==2026.9.1", "pillow==13.0.0")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
