"""Held-out group 29 of the evaluation: graph, point-cloud, equivariant and molecular models written in the style of
torch_geometric without it (adjacency lists and matrices, neighbour lists built from positions with a cutoff, pair
lists and pairwise energies scattered back onto atoms, per-system batch vectors, padding masks over point sets,
frames from a covariance eigendecomposition, Lorentz-equivariant multivectors, graph wavelets from a Laplacian), from
packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout29_targets.py \
        --site benchmarks/eval/.packages-heldout29 --suffix heldout29

L-GATr's Lorentz-equivariant geometric-algebra transformer over particle four-momenta, with spurions and padding
masks, its conditional decoder and its slim variant (lgatr). Vector-neuron transformers over point clouds, with
features, token embeddings, masks and translation equivariance (VN-transformer). The molecule attention transformer
over atoms with adjacency and distance matrices (molecule-attention-transformer). Frame averaging of a point-cloud
network, deterministic and stochastic, with a padding mask (frame-averaging-pytorch). Graph attention networks over an
adjacency list of sets and over a dense adjacency matrix, and its list<->matrix conversion (fast-gat). Neighbour lists
with and without periodic boxes and batches, cached with padding, pairwise energies over them, ZBL repulsion and
DFT-D3 dispersion, Ewald, PME and reaction-field Coulomb, charge equilibration (mlipops, OpenMM's ops for interatomic
potentials). Graph scattering transforms with diffusion and tight-Hann wavelets over a batch of weighted adjacency
matrices (gsxform).
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out: torch_geometric and everything built on it (so3krates-torch, torch-pointcloud, faenet, meshgpt-pytorch,
imgraph, city2graph); packages that need torch_scatter / torch_sparse / torch_cluster or another compiled extension
(ptgnn, torch-points3d, torch-points-kernels, vesin-torch, metatensor); packages with heavy data stacks
(pointtorch: laspy, pyproj, tables; basisconvolution: numba, seaborn, h5py; batch-nl-torch: matscipy); packages other
groups already run (group 27's list, egnn-pytorch, equiformer-pytorch, se3-transformer-pytorch, En-transformer,
point-transformer-pytorch, pointnet, graph-transformer-pytorch, gatv2, pelican-lite, e3tools, torch-nl, torch-pme).
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = (
    "einops==0.8.2",
    "tqdm==4.70.1",
)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# ----------------------------------------------------------------------------------------------------------- lgatr
def _jets(torch, batch=2, particles=5):
    """Random on-shell-ish four-momenta (E, px, py, pz) and a padding mask (the second jet has 3 particles)."""
    momenta = torch.randn(batch, particles, 4)
    momenta[..., 0] = momenta[..., 1:].norm(dim=-1) + 0.5
    mask = torch.ones(batch, particles, dtype=torch.bool)
    mask[1, 3:] = False
    return momenta, mask


def lgatr_jet_tagger_spurions():
    torch = _seed()
    from lgatr import LGATr, embed_vector, extract_scalar, get_spurions

    model = LGATr(num_blocks=1, in_mv_channels=3, out_mv_channels=1, hidden_mv_channels=4, in_s_channels=0,
                  out_s_channels=0, hidden_s_channels=4, attention={"num_heads": 2}, mlp={}).eval()

    def tag(momenta):
        mv = embed_vector(momenta).unsqueeze(-2)
        spurions = get_spurions(beam_spurion="xyplane", add_time_spurion=True)
        spurions = spurions.expand(*mv.shape[:-2], spurions.shape[-2], 16)
        out_mv, _ = model(torch.cat([mv, spurions], dim=-2))
        return extract_scalar(out_mv).mean(dim=(-3, -2, -1))

    momenta, _ = _jets(torch)
    return tag, [(momenta,)]


def lgatr_scalars_padding_mask():
    torch = _seed()
    from lgatr import LGATr, embed_vector

    model = LGATr(num_blocks=2, in_mv_channels=1, out_mv_channels=1, hidden_mv_channels=4, in_s_channels=2,
                  out_s_channels=3, hidden_s_channels=4, attention={"num_heads": 2, "multi_query": True},
                  mlp={"mlp_ratio": 2}, dropout_prob=0.1).train()
    momenta, mask = _jets(torch)
    attn_mask = (mask[:, None, :, None] & mask[:, None, None, :])

    def run(momenta, scalars, attn_mask):
        return model(embed_vector(momenta).unsqueeze(-2), scalars=scalars, attn_mask=attn_mask)

    return run, [(momenta, torch.randn(2, 5, 2), attn_mask)]


def lgatr_conditional_decoder():
    torch = _seed()
    from lgatr import ConditionalLGATr, embed_vector

    model = ConditionalLGATr(num_blocks=1, in_mv_channels=1, mv_channels_cond=1, out_mv_channels=1,
                             hidden_mv_channels=4, in_s_channels=1, s_channels_cond=1, out_s_channels=1,
                             hidden_s_channels=4, attention={"num_heads": 2}, crossattention={"num_heads": 2},
                             mlp={}).eval()
    momenta, _ = _jets(torch)
    condition, _ = _jets(torch, particles=3)

    def decode(momenta, condition):
        return model(embed_vector(momenta).unsqueeze(-2), embed_vector(condition).unsqueeze(-2),
                     scalars=momenta[..., :1], scalars_cond=condition[..., :1])

    return decode, [(momenta, condition)]


def lgatr_slim():
    torch = _seed()
    from lgatr import LGATrSlim

    model = LGATrSlim(in_v_channels=1, out_v_channels=1, hidden_v_channels=4, in_s_channels=1, out_s_channels=1,
                      hidden_s_channels=4, num_blocks=2, num_heads=2).eval()
    momenta, _ = _jets(torch)
    return model, [(momenta.unsqueeze(-2), momenta[..., :1])]


# -------------------------------------------------------------------------------------------------- VN-transformer
def vn_transformer_features_mask():
    torch = _seed()
    from VN_transformer import VNTransformer

    model = VNTransformer(dim=16, depth=1, dim_head=8, heads=2, dim_feat=4, bias_epsilon=1e-6,
                          translation_equivariance=True).eval()
    mask = torch.ones(2, 10, dtype=torch.bool)
    mask[1, 7:] = False
    return model, [(torch.randn(2, 10, 3),)], {"feats": torch.randn(2, 10, 4), "mask": mask}


def vn_transformer_token_features_l2_attention():
    torch = _seed()
    from VN_transformer import VNTransformer

    model = VNTransformer(dim=16, depth=2, dim_head=8, heads=2, num_tokens=6, dim_feat=16, l2_dist_attn=True,
                          translation_invariant=True).train()
    return model, [(torch.randn(2, 8, 3),)], {"feats": torch.randint(0, 6, (2, 8)),
                                               "return_concatted_coors_and_feats": True}


def vn_invariant_pool():
    torch = _seed()
    from VN_transformer import VNInvariant, VNLinear, VNWeightedPool

    lift, invariant = VNLinear(1, 8), VNInvariant(4)
    pool = VNWeightedPool(8, dim_out=4, num_pooled_tokens=2, squeeze_out_pooled_dim=False)

    def classify(points, mask):
        x = lift(points.unsqueeze(-2))
        return invariant(pool(x, mask=mask))

    mask = torch.ones(2, 9, dtype=torch.bool)
    mask[0, 6:] = False
    return classify, [(torch.randn(2, 9, 3), mask)]


# ---------------------------------------------------------------------------------- molecule-attention-transformer
def _molecule(torch, batch=2, atoms=6):
    positions = torch.randn(batch, atoms, 3)
    distances = torch.cdist(positions, positions)
    adjacency = (distances < 1.5).float()
    mask = torch.ones(batch, atoms, dtype=torch.bool)
    mask[1, 4:] = False
    return torch.randn(batch, atoms, 10), mask, adjacency, distances


def mat_exp_kernel():
    torch = _seed()
    from molecule_attention_transformer import MAT

    model = MAT(dim_in=10, model_dim=16, dim_out=1, depth=2, heads=2, dist_kernel_fn="exp").eval()
    atoms, mask, adjacency, distances = _molecule(torch)
    return model, [(atoms,)], {"mask": mask, "adjacency_mat": adjacency, "distance_mat": distances}


def mat_softmax_kernel_no_mask():
    torch = _seed()
    from molecule_attention_transformer import MAT

    model = MAT(dim_in=10, model_dim=16, dim_out=2, depth=1, heads=2, dist_kernel_fn="softmax").train()
    atoms, _, adjacency, distances = _molecule(torch)
    return model, [(atoms,)], {"adjacency_mat": adjacency, "distance_mat": distances}


# --------------------------------------------------------------------------------------------- frame-averaging
class _PointNet:
    """A per-point MLP and a max pool, as a frame-averaged network wraps it (built lazily: torch is imported late)."""

    @staticmethod
    def make(torch, invariant):
        class PointNet(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.mlp = torch.nn.Sequential(torch.nn.Linear(3, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3))

            def forward(self, points, mask=None):
                out = self.mlp(points)
                return out.amax(dim=-2) if invariant else out

        return PointNet()


def frame_average_equivariant_mask():
    torch = _seed()
    from frame_averaging_pytorch import FrameAverage

    model = FrameAverage(_PointNet.make(torch, invariant=False), dim=3).eval()
    mask = torch.ones(2, 12, dtype=torch.bool)
    mask[1, 8:] = False
    return model, [(torch.randn(2, 12, 3),)], {"frame_average_mask": mask}


def frame_average_stochastic_invariant():
    torch = _seed()
    from frame_averaging_pytorch import FrameAverage

    model = FrameAverage(_PointNet.make(torch, invariant=True), dim=3, stochastic=True, invariant_output=True).train()
    return model, [(torch.randn(2, 12, 3),)]


def frame_average_framed_inputs():
    torch = _seed()
    from frame_averaging_pytorch import FrameAverage

    framer = FrameAverage(dim=3)
    net = _PointNet.make(torch, invariant=False)

    def average(points):
        framed, frame_average = framer(points, return_framed_inputs_and_averaging_function=True)
        return frame_average(net(framed))

    return average, [(torch.randn(2, 12, 3),)]


# --------------------------------------------------------------------------------------------------------- fast-gat
def _adjacency(torch, n=6):
    matrix = (torch.rand(n, n) > 0.5) | torch.eye(n, dtype=torch.bool)
    return matrix


def fast_gat_adjacency_list():
    torch = _seed()
    from fast_gat import GraphAttentionNetwork, GraphUtils

    model = GraphAttentionNetwork(depth=2, heads=2, input_dim=4, inner_dim=4).eval()
    edges = GraphUtils.matrix_to_list(_adjacency(torch))
    return model, [(torch.randn(6, 4), edges)]


def fast_gat_dense_adjacency():
    torch = _seed()
    from fast_gat import DenseGraphAttentionNetwork

    model = DenseGraphAttentionNetwork(depth=2, heads=2, input_dim=4, inner_dim=8).eval()
    return model, [(torch.randn(6, 4), _adjacency(torch))]


def fast_gat_graph_utils():
    torch = _seed()
    from fast_gat import GraphUtils

    def round_trip(matrix):
        edges = GraphUtils.matrix_to_list(matrix)
        return GraphUtils.list_to_matrix(matrix.shape[0], edges)

    return round_trip, [(_adjacency(torch),)]


# ---------------------------------------------------------------------------------------------------------- mlipops
def _atoms(torch, n=8, box=3.0):
    positions = torch.rand(n, 3) * box
    return positions, torch.eye(3) * box


def mlipops_neighbor_list_periodic():
    torch = _seed()
    from mlipops import NeighborList

    neighbors = NeighborList(cutoff=1.2)
    positions, box = _atoms(torch)
    return neighbors, [(positions, box)]


def mlipops_neighbor_list_batch():
    torch = _seed()
    from mlipops import NeighborList

    neighbors = NeighborList(cutoff=1.5, include_symmetric=True)
    positions, _ = _atoms(torch)
    return neighbors, [(positions,)], {"batch": torch.tensor([0, 0, 0, 1, 1, 1, 1, 1])}


def mlipops_neighbor_list_padding_cache():
    torch = _seed()
    from mlipops import NeighborList

    neighbors = NeighborList(cutoff=1.2, padding=0.3)
    positions, box = _atoms(torch)
    return neighbors, [(positions, box), (positions + 0.05, box.clone()), (positions + 0.5, box)]


def mlipops_pairwise_coulomb():
    torch = _seed()
    from mlipops import NeighborList, Pairwise

    def coulomb(pairs, r, delta, charges):
        return charges[pairs[:, 0]] * charges[pairs[:, 1]] / r

    neighbors, pairwise = NeighborList(cutoff=1.5), Pairwise(coulomb, cutoff=1.5)
    positions, box = _atoms(torch)

    def energy(positions, charges):
        return pairwise(positions, charges, neighbors(positions, box), box)

    return energy, [(positions, torch.randn(8))]


def mlipops_zbl_dftd3():
    torch = _seed()
    from mlipops import DFTD3, ZBL, NeighborList, get_covalent_radii

    neighbors = NeighborList(cutoff=2.0)
    zbl = ZBL(neighbors, prefactor=138.935, bohr_radius=0.0529177)
    d3 = DFTD3(neighbors, s8=0.7875, a1=0.4289, a2=4.4407, prefactor=138.935, bohr_radius=0.0529177)
    positions, box = _atoms(torch)
    numbers = torch.tensor([1, 6, 8, 1, 7, 6, 1, 1])
    radii = get_covalent_radii(numbers, bohr_radius=0.0529177)

    def energy(positions):
        return zbl(positions, numbers, radii, box_vectors=box) + d3(positions, numbers, radii, box_vectors=box)

    return energy, [(positions,)]


def mlipops_coulomb_ewald():
    torch = _seed()
    from mlipops import CoulombEwald, NeighborList

    ewald = CoulombEwald(NeighborList(cutoff=1.2), None, 2, 2, 2, alpha=2.0, prefactor=138.935, cutoff=1.2)
    positions, box = _atoms(torch)
    return ewald, [(positions, torch.randn(8), box)]


def mlipops_coulomb_pme():
    torch = _seed()
    from mlipops import CoulombPME, NeighborList

    pme = CoulombPME(NeighborList(cutoff=1.2), None, 8, 8, 8, order=4, alpha=2.0, prefactor=138.935, cutoff=1.2)
    positions, box = _atoms(torch)
    return pme, [(positions, torch.randn(8), box)]


def mlipops_coulomb_reaction_field_batch():
    torch = _seed()
    from mlipops import CoulombRF, NeighborList

    rf = CoulombRF(NeighborList(cutoff=1.2), None, prefactor=138.935, cutoff=1.2)
    positions, _ = _atoms(torch)
    return rf, [(positions, torch.randn(8), None)], {"batch": torch.tensor([0, 0, 0, 0, 1, 1, 1, 1])}


def mlipops_charge_equilibration():
    torch = _seed()
    from mlipops import ChargeEquilibration, CoulombNC

    qeq = ChargeEquilibration(CoulombNC(None, prefactor=138.935))
    positions, _ = _atoms(torch, n=6)
    return qeq, [(positions, torch.rand(6) + 1.0, torch.rand(6) + 5.0, torch.rand(6) * 0.1 + 0.05)], {
        "total_charge": 0.0}


# ---------------------------------------------------------------------------------------------------------- gsxform
def _weighted_graphs(torch, batch=2, n=6):
    weights = torch.rand(batch, n, n)
    weights = (weights + weights.transpose(1, 2)) / 2
    return weights * (1 - torch.eye(n))


def gsxform_diffusion_scattering():
    torch = _seed()
    from gsxform import Diffusion

    adjacency = _weighted_graphs(torch)
    model = Diffusion(adjacency, n_scales=3, n_layers=2)
    return model, [(torch.randn(2, 4, 6),)]


def gsxform_tight_hann_scattering():
    torch = _seed()
    from gsxform import TightHann

    adjacency = _weighted_graphs(torch)
    model = TightHann(adjacency, n_scales=3, n_layers=2)
    return model, [(torch.randn(2, 4, 6),)]


PACKAGES: Tuple[Package, ...] = (
    Package("lgatr==2.0.0", "lgatr", {
        "jet_tagger_spurions": lgatr_jet_tagger_spurions,
        "scalars_padding_mask": lgatr_scalars_padding_mask,
        "conditional_decoder": lgatr_conditional_decoder,
        "slim": lgatr_slim},
        roots=("lgatr.interface.vector:embed_vector", "lgatr.interface.scalar:extract_scalar",
               "lgatr.interface.spurions:get_spurions")),
    Package("VN-transformer==0.1.0", "VN_transformer", {
        "features_mask": vn_transformer_features_mask,
        "token_features_l2_attention": vn_transformer_token_features_l2_attention,
        "invariant_pool": vn_invariant_pool}),
    Package("molecule-attention-transformer==0.0.4", "molecule_attention_transformer", {
        "exp_kernel": mat_exp_kernel,
        "softmax_kernel_no_mask": mat_softmax_kernel_no_mask}),
    Package("frame-averaging-pytorch==0.1.2", "frame_averaging_pytorch", {
        "equivariant_mask": frame_average_equivariant_mask,
        "stochastic_invariant": frame_average_stochastic_invariant,
        "framed_inputs": frame_average_framed_inputs}),
    Package("fast-gat==0.2.0", "fast_gat", {
        "adjacency_list": fast_gat_adjacency_list,
        "dense_adjacency": fast_gat_dense_adjacency,
        "graph_utils": fast_gat_graph_utils},
        roots=("fast_gat.graph_util:GraphUtils.matrix_to_list", "fast_gat.graph_util:GraphUtils.list_to_matrix")),
    Package("mlipops==0.6.0", "mlipops", {
        "neighbor_list_periodic": mlipops_neighbor_list_periodic,
        "neighbor_list_batch": mlipops_neighbor_list_batch,
        "neighbor_list_padding_cache": mlipops_neighbor_list_padding_cache,
        "pairwise_coulomb": mlipops_pairwise_coulomb,
        "zbl_dftd3": mlipops_zbl_dftd3,
        "coulomb_ewald": mlipops_coulomb_ewald,
        "coulomb_pme": mlipops_coulomb_pme,
        "coulomb_reaction_field_batch": mlipops_coulomb_reaction_field_batch,
        "charge_equilibration": mlipops_charge_equilibration}),
    Package("gsxform==0.1.0", "gsxform", {
        "diffusion_scattering": gsxform_diffusion_scattering,
        "tight_hann_scattering": gsxform_tight_hann_scattering}),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
