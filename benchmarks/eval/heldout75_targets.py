"""Held-out group 75 of the evaluation: diffusion models written in the style of diffusers without it (a UNet with a
sinusoidal timestep embedding and linear attention with cached rotary tables, noise schedules registered as buffers
and read per timestep with `gather` or a tensor index, DDPM training losses, ancestral sampling loops and
interpolation, score-based SDEs with predictor-corrector and S4 samplers over graphs, a categorical DDIM sampler
used as a gradient estimator), from packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout75_targets.py \
        --site benchmarks/eval/.packages-heldout75 --suffix heldout75 --jobs 1

DDPM for protein distance maps (ddpm-proteins): the Unet (timestep embedding, ResNet blocks with hybrid
convolutions, linear attention with axial rotary embeddings cached on the module) forward, GaussianDiffusion's
training loss (its `forward`: random timesteps, `q_sample`, L1 / L2 loss) unconditioned and conditioned on an MSA
tensor, in training steps, and its `sample` (ancestral `p_sample_loop`) and `interpolate` as users call them.
Score-based graph diffusion (ccsd, GDSS-style): ScoreNetworkX / ScoreNetworkA (GCN and graph multi-head attention)
forwards, the SDE training loss `get_sde_loss_fn` with VP and VE SDEs in a training step, the predictor-corrector
sampler `get_pc_sampler` (Euler / reverse-diffusion predictor, Langevin / no corrector) and the S4 solver, on
graphs and on combinatorial complexes (a rank-2 incidence tensor with its own SDE and score networks, ScoreNetworkA_CC
and ScoreNetworkF; added after the first blind run left the CC branches untraced).
Tabular DDPM oversampling (keshik): the Diffusion training loss (timestep table indexed by a tensor of timesteps)
with its convolutional epsilon predictor in a training step, and its `sample` loop. Categorical reparameterisation
through denoising diffusion (redge): the `redge`, `redge_cov`, `reindge`, straight-through and Gumbel-softmax samplers
inside a training step (sample, loss, backward), as its README runs them. Same shape as targets.py (PACKAGES,
DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache. Importing this module does not import
torch.

Left out (checked with `pip download --no-deps` and the wheel's METADATA or imports): torchdiff, iddm,
diffusion-model-framework, video-diffusion-pytorch, classifier-free-guidance-pytorch (and so make-a-video-pytorch),
diffusionlm, smartdiffusion, angular-deviation-diffuser, dynamic-cfg (transformers); consistency, rectified-flow,
campd, cloud-diffusion, diffusiongym, diffused (diffusers); dit-ml, stdiff-sc (timm); dalle2-pytorch (open-clip,
which needs timm); jjuke-diffusion (ships a copy of diffusers 0.8's models); squidiff, improved-diffusion-for-smlm
(their diffusion code is OpenAI's guided / improved diffusion, group 31's guided-diffusion-sdk); hdit (its sampler
is k-diffusion's, group 12); grad-tts (a compiled wheel); cvdm, climemu (TensorFlow / JAX); dnadiffusion (pins torch
2.0); skrample, sbgm, diffusionlab, aggressor (Python >= 3.12); easy-unet (no timestep input); ddpm (no
distribution); the earlier groups' diffusion packages.
"""

from __future__ import annotations

import functools
import sys

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = ()


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


class _Inert:
    """What a stand-in module's attribute must be when the package touches it at import: rdkit's `Chem` /
    `RDLogger` (ccsd: `RDLogger.DisableLog`, bond type tables), sidechainnet's `ProteinVocabulary()`
    (ddpm-proteins); no target uses them."""

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _Inert()

    def __call__(self, *args, **kwargs):
        return None

    def __hash__(self):
        return id(self)


# -------------------------------------------------------------------------------------------------- ddpm-proteins
def _ddpm_proteins():
    """The Trainer's image I/O, the plotting helpers and the amino-acid vocabulary (made at import) are imported at
    module level; no target runs them."""
    targets.stand_in("torchvision", "PIL", "seaborn", "matplotlib", "matplotlib.pyplot", "sidechainnet",
                     "sidechainnet.utils", "sidechainnet.utils.sequence")
    sequence = sys.modules["sidechainnet.utils.sequence"]
    if not hasattr(sequence, "__file__"):  # the stand-in, not a real sidechainnet
        sequence.ProteinVocabulary = _Inert


