"""Held-out group 89 of the evaluation: vision models in the style of timm with conditional or unusual computation,
away from groups 76, 81 and 85 (ViTs / ConvNets / MLP-Mixers, dense prediction, efficient backbones, self-supervised
steps, token merging): spiking neural networks (membrane state carried over time steps, surrogate gradients, state
resets between samples), once-for-all elastic supernets (sampled sub-networks with elastic kernel, expand and depth)
and quantization-aware training (fake quantization with learned scales), from packages no rule was tuned on, measured
before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout89_targets.py \
        --site benchmarks/eval/.packages-heldout89 --suffix heldout89 --jobs 1

snnTorch: feed-forward and convolutional SNNs as its tutorials write them (a Python loop over time steps, neurons with
explicit membrane state or `init_hidden=True` inside nn.Sequential, `utils.reset` between batches), Leaky / Synaptic /
Alpha / Lapicque / RLeaky / RSynaptic / SConv2dLSTM / LeakyParallel neurons, rate-coded inputs (`spikegen.rate`) and
its losses (`ce_rate_loss`, `mse_count_loss`, `ce_temporal_loss`) in training steps. SpikingJelly: multi-step LIF /
IF / parametric-LIF networks (`functional.reset_net` after each sample, as its training scripts do), the spiking
ResNet, SEW-ResNet, Spikformer and the spike-driven transformer at CIFAR sizes, its spiking LSTM, and a training step
with a Poisson encoder. OFA: `OFAMobileNetV3`, `OFAProxylessNASNets`, `OFAResNets` forwards with a sampled active
sub-network, and progressive shrinking's step (sample a sub-network, distil from the full one, backward). Brevitas:
quantized conv / linear / activation networks (per-tensor and per-channel weight scales, quant tensors returned
between layers), a quantized LSTM and multi-head attention, and a QAT training step.
Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out (pip download --no-deps, METADATA): sinabs (needs samna, SynSense's hardware runtime, and nirtorch). Four of the
brevitas targets pass a QuantTensor from one quant layer to the next, which crashes dynamo 2.13 itself (an IndexError in
`resolve_data_descriptor` on the NamedTuple's fields): they are reported as targets that did not run. Stand-ins, outside
anything compiled: h5py, torchvision, torchaudio, matplotlib, torch.utils.tensorboard (spikingjelly's model zoo and
monitors import them at module level), PIL, torchvision, gdown (ofa's ImageNet data helpers and model zoo).
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package, stand_in

DEPENDENCIES = ()


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


def _train_step(model, loss_fn, torch, lr=1e-3):
    optimizer = torch.optim.Adam(model.parameters(), lr=lr)

    def step(x, y):
        optimizer.zero_grad()
        loss = loss_fn(model(x), y)
        loss.backward()
        optimizer.step()
        return loss

    return step


# ------------------------------------------------------------------------------------------------------- snntorch
NUM_STEPS = 4


def _snn_mlp(torch, neuron):
    """The tutorials' network: explicit membrane state, a loop over time steps, spikes and membranes recorded."""
    import snntorch as snn
    from torch import nn

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc1 = nn.Linear(20, 16)
            self.lif1 = neuron()
            self.fc2 = nn.Linear(16, 5)
            self.lif2 = snn.Leaky(beta=0.9)

        def forward(self, x):
            mem1 = self.lif1.init_leaky()
            mem2 = self.lif2.init_leaky()
            spk_rec, mem_rec = [], []
            for step in range(x.shape[0]):
                spk1, mem1 = self.lif1(self.fc1(x[step]), mem1)
                spk2, mem2 = self.lif2(self.fc2(spk1), mem2)
                spk_rec.append(spk2)
                mem_rec.append(mem2)
            return torch.stack(spk_rec), torch.stack(mem_rec)

    return Net()


def snn_leaky_mlp():
    torch = _seed()
    import snntorch as snn
    from snntorch import surrogate

    net = _snn_mlp(torch, lambda: snn.Leaky(beta=0.95, spike_grad=surrogate.fast_sigmoid(slope=25)))
    return net.eval(), [(torch.rand(NUM_STEPS, 3, 20),)]