def _protein_unet(torch, condition_dim=0, hybrid=False):
    from ddpm_proteins import Unet

    return Unet(dim=16, dim_mults=(1, 2), channels=1, condition_dim=condition_dim, hybrid_dim_conv=hybrid)


def _protein_diffusion(torch, condition_dim=0, loss_type="l1", timesteps=8):
    from ddpm_proteins import GaussianDiffusion

    unet = _protein_unet(torch, condition_dim=condition_dim, hybrid=condition_dim > 0)
    return GaussianDiffusion(unet, image_size=16, timesteps=timesteps, loss_type=loss_type)


def ddpm_proteins_unet():
    torch = _seed()
    _ddpm_proteins()
    model = _protein_unet(torch, hybrid=True).eval()
    return model, [(torch.randn(2, 1, 16, 16), torch.randint(0, 100, (2,)))]


def ddpm_proteins_train_step():
    torch = _seed()
    _ddpm_proteins()
    diffusion = _protein_diffusion(torch).train()

    def step(distances):
        loss = diffusion(distances)
        loss.backward()
        return loss

    return step, [(torch.rand(2, 1, 16, 16),)]


def ddpm_proteins_conditioned_train_step():
    torch = _seed()
    _ddpm_proteins()
    diffusion = _protein_diffusion(torch, condition_dim=2, loss_type="l2").train()

    def step(distances, msa):
        loss = diffusion(distances, condition_tensor=msa)
        loss.backward()
        return loss

    return step, [(torch.rand(2, 1, 16, 16), torch.randn(2, 2, 16, 16))]


def ddpm_proteins_sample():
    torch = _seed()
    _ddpm_proteins()
    diffusion = _protein_diffusion(torch, timesteps=4).eval()
    return diffusion.sample, [()], {"batch_size": 2}


def ddpm_proteins_interpolate():
    torch = _seed()
    _ddpm_proteins()
    diffusion = _protein_diffusion(torch, timesteps=4).eval()
    return diffusion.interpolate, [(torch.rand(2, 1, 16, 16), torch.rand(2, 1, 16, 16))], {"t": 3}


# ----------------------------------------------------------------------------------------------------------- ccsd
def _ccsd():
    targets.stand_in("rdkit", "rdkit.Chem", "toponetx", "toponetx.classes", "toponetx.classes.combinatorial_complex",
                     "wandb", "moses", "moses.metrics", "moses.metrics.metrics", "pyemd", "hypernetx", "plotly",
                     "matplotlib", "matplotlib.pyplot", "imageio", "kaleido", "pandas")
    rdkit = sys.modules["rdkit"]
    if not hasattr(rdkit, "__file__"):  # the stand-in, not a real rdkit
        rdkit.Chem = _Inert()
        rdkit.RDLogger = _Inert()


def _graphs(torch, batch=3, nodes=6, features=4):
    """A batch of symmetric 0/1 adjacency matrices with padded (flag 0) nodes and one-hot node features, as ccsd's
    loaders make them."""
    adj = (torch.rand(batch, nodes, nodes) > 0.5).float().triu(1)
    adj = adj + adj.transpose(-1, -2)
    adj[:, -1, :] = 0.0  # the last node of every graph is padding
    adj[:, :, -1] = 0.0
    adj[:, 0, 1] = adj[:, 1, 0] = 1.0
    flags = torch.abs(adj).sum(-1).gt(1e-5).float()
    x = torch.nn.functional.one_hot(torch.randint(0, features, (batch, nodes)), features).float()
    return x * flags[:, :, None], adj, flags


def _score_models(torch, conv="GCN"):
    from ccsd.src.models.ScoreNetwork_A import ScoreNetworkA
    from ccsd.src.models.ScoreNetwork_X import ScoreNetworkX, ScoreNetworkX_GMH

    if conv == "GCN":
        model_x = ScoreNetworkX(max_feat_num=4, depth=2, nhid=8)
    else:
        model_x = ScoreNetworkX_GMH(max_feat_num=4, depth=2, nhid=8, num_linears=2, c_init=2, c_hid=4, c_final=2,
                                    adim=8, num_heads=2, conv=conv)
    model_adj = ScoreNetworkA(max_feat_num=4, max_node_num=6, nhid=8, num_layers=2, num_linears=2, c_init=2,
                              c_hid=4, c_final=2, adim=8, num_heads=2, conv=conv)
    return model_x, model_adj


def ccsd_score_networks():
    torch = _seed()
    _ccsd()
    model_x, model_adj = _score_models(torch)
    x, adj, flags = _graphs(torch)
    return model_adj.eval(), [(x, adj, flags)]


def ccsd_score_x_gmh():
    torch = _seed()
    _ccsd()
    model_x, _ = _score_models(torch, conv="MLP")
    x, adj, flags = _graphs(torch)
    return model_x.eval(), [(x, adj, flags)]


def _sde_train_step(torch, sde_x, sde_adj, conv="GCN", **options):
    from ccsd.src.losses import get_sde_loss_fn

    model_x, model_adj = _score_models(torch, conv=conv)
    loss_fn = get_sde_loss_fn(sde_x, sde_adj, train=True, continuous=True, **options)

    def step(x, adj):
        loss_x, loss_adj = loss_fn(model_x.train(), model_adj.train(), x, adj)
        (loss_x + loss_adj).backward()
        return loss_x, loss_adj

    x, adj, _ = _graphs(torch)
    return step, [(x, adj)]


def ccsd_vp_train_step():
    torch = _seed()
    _ccsd()
    from ccsd.src.sde import VESDE, VPSDE

    return _sde_train_step(torch, VPSDE(0.1, 1.0, 50), VESDE(0.2, 1.0, 50))


def ccsd_subvp_weighted_train_step():
    torch = _seed()
    _ccsd()
    from ccsd.src.sde import VPSDE, subVPSDE

    return _sde_train_step(torch, subVPSDE(0.1, 1.0, 50), VPSDE(0.1, 1.0, 50), conv="MLP", reduce_mean=True,
                           likelihood_weighting=True)


def _sampler(torch, make, predictor, corrector, steps=3):
    from ccsd.src.sde import VESDE, VPSDE

    model_x, model_adj = _score_models(torch)
    sampler = make(VPSDE(0.1, 1.0, steps), VESDE(0.2, 1.0, steps), (3, 6, 4), (3, 6, 6), predictor=predictor,
                   corrector=corrector, snr=0.2, scale_eps=0.9, n_steps=1, continuous=True, device="cpu")
    _, _, flags = _graphs(torch)
    return sampler, [(model_x, model_adj, flags)]


def ccsd_pc_sampler_euler_langevin():
    torch = _seed()
    _ccsd()
    from ccsd.src.solver import get_pc_sampler

    return _sampler(torch, get_pc_sampler, "Euler", "Langevin")


def ccsd_pc_sampler_reverse():
    torch = _seed()
    _ccsd()
    from ccsd.src.solver import get_pc_sampler

    return _sampler(torch, get_pc_sampler, "Reverse", "None")


def ccsd_s4_solver():
    torch = _seed()
    _ccsd()
    from ccsd.src.solver import S4_solver

    return _sampler(torch, S4_solver, "None", "None")