def snn_leaky_learned_train_step():
    """Learned decay and threshold, subtractive reset replaced by zero reset, a rate loss on the output spikes."""
    torch = _seed()
    import snntorch as snn
    import snntorch.functional as SF
    from snntorch import spikegen

    net = _snn_mlp(torch, lambda: snn.Leaky(beta=0.8, learn_beta=True, learn_threshold=True,
                                            reset_mechanism="zero"))
    loss_fn = SF.ce_rate_loss()
    optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)

    def step(data, targets):
        optimizer.zero_grad()
        spikes = spikegen.rate(data, num_steps=NUM_STEPS)
        spk_rec, _ = net(spikes)
        loss = loss_fn(spk_rec, targets)
        loss.backward()
        optimizer.step()
        return loss, SF.accuracy_rate(spk_rec, targets)

    return step, [(torch.rand(3, 20), torch.tensor([0, 2, 4]))]


def snn_sequential_init_hidden():
    """`init_hidden=True` neurons inside nn.Sequential, `utils.reset` before each forward pass (the tutorials')."""
    torch = _seed()
    import snntorch as snn
    from snntorch import surrogate, utils
    from torch import nn

    grad = surrogate.atan()
    net = nn.Sequential(nn.Conv2d(1, 4, 3, padding=1), nn.MaxPool2d(2),
                        snn.Leaky(beta=0.9, spike_grad=grad, init_hidden=True),
                        nn.Conv2d(4, 8, 3, padding=1), nn.MaxPool2d(2),
                        snn.Leaky(beta=0.9, spike_grad=grad, init_hidden=True),
                        nn.Flatten(), nn.Linear(8 * 2 * 2, 5),
                        snn.Leaky(beta=0.9, spike_grad=grad, init_hidden=True, output=True))

    def forward_pass(data):
        spk_rec = []
        utils.reset(net)
        for step in range(data.size(0)):
            spk_out, mem_out = net(data[step])
            spk_rec.append(spk_out)
        return torch.stack(spk_rec)

    return forward_pass, [(torch.rand(NUM_STEPS, 2, 1, 8, 8),)]


def snn_mse_count_train_step():
    torch = _seed()
    import snntorch as snn
    import snntorch.functional as SF
    from snntorch import surrogate, utils
    from torch import nn

    net = nn.Sequential(nn.Linear(20, 16), snn.Leaky(beta=0.9, spike_grad=surrogate.sigmoid(), init_hidden=True),
                        nn.Linear(16, 5), snn.Leaky(beta=0.9, init_hidden=True, output=True))
    loss_fn = SF.mse_count_loss(correct_rate=0.8, incorrect_rate=0.2)
    optimizer = torch.optim.Adam(net.parameters(), lr=2e-3)

    def step(data, targets):
        utils.reset(net)
        spk_rec = []
        for t in range(data.shape[0]):
            spk, _ = net(data[t])
            spk_rec.append(spk)
        spk_rec = torch.stack(spk_rec)
        loss = loss_fn(spk_rec, targets)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        return loss

    return step, [(torch.rand(NUM_STEPS, 3, 20), torch.tensor([1, 0, 3]))]


def snn_synaptic_alpha_lapicque():
    torch = _seed()
    import snntorch as snn
    from torch import nn

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc1, self.fc2, self.fc3 = nn.Linear(10, 12), nn.Linear(12, 12), nn.Linear(12, 4)
            self.syn = snn.Synaptic(alpha=0.9, beta=0.8)
            self.alpha = snn.Alpha(alpha=0.9, beta=0.85)
            self.lap = snn.Lapicque(beta=0.9)

        def forward(self, x):
            syn, mem1 = self.syn.init_synaptic()
            syn_exc, syn_inh, mem2 = self.alpha.init_alpha()
            mem3 = self.lap.init_lapicque()
            out = []
            for step in range(x.shape[0]):
                spk1, syn, mem1 = self.syn(self.fc1(x[step]), syn, mem1)
                spk2, syn_exc, syn_inh, mem2 = self.alpha(self.fc2(spk1), syn_exc, syn_inh, mem2)
                spk3, mem3 = self.lap(self.fc3(spk2), mem3)
                out.append(spk3)
            return torch.stack(out)

    return Net().eval(), [(torch.rand(NUM_STEPS, 2, 10),)]