def _complexes(torch, nodes=6, d_min=3, d_max=3):
    """Combinatorial complexes: the graphs with a 0/1 rank-2 incidence tensor (node pairs x 3-node cells), masked
    by the node flags as ccsd's loaders mask it, and the three score networks of its CC model."""
    from ccsd.src.models.ScoreNetwork_A_CC import ScoreNetworkA_CC
    from ccsd.src.models.ScoreNetwork_F import ScoreNetworkF
    from ccsd.src.models.ScoreNetwork_X import ScoreNetworkX
    from ccsd.src.utils.cc_utils import default_mask, get_rank2_dim, mask_rank2

    default_mask.cache_clear()  # ScoreNetworkF unsqueezes the cached mask in place: a third model made would fail
    x, adj, flags = _graphs(torch, nodes=nodes)
    rows, cols = get_rank2_dim(nodes, d_min, d_max)
    rank2 = mask_rank2((torch.rand(x.shape[0], rows, cols) > 0.7).float(), nodes, d_min, d_max, flags)
    model_x = ScoreNetworkX(max_feat_num=4, depth=2, nhid=8, is_cc=True)
    model_adj = ScoreNetworkA_CC(max_feat_num=4, max_node_num=nodes, d_min=d_min, d_max=d_max, nhid=8, nhid_h=8,
                                 num_layers=2, num_layers_h=2, num_linears=2, num_linears_h=2, c_init=2, c_hid=4,
                                 c_hid_h=4, c_final=2, c_final_h=2, adim=8, adim_h=8, num_heads=2, num_heads_h=2)
    model_rank2 = ScoreNetworkF(num_layers_mlp=2, num_layers=2, num_linears=2, nhid=8, c_hid=4, c_final=2, cnum=2,
                                max_node_num=nodes, d_min=d_min, d_max=d_max)
    return (x, adj, rank2, flags), (model_x, model_adj, model_rank2), (rows, cols)


def ccsd_cc_rank2_network():
    torch = _seed()
    _ccsd()
    inputs, (_, _, model_rank2), _ = _complexes(torch)
    return model_rank2.eval(), [inputs]


def ccsd_cc_adjacency_network():
    torch = _seed()
    _ccsd()
    inputs, (_, model_adj, _), _ = _complexes(torch)
    return model_adj.eval(), [inputs]


def ccsd_cc_train_step():
    torch = _seed()
    _ccsd()
    from ccsd.src.losses import get_sde_loss_fn_cc
    from ccsd.src.sde import VESDE, VPSDE

    (x, adj, rank2, _), models, _ = _complexes(torch)
    loss_fn = get_sde_loss_fn_cc(VPSDE(0.1, 1.0, 50), VESDE(0.2, 1.0, 50), VPSDE(0.1, 1.0, 50), 3, 3)

    def step(x, adj, rank2):
        losses = loss_fn(*(model.train() for model in models), x, adj, rank2)
        sum(losses).backward()
        return losses

    return step, [(x, adj, rank2)]


def _cc_sampler(torch, make, predictor, corrector, steps=3):
    from ccsd.src.sde import VESDE, VPSDE

    (_, _, _, flags), models, (rows, cols) = _complexes(torch)
    sampler = make(VPSDE(0.1, 1.0, steps), VESDE(0.2, 1.0, steps), (3, 6, 4), (3, 6, 6), predictor=predictor,
                   corrector=corrector, snr=0.2, scale_eps=0.9, n_steps=1, continuous=True, device="cpu", is_cc=True,
                   sde_rank2=VPSDE(0.1, 1.0, steps), shape_rank2=(3, rows, cols), d_min=3, d_max=3)
    return sampler, [(*models, flags)]


def ccsd_cc_pc_sampler():
    torch = _seed()
    _ccsd()
    from ccsd.src.solver import get_pc_sampler

    return _cc_sampler(torch, get_pc_sampler, "Reverse", "Langevin")


def ccsd_cc_s4_solver():
    torch = _seed()
    _ccsd()
    from ccsd.src.solver import S4_solver

    return _cc_sampler(torch, S4_solver, "None", "None")


# --------------------------------------------------------------------------------------------------------- keshik
def _keshik(torch, n_T=8):
    from keshik.DDPM_model import Auxiliary, Diffusion

    return Diffusion(Epsilon_Predictor=Auxiliary(1), betas=(1e-4, 0.02), n_T=n_T)


def keshik_train_step():
    torch = _seed()
    ddpm = _keshik(torch).train()

    def step(rows):
        loss = ddpm(rows)
        loss.backward()
        return loss

    return step, [(torch.rand(2, 1, 4, 6),)]