def snn_recurrent():
    torch = _seed()
    import snntorch as snn
    from torch import nn

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc1 = nn.Linear(10, 12)
            self.rlif = snn.RLeaky(beta=0.9, linear_features=12)
            self.fc2 = nn.Linear(12, 4)
            self.rsyn = snn.RSynaptic(alpha=0.9, beta=0.8, all_to_all=False)

        def forward(self, x):
            spk1, mem1 = self.rlif.init_rleaky()
            spk2, syn2, mem2 = self.rsyn.init_rsynaptic()
            out = []
            for step in range(x.shape[0]):
                spk1, mem1 = self.rlif(self.fc1(x[step]), spk1, mem1)
                spk2, syn2, mem2 = self.rsyn(self.fc2(spk1), spk2, syn2, mem2)
                out.append(mem2)
            return torch.stack(out)

    return Net().eval(), [(torch.rand(NUM_STEPS, 2, 10),)]


def snn_sconv2dlstm():
    torch = _seed()
    import snntorch as snn
    from torch import nn

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.sclstm = snn.SConv2dLSTM(in_channels=1, out_channels=4, kernel_size=3, max_pool=2)
            self.fc = nn.Linear(4 * 4 * 4, 5)
            self.lif = snn.Leaky(beta=0.9)

        def forward(self, x):
            syn, mem = self.sclstm.init_sconv2dlstm()
            mem2 = self.lif.init_leaky()
            out = []
            for step in range(x.shape[0]):
                spk, syn, mem = self.sclstm(x[step], syn, mem)
                spk2, mem2 = self.lif(self.fc(spk.flatten(1)), mem2)
                out.append(spk2)
            return torch.stack(out)

    return Net().eval(), [(torch.rand(NUM_STEPS, 2, 1, 8, 8),)]


def snn_leaky_parallel():
    torch = _seed()
    import snntorch as snn
    from torch import nn

    net = nn.Sequential(snn.LeakyParallel(input_size=10, hidden_size=12), nn.Linear(12, 4))
    return net.eval(), [(torch.rand(NUM_STEPS, 2, 10),)]


def snn_temporal_loss_train_step():
    """First-spike-time coding: the temporal cross-entropy loss over the output spikes."""
    torch = _seed()
    import snntorch as snn
    import snntorch.functional as SF

    net = _snn_mlp(torch, lambda: snn.Leaky(beta=0.9))
    loss_fn = SF.ce_temporal_loss()
    optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)

    def step(data, targets):
        optimizer.zero_grad()
        spk_rec, _ = net(data)
        loss = loss_fn(spk_rec, targets)
        loss.backward()
        optimizer.step()
        return loss

    return step, [(torch.rand(NUM_STEPS, 3, 20) * 2, torch.tensor([0, 1, 2]))]


def snn_quantized_state():
    """Membrane state quantized to a few levels (`state_quant`) and graded spikes, as on low-precision hardware."""
    torch = _seed()
    import snntorch as snn
    from snntorch.functional import quant

    q = quant.state_quant(num_bits=4, uniform=True, threshold=1.0)
    net = _snn_mlp(torch, lambda: snn.Leaky(beta=0.9, state_quant=q, graded_spikes_factor=0.5,
                                            learn_graded_spikes_factor=True))
    return net.eval(), [(torch.rand(NUM_STEPS, 3, 20),)]


def snn_batchnorm_tt_train_step():
    """Batch norm through time (one BatchNorm per step, BNTT) with a firing-rate sparsity penalty."""
    torch = _seed()
    import snntorch as snn
    import snntorch.functional as SF
    from torch import nn

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc1 = nn.Linear(20, 16, bias=False)
            self.bntt = snn.BatchNormTT1d(16, NUM_STEPS)
            self.lif1 = snn.Leaky(beta=0.9)
            self.fc2 = nn.Linear(16, 5)
            self.lif2 = snn.Leaky(beta=0.9)

        def forward(self, x):
            mem1, mem2 = self.lif1.init_leaky(), self.lif2.init_leaky()
            spk_rec = []
            for step in range(x.shape[0]):
                spk1, mem1 = self.lif1(self.bntt[step](self.fc1(x[step])), mem1)
                spk2, mem2 = self.lif2(self.fc2(spk1), mem2)
                spk_rec.append(spk2)
            return torch.stack(spk_rec)

    net = Net().train()
    loss_fn, reg_fn = SF.ce_count_loss(), SF.reg.l1_rate_sparsity(Lambda=1e-4)
    optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)

    def step(data, targets):
        optimizer.zero_grad()
        spk_rec = net(data)
        loss = loss_fn(spk_rec, targets) + reg_fn(spk_rec)
        loss.backward()
        optimizer.step()
        return loss

    return step, [(torch.rand(NUM_STEPS, 3, 20), torch.tensor([0, 2, 4]))]


def snn_latency_mse_temporal():
    """Latency-coded inputs and the temporal MSE loss on first-spike times."""
    torch = _seed()
    import snntorch as snn
    import snntorch.functional as SF
    from snntorch import spikegen

    net = _snn_mlp(torch, lambda: snn.Leaky(beta=0.9))
    loss_fn = SF.mse_temporal_loss(target_is_time=False, on_target=0, off_target=NUM_STEPS)

    def evaluate(data, targets):
        spikes = spikegen.latency(data, num_steps=NUM_STEPS, normalize=True, linear=True)
        spk_rec, _ = net(spikes)
        return loss_fn(spk_rec, targets)

    return evaluate, [(torch.rand(3, 20), torch.tensor([0, 1, 2]))]


# --------------------------------------------------------------------------------------------------- spikingjelly
T = 4


def _sj_stand_ins():
    # the model zoo imports torchvision's weight loader and h5py at module level
    # (and the monitors import torch.utils.tensorboard, which needs tensorboard); no target loads weights or logs
    stand_in("h5py", "torchvision", "torchvision.models", "torchvision.models.utils",
             "torchvision._internally_replaced_utils", "torchaudio", "matplotlib", "matplotlib.pyplot",
             "torch.utils.tensorboard")


def _sj_multistep(torch, net):
    """The training scripts' forward: a [T, N, ...] input, the network in multi-step mode, state reset after."""
    from spikingjelly.activation_based import functional

    functional.set_step_mode(net, "m")

    def forward(x_seq):
        out = net(x_seq).mean(0)
        functional.reset_net(net)
        return out

    return forward


def sj_lif_mlp():
    torch = _seed()
    from spikingjelly.activation_based import layer, neuron, surrogate
    from torch import nn

    net = nn.Sequential(layer.Flatten(), layer.Linear(64, 16),
                        neuron.LIFNode(tau=2.0, surrogate_function=surrogate.ATan(), detach_reset=True),
                        layer.Linear(16, 5), neuron.LIFNode(tau=2.0, surrogate_function=surrogate.Sigmoid()))
    return _sj_multistep(torch, net), [(torch.rand(T, 2, 1, 8, 8),)]


def sj_single_step_if():
    """Single-step mode driven by the user's loop over time, as the tutorials' first examples."""
    torch = _seed()
    from spikingjelly.activation_based import functional, layer, neuron
    from torch import nn

    net = nn.Sequential(layer.Linear(10, 8), neuron.IFNode(v_threshold=1.0, v_reset=0.0),
                        layer.Linear(8, 4), neuron.IFNode(v_reset=None))

    def forward(x_seq):
        out = 0.0
        for t in range(x_seq.shape[0]):
            out = out + net(x_seq[t])
        functional.reset_net(net)
        return out / x_seq.shape[0]

    return forward, [(torch.rand(T, 2, 10),)]


def sj_plif_conv_train_step():
    """Parametric LIF (learned tau) CNN with SeqToANNContainer, Poisson-encoded input, MSE on firing rates."""
    torch = _seed()
    from spikingjelly.activation_based import encoding, functional, layer, neuron, surrogate
    from torch import nn
    import torch.nn.functional as F

    net = nn.Sequential(layer.SeqToANNContainer(nn.Conv2d(1, 4, 3, padding=1, bias=False), nn.BatchNorm2d(4)),
                        neuron.ParametricLIFNode(init_tau=2.0, surrogate_function=surrogate.ATan(),
                                                 detach_reset=True, step_mode="m"),
                        layer.SeqToANNContainer(nn.MaxPool2d(2), nn.Flatten(), nn.Linear(4 * 4 * 4, 5)),
                        neuron.ParametricLIFNode(init_tau=2.0, step_mode="m"))
    encoder = encoding.PoissonEncoder()
    optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)

    def step(img, label):
        optimizer.zero_grad()
        x_seq = torch.stack([encoder(img) for _ in range(T)])
        out_fr = net(x_seq).mean(0)
        loss = F.mse_loss(out_fr, F.one_hot(label, 5).float())
        loss.backward()
        optimizer.step()
        functional.reset_net(net)
        return loss

    return step, [(torch.rand(2, 1, 8, 8), torch.tensor([1, 3]))]