def keshik_sample():
    torch = _seed()
    ddpm = _keshik(torch, n_T=4).eval()
    return ddpm.sample, [(2, (1, 4, 6), "cpu")]


# ---------------------------------------------------------------------------------------------------------- redge
def _redge_step(torch, sampler, **options):
    """A categorical latent sampled with a gradient estimator, a loss on the sample, backward to the logits."""
    target = torch.randn(4, 5)

    def step(logits):
        sample = sampler(logits, **options)
        loss = ((sample - target.softmax(-1)) ** 2).sum()
        loss.backward()
        return loss

    return step, [(torch.randn(4, 5, requires_grad=True),)]


def redge_ddim_step():
    torch = _seed()
    from redge import redge

    return _redge_step(torch, redge, n_steps=4, t_1=0.5)


def redge_cov_step():
    torch = _seed()
    from redge import redge_cov

    return _redge_step(torch, redge_cov, n_steps=4, t_1=0.5)


def redge_reindge_step():
    torch = _seed()
    from redge import SAMPLERS

    return _redge_step(torch, SAMPLERS["reindge"], n_steps=4, t_1=0.5)


def redge_straight_through_and_gumbel():
    torch = _seed()
    from redge import gumbel_softmax, straight_through

    def step(logits):
        soft = gumbel_softmax(logits, tau=0.5, hard=False)
        hard = straight_through(logits)
        loss = (soft * hard).sum()
        loss.backward()
        return loss

    return step, [(torch.randn(4, 5, requires_grad=True),)]


PACKAGES = (
    Package("ddpm-proteins==0.0.11", "ddpm_proteins", {
        "unet": ddpm_proteins_unet,
        "train_step": ddpm_proteins_train_step,
        "conditioned_train_step": ddpm_proteins_conditioned_train_step,
        "sample": ddpm_proteins_sample,
        "interpolate": ddpm_proteins_interpolate},
        roots=("ddpm_proteins.ddpm_proteins:GaussianDiffusion.sample",
               "ddpm_proteins.ddpm_proteins:GaussianDiffusion.interpolate"),
        dependencies=("einops==0.8.2", "tqdm==4.70.1")),
    Package("ccsd==0.3.3", "ccsd", {
        "score_networks": ccsd_score_networks,
        "score_x_gmh": ccsd_score_x_gmh,
        "vp_train_step": ccsd_vp_train_step,
        "subvp_weighted_train_step": ccsd_subvp_weighted_train_step,
        "pc_sampler_euler_langevin": ccsd_pc_sampler_euler_langevin,
        "pc_sampler_reverse": ccsd_pc_sampler_reverse,
        "s4_solver": ccsd_s4_solver,
        "cc_rank2_network": ccsd_cc_rank2_network,
        "cc_adjacency_network": ccsd_cc_adjacency_network,
        "cc_train_step": ccsd_cc_train_step,
        "cc_pc_sampler": ccsd_cc_pc_sampler,
        "cc_s4_solver": ccsd_cc_s4_solver},
        roots=("ccsd.src.losses:get_sde_loss_fn*", "ccsd.src.solver:get_pc_sampler*", "ccsd.src.solver:S4_solver*"),
        dependencies=("easydict==1.13", "tqdm==4.70.1", "dill==0.4.1", "joblib==1.6.0", "scikit-learn==1.9.1",
                      "threadpoolctl==3.8.0", "narwhals==2.29.0")),
    Package("keshik==0.0.5", "keshik", {
        "train_step": keshik_train_step,
        "sample": keshik_sample},
        roots=("keshik.DDPM_model:Diffusion.sample",),
        dependencies=("tqdm==4.70.1",)),
    Package("redge==0.1.0", "redge", {
        "ddim_step": redge_ddim_step,
        "cov_step": redge_cov_step,
        "reindge_step": redge_reindge_step,
        "straight_through_and_gumbel": redge_straight_through_and_gumbel},
        roots=("redge.*:*",),
        dependencies=("reinmax==0.1.0",)),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