def sj_spiking_resnet():
    torch = _seed()
    _sj_stand_ins()
    from spikingjelly.activation_based import neuron, surrogate
    from spikingjelly.activation_based.model import spiking_resnet

    net = spiking_resnet.spiking_resnet18(spiking_neuron=neuron.IFNode, surrogate_function=surrogate.ATan(),
                                          detach_reset=True, num_classes=5)
    return _sj_multistep(torch, net.eval()), [(torch.rand(2, 1, 3, 32, 32),)]


def sj_sew_resnet():
    torch = _seed()
    _sj_stand_ins()
    from spikingjelly.activation_based import neuron, surrogate
    from spikingjelly.activation_based.model import sew_resnet

    net = sew_resnet.sew_resnet18(cnf="ADD", spiking_neuron=neuron.LIFNode, surrogate_function=surrogate.ATan(),
                                  detach_reset=True, num_classes=5)
    return _sj_multistep(torch, net.eval()), [(torch.rand(2, 1, 3, 32, 32),)]


def sj_spikformer():
    torch = _seed()
    _sj_stand_ins()
    from spikingjelly.activation_based.model import spikformer

    net = spikformer.Spikformer(T=2, in_channels=3, img_size_h=32, img_size_w=32, patch_size=4, num_classes=5,
                                embed_dims=32, num_heads=2, mlp_ratio=2.0, depths=1)
    return net.eval(), [(torch.rand(2, 3, 32, 32),)]


def sj_spike_driven_transformer():
    torch = _seed()
    _sj_stand_ins()
    from spikingjelly.activation_based.model import spike_driven_transformer

    net = spike_driven_transformer.SpikeDrivenTransformer(
        T=2, in_channels=3, num_classes=5, embed_dims=32, num_heads=2, depths=1, mlp_ratio=2.0)
    return net.eval(), [(torch.rand(2, 3, 32, 32),)]


def sj_spiking_lstm():
    torch = _seed()
    from spikingjelly.activation_based import rnn

    net = rnn.SpikingLSTM(input_size=8, hidden_size=12, num_layers=2)
    return net.eval(), [(torch.rand(T, 2, 8),)]


def sj_neuron_variants():
    """The library's other neurons in one multi-step network: KLIF, CUBA-LIF, parametric, gated LIF and PSN."""
    torch = _seed()
    from spikingjelly.activation_based import layer, neuron

    from torch import nn

    net = nn.Sequential(layer.Linear(10, 12), neuron.KLIFNode(step_mode="m"),
                        layer.Linear(12, 12), neuron.CUBALIFNode(),
                        layer.Linear(12, 12), neuron.GatedLIFNode(T=T, inplane=12),
                        layer.Linear(12, 12), neuron.PSN(T=T),
                        layer.Linear(12, 4), neuron.LIFNode(step_mode="m", store_v_seq=True))
    return _sj_multistep(torch, net), [(torch.rand(T, 2, 10),)]


def sj_stateful_layers():
    """Layers with state across steps: a dropout mask fixed over the sequence, a synapse filter, temporal attention,
    threshold-dependent batch norm."""
    torch = _seed()
    from spikingjelly.activation_based import layer, neuron
    from torch import nn

    net = nn.Sequential(layer.Conv2d(2, 4, 3, padding=1), layer.ThresholdDependentBatchNorm2d(
                            num_features=4, alpha=1.0, v_th=1.0),
                        neuron.LIFNode(), layer.TemporalWiseAttention(T=T, reduction=2, dimension=4),
                        layer.Dropout(0.3), layer.Flatten(), layer.Linear(4 * 8 * 8, 5),
                        layer.SynapseFilter(tau=2.0, learnable=True), neuron.IFNode())
    return _sj_multistep(torch, net.train()), [(torch.rand(T, 2, 2, 8, 8),)]


def sj_monitored_forward():
    """Firing rates recorded by an OutputMonitor's hooks during the forward (the tutorials' statistics)."""
    torch = _seed()
    _sj_stand_ins()
    from spikingjelly.activation_based import functional, layer, monitor, neuron
    from torch import nn

    net = nn.Sequential(layer.Linear(10, 8), neuron.LIFNode(), layer.Linear(8, 4), neuron.LIFNode())
    functional.set_step_mode(net, "m")
    spike_monitor = monitor.OutputMonitor(net, neuron.LIFNode, function_on_output=lambda s: s.mean())

    def forward(x_seq):
        out = net(x_seq).mean(0)
        functional.reset_net(net)
        return out

    forward.monitor = spike_monitor  # kept alive
    return forward, [(torch.rand(T, 2, 10),)]


def sj_stdp_step():
    """Unsupervised STDP: a forward in single-step mode then the learner's weight update, per time step."""
    torch = _seed()
    _sj_stand_ins()
    from spikingjelly.activation_based import functional, layer, learning, neuron
    from torch import nn

    net = nn.Sequential(layer.Linear(10, 6, bias=False), neuron.IFNode())
    learner = learning.STDPLearner(step_mode="s", synapse=net[0], sn=net[1], tau_pre=2.0, tau_post=2.0,
                                   f_pre=lambda w: torch.clamp(w, -1.0, 1.0),
                                   f_post=lambda w: torch.clamp(w, -1.0, 1.0))
    optimizer = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.0)

    def step(x_seq):
        optimizer.zero_grad()
        for t in range(x_seq.shape[0]):
            net(x_seq[t])
            learner.step(on_grad=True)
        optimizer.step()
        functional.reset_net(net)
        learner.reset()

    step.learner = learner
    return step, [((torch.rand(T, 2, 10) > 0.5).float(),)]


# ------------------------------------------------------------------------------------------------------------ ofa
def _ofa_stand_ins():
    # ofa.utils imports its ImageNet dataloader helpers (PIL, torchvision) at module level; no target loads images
    stand_in("PIL", "PIL.Image", "torchvision", "torchvision.transforms", "torchvision.transforms.functional",
             "torchvision.datasets", "gdown")


def _ofa_mbv3():
    from ofa.imagenet_classification.elastic_nn.networks import OFAMobileNetV3

    return OFAMobileNetV3(n_classes=5, dropout_rate=0, width_mult=1.0, ks_list=[3, 5, 7],
                          expand_ratio_list=[3, 4, 6], depth_list=[2, 3, 4])


def ofa_mbv3_sampled_subnet():
    torch = _seed()
    _ofa_stand_ins()
    import random

    random.seed(0)
    net = _ofa_mbv3().eval()
    net.sample_active_subnet()
    return net, [(torch.rand(1, 3, 32, 32),)]


def ofa_mbv3_set_active_subnet():
    torch = _seed()
    _ofa_stand_ins()
    net = _ofa_mbv3().eval()
    net.set_active_subnet(ks=5, e=4, d=2)
    return net, [(torch.rand(1, 3, 32, 32),)]


def ofa_proxyless_max_net():
    torch = _seed()
    _ofa_stand_ins()
    from ofa.imagenet_classification.elastic_nn.networks import OFAProxylessNASNets

    net = OFAProxylessNASNets(n_classes=5, dropout_rate=0, ks_list=[3, 5, 7], expand_ratio_list=[3, 6],
                              depth_list=[2, 4]).eval()
    net.set_max_net()
    return net, [(torch.rand(1, 3, 32, 32),)]


def ofa_resnets_subnet():
    torch = _seed()
    _ofa_stand_ins()
    from ofa.imagenet_classification.elastic_nn.networks import OFAResNets

    net = OFAResNets(n_classes=5, dropout_rate=0, depth_list=[0, 1, 2], expand_ratio_list=[0.2, 0.25, 0.35],
                     width_mult_list=[0.65, 0.8, 1.0]).eval()
    net.set_active_subnet(d=1, e=0.25, w=1)
    return net, [(torch.rand(1, 3, 32, 32),)]


def ofa_progressive_shrinking_step():
    """Progressive shrinking's inner step: a sampled sub-network distilled from the teacher's soft labels."""
    torch = _seed()
    _ofa_stand_ins()
    import random

    import torch.nn.functional as F
    from ofa.utils import cross_entropy_loss_with_soft_target

    random.seed(0)
    net = _ofa_mbv3().train()
    net.sample_active_subnet()
    teacher = _ofa_mbv3().eval()
    optimizer = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)

    def step(images, labels):
        with torch.no_grad():
            soft_label = F.softmax(teacher(images).detach(), dim=1)
        net.zero_grad()
        output = net(images)
        loss = cross_entropy_loss_with_soft_target(output, soft_label) + F.cross_entropy(output, labels)
        loss.backward()
        optimizer.step()
        return loss

    return step, [(torch.rand(2, 3, 32, 32), torch.tensor([0, 4]))]


def ofa_static_mobilenet_v3():
    """The deployed sub-network: `get_active_subnet` copies the sampled weights into a static MobileNetV3."""
    torch = _seed()
    _ofa_stand_ins()
    net = _ofa_mbv3()
    net.set_active_subnet(ks=7, e=6, d=3)
    return net.get_active_subnet(preserve_weight=True).eval(), [(torch.rand(1, 3, 32, 32),)]


# ------------------------------------------------------------------------------------------------------- brevitas
def _quant_cnn(return_quant_tensor):
    import brevitas.nn as qnn
    from brevitas.quant import Int8WeightPerTensorFloat
    from torch import nn

    class QuantNet(nn.Module):
        def __init__(self):
            super().__init__()
            self.quant_inp = qnn.QuantIdentity(bit_width=8, return_quant_tensor=return_quant_tensor)
            self.conv1 = qnn.QuantConv2d(3, 8, 3, padding=1, weight_bit_width=4,
                                         return_quant_tensor=return_quant_tensor)
            self.relu1 = qnn.QuantReLU(bit_width=4, return_quant_tensor=return_quant_tensor)
            self.pool = nn.MaxPool2d(2)
            self.conv2 = qnn.QuantConv2d(8, 8, 3, padding=1, weight_quant=Int8WeightPerTensorFloat,
                                         return_quant_tensor=return_quant_tensor)
            self.relu2 = qnn.QuantReLU(bit_width=4, return_quant_tensor=True)
            self.fc = qnn.QuantLinear(8 * 4 * 4, 5, bias=True, weight_bit_width=4)

        def forward(self, x):
            out = self.pool(self.relu1(self.conv1(self.quant_inp(x))))
            out = self.relu2(self.conv2(out))
            return self.fc(out.flatten(1))

    return QuantNet()


def brevitas_quant_cnn():
    torch = _seed()
    return _quant_cnn(return_quant_tensor=False).eval(), [(torch.rand(2, 3, 8, 8),)]


def brevitas_quant_tensor_cnn():
    """Quant tensors passed between layers (scale, zero point and bit width travel with the values)."""
    torch = _seed()
    return _quant_cnn(return_quant_tensor=True).eval(), [(torch.rand(2, 3, 8, 8),)]


def brevitas_qat_train_step():
    torch = _seed()
    import torch.nn.functional as F

    step = _train_step(_quant_cnn(return_quant_tensor=False).train(), F.cross_entropy, torch)
    return step, [(torch.rand(2, 3, 8, 8), torch.tensor([0, 3]))]


def brevitas_per_channel_mlp():
    torch = _seed()
    import brevitas.nn as qnn
    from brevitas.quant import Int8ActPerTensorFloat, Int8WeightPerChannelFloat, Uint8ActPerTensorFloat
    from torch import nn

    net = nn.Sequential(qnn.QuantIdentity(act_quant=Int8ActPerTensorFloat, return_quant_tensor=True),
                        qnn.QuantLinear(12, 16, bias=True, weight_quant=Int8WeightPerChannelFloat),
                        qnn.QuantReLU(act_quant=Uint8ActPerTensorFloat),
                        qnn.QuantHardTanh(max_val=1.0, min_val=-1.0, bit_width=4),
                        qnn.QuantLinear(16, 4, bias=False, weight_bit_width=2))
    return net.eval(), [(torch.rand(3, 12),)]


def brevitas_quant_lstm():
    torch = _seed()
    import brevitas.nn as qnn

    net = qnn.QuantLSTM(input_size=8, hidden_size=12, num_layers=1, batch_first=True)
    return net.eval(), [(torch.rand(2, 5, 8),)]


def brevitas_quant_mha():
    torch = _seed()
    import brevitas.nn as qnn

    net = qnn.QuantMultiheadAttention(embed_dim=16, num_heads=2, batch_first=True)
    x = torch.rand(2, 5, 16)
    return net.eval(), [(x, x, x)]


def brevitas_quant_eltwise_residual():
    """A residual block whose skip and main paths are requantized before the add (QuantEltwiseAdd)."""
    torch = _seed()
    import brevitas.nn as qnn
    from torch import nn

    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.inp = qnn.QuantIdentity(return_quant_tensor=True)
            self.conv = qnn.QuantConv2d(4, 4, 3, padding=1, weight_bit_width=4, return_quant_tensor=True)
            self.bn = nn.BatchNorm2d(4)
            self.act = qnn.QuantReLU(return_quant_tensor=True)
            self.add = qnn.QuantEltwiseAdd(return_quant_tensor=True)
            self.avg = qnn.TruncAvgPool2d(kernel_size=2, return_quant_tensor=False)

        def forward(self, x):
            x = self.inp(x)
            y = self.act(self.bn(self.conv(x)))
            return self.avg(self.add(x, y))

    return Block().eval(), [(torch.rand(2, 4, 8, 8),)]


PACKAGES: Tuple[Package, ...] = (
    Package("snntorch==1.0.0", "snntorch", {
        "leaky_mlp": snn_leaky_mlp,
        "leaky_learned_train_step": snn_leaky_learned_train_step,
        "sequential_init_hidden": snn_sequential_init_hidden,
        "mse_count_train_step": snn_mse_count_train_step,
        "synaptic_alpha_lapicque": snn_synaptic_alpha_lapicque,
        "recurrent": snn_recurrent,
        "sconv2dlstm": snn_sconv2dlstm,
        "leaky_parallel": snn_leaky_parallel,
        "temporal_loss_train_step": snn_temporal_loss_train_step,
        "quantized_state": snn_quantized_state,
        "batchnorm_tt_train_step": snn_batchnorm_tt_train_step,
        "latency_mse_temporal": snn_latency_mse_temporal},
        roots=("snntorch.spikegen:rate", "snntorch.spikegen:latency", "snntorch.utils:reset",
               "snntorch.functional.loss:*.__call__", "snntorch.functional.reg:*.__call__",
               "snntorch.functional.acc:accuracy_rate")),
    Package("spikingjelly==2.0.0", "spikingjelly", {
        "lif_mlp": sj_lif_mlp,
        "single_step_if": sj_single_step_if,
        "plif_conv_train_step": sj_plif_conv_train_step,
        "spiking_resnet": sj_spiking_resnet,
        "sew_resnet": sj_sew_resnet,
        "spikformer": sj_spikformer,
        "spike_driven_transformer": sj_spike_driven_transformer,
        "spiking_lstm": sj_spiking_lstm,
        "neuron_variants": sj_neuron_variants,
        "stateful_layers": sj_stateful_layers,
        "monitored_forward": sj_monitored_forward,
        "stdp_step": sj_stdp_step},
        roots=("spikingjelly.activation_based.functional.*:reset_net",
               "spikingjelly.activation_based.functional.*:set_step_mode",
               "spikingjelly.activation_based.learning.plasticity:STDPLearner.step",
               "spikingjelly.activation_based.learning.plasticity:STDPLearner.reset"),
        dependencies=("loguru==0.7.3",)),
    Package("ofa==0.1.0.post202307202001", "ofa", {
        "mbv3_sampled_subnet": ofa_mbv3_sampled_subnet,
        "mbv3_set_active_subnet": ofa_mbv3_set_active_subnet,
        "proxyless_max_net": ofa_proxyless_max_net,
        "resnets_subnet": ofa_resnets_subnet,
        "progressive_shrinking_step": ofa_progressive_shrinking_step,
        "static_mobilenet_v3": ofa_static_mobilenet_v3},
        roots=("ofa.utils.pytorch_utils:cross_entropy_loss_with_soft_target",)),
    Package("brevitas==0.13.4", "brevitas", {
        "quant_cnn": brevitas_quant_cnn,
        "quant_tensor_cnn": brevitas_quant_tensor_cnn,
        "qat_train_step": brevitas_qat_train_step,
        "per_channel_mlp": brevitas_per_channel_mlp,
        "quant_lstm": brevitas_quant_lstm,
        "quant_mha": brevitas_quant_mha,
        "quant_eltwise_residual": brevitas_quant_eltwise_residual},
        dependencies=("dependencies==2.0.1", "unfoldNd==0.2.3")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
