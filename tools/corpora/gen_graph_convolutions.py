"""Write models/graph_convolutions/*.py (torch_geometric models on synthetic graphs).

Run from the repository root: /work/venv/bin/python tools/corpora/gen_graph_convolutions.py
The generated scripts are committed; re-run this only to add or change entries.
"""

from pathlib import Path

OUT = Path(__file__).resolve().parents[2] / "models" / "graph_convolutions"
RTD = "https://pytorch-geometric.readthedocs.io/en/latest/generated/torch_geometric.nn."
GRAPH = """num_nodes, num_edges = 2708, 10556  # the size of the Cora citation graph
x = torch.randn(num_nodes, in_channels)
edge_index = torch.randint(num_nodes, (2, num_edges))"""
CORA = (
    "on a synthetic Cora-sized graph (2708 nodes, 10556 random directed edges, in_channels\nrandom features per node)"
)


def write(name, about, source, params, imports, body, call="model(x, edge_index)", graph=GRAPH, ci=False, extra_doc=""):
    groups = "ci,daily" if ci else "daily"
    plist = ", ".join(f'"{p}"' for p in params)
    unpack = ", ".join(params) if len(params) > 1 else f"({params[0]},)"
    hidden = "hidden_channels = 64\n" if "hidden_channels" in body + graph else ""
    body = body.strip("\n")
    if body.startswith("class"):
        body = "\n\n" + body
    elif body:
        body = "\n" + body
    body = body + "\n\n" if body else "\n"
    doc = about.strip() + ("\n" + extra_doc.strip() if extra_doc else "") + f"\nSource: {source}"
    text = f'''# labels: name::{name} author::pyg task::graph_learning test_group::{groups}
"""
{doc}
"""
from benchit.parser import parse
import torch
{imports.strip()}

torch.manual_seed(0)
{unpack} = parse([{plist}])
{hidden}{body}{graph.strip()}

with torch.no_grad():
    {call}
'''
    (OUT / f"{name}.py").write_text(text)


P3 = ["in_channels", "out_channels", "num_layers"]

write(
    "gcn",
    f"Graph Convolutional Network (Kipf and Welling, https://arxiv.org/abs/1609.02907):\ntorch_geometric.nn.models.GCN with num_layers GCNConv layers and random weights,\n{CORA}.",
    RTD + "models.GCN.html",
    P3,
    "from torch_geometric.nn.models import GCN",
    "model = GCN(in_channels, hidden_channels, num_layers, out_channels).eval()",
    ci=True,
)
write(
    "gat",
    f"Graph Attention Network (Velickovic et al., https://arxiv.org/abs/1710.10903):\ntorch_geometric.nn.models.GAT (GATConv, 8 attention heads) with random weights,\n{CORA}.",
    RTD + "models.GAT.html",
    P3,
    "from torch_geometric.nn.models import GAT",
    "model = GAT(in_channels, hidden_channels, num_layers, out_channels, heads=8).eval()",
    ci=True,
)
write(
    "gatv2",
    f"GATv2 (Brody et al., How Attentive are Graph Attention Networks?, https://arxiv.org/abs/2105.14491):\ntorch_geometric.nn.models.GAT(v2=True) (GATv2Conv, 8 heads) with random weights,\n{CORA}.",
    RTD + "models.GAT.html",
    P3,
    "from torch_geometric.nn.models import GAT",
    "model = GAT(in_channels, hidden_channels, num_layers, out_channels, v2=True, heads=8).eval()",
)
write(
    "graphsage",
    f"GraphSAGE (Hamilton et al., https://arxiv.org/abs/1706.02216):\ntorch_geometric.nn.models.GraphSAGE (SAGEConv, mean aggregation) with random weights,\n{CORA}.",
    RTD + "models.GraphSAGE.html",
    P3,
    "from torch_geometric.nn.models import GraphSAGE",
    "model = GraphSAGE(in_channels, hidden_channels, num_layers, out_channels).eval()",
    ci=True,
)
write(
    "gin",
    f"Graph Isomorphism Network (Xu et al., https://arxiv.org/abs/1810.00826):\ntorch_geometric.nn.models.GIN (GINConv with 2-layer MLPs) with random weights,\n{CORA}.",
    RTD + "models.GIN.html",
    P3,
    "from torch_geometric.nn.models import GIN",
    "model = GIN(in_channels, hidden_channels, num_layers, out_channels).eval()",
)
write(
    "pna",
    f"Principal Neighbourhood Aggregation (Corso et al., https://arxiv.org/abs/2004.05718):\ntorch_geometric.nn.models.PNA (mean/min/max/std aggregators, degree scalers) with random weights,\n{CORA}.\nThe degree histogram PNA needs is computed from the synthetic graph.",
    RTD + "models.PNA.html",
    P3,
    "from torch_geometric.nn.models import PNA\nfrom torch_geometric.utils import degree",
    "",
    call="model(x, edge_index)",
    graph=GRAPH
    + """

deg = torch.bincount(degree(edge_index[1], num_nodes, dtype=torch.long))  # in-degree histogram
model = PNA(
    in_channels,
    hidden_channels,
    num_layers,
    out_channels,
    aggregators=["mean", "min", "max", "std"],
    scalers=["identity", "amplification", "attenuation"],
    deg=deg,
).eval()""",
)
write(
    "edgecnn",
    f"EdgeCNN / DGCNN (Wang et al., Dynamic Graph CNN, https://arxiv.org/abs/1801.07829):\ntorch_geometric.nn.models.EdgeCNN (EdgeConv layers on a fixed graph) with random weights,\n{CORA}.\nThe dynamic variant (DynamicEdgeConv) rebuilds a k-NN graph with torch_cluster, which is not\ninstalled, so this uses EdgeConv on the given edges.",
    RTD + "models.EdgeCNN.html",
    P3,
    "from torch_geometric.nn.models import EdgeCNN",
    "model = EdgeCNN(in_channels, hidden_channels, num_layers, out_channels).eval()",
)

STACK = '''

class {cls}(torch.nn.Module):
    """{doc}"""

    def __init__(self, in_channels, hidden_channels, out_channels, num_layers{extra_args}):
        super().__init__()
        sizes = [in_channels] + [hidden_channels] * (num_layers - 1) + [out_channels]
        self.convs = torch.nn.ModuleList(
            {conv_expr} for c_in, c_out in zip(sizes[:-1], sizes[1:])
        )

    def forward(self, x, edge_index):
        for conv in self.convs[:-1]:
            x = torch.relu(conv(x, edge_index))
        return self.convs[-1](x, edge_index)


model = {cls}(in_channels, hidden_channels, out_channels, num_layers{extra_call}).eval()'''


def stack(
    name, about, source, conv, conv_expr, cls, doc, params=P3, extra_args="", extra_call="", ci=False, extra_doc=""
):
    write(
        name,
        about,
        source,
        params,
        f"from torch_geometric.nn import {conv}",
        STACK.format(cls=cls, doc=doc, conv_expr=conv_expr, extra_args=extra_args, extra_call=extra_call),
        ci=ci,
        extra_doc=extra_doc,
    )


stack(
    "chebnet",
    f"ChebNet (Defferrard et al., Spectral CNNs with Fast Localized Filters, https://arxiv.org/abs/1606.09375):\nnum_layers ChebConv layers with Chebyshev polynomials of order k and random weights,\n{CORA}.",
    RTD + "conv.ChebConv.html",
    "ChebConv",
    "ChebConv(c_in, c_out, K=k)",
    "ChebNet",
    "A stack of ChebConv layers with ReLU in between.",
    params=P3 + ["k"],
    extra_args=", k",
    extra_call=", k",
)
stack(
    "tagcn",
    f"Topology Adaptive GCN (Du et al., https://arxiv.org/abs/1710.10370):\nnum_layers TAGConv layers (k hops each) with random weights,\n{CORA}.",
    RTD + "conv.TAGConv.html",
    "TAGConv",
    "TAGConv(c_in, c_out, K=k)",
    "TAGCN",
    "A stack of TAGConv layers with ReLU in between.",
    params=P3 + ["k"],
    extra_args=", k",
    extra_call=", k",
)
stack(
    "graphconv",
    f"Weisfeiler-Leman GNN (Morris et al., https://arxiv.org/abs/1810.02244):\nnum_layers GraphConv layers with random weights,\n{CORA}.",
    RTD + "conv.GraphConv.html",
    "GraphConv",
    "GraphConv(c_in, c_out)",
    "GraphConvNet",
    "A stack of GraphConv layers with ReLU in between.",
)
stack(
    "resgatedgcn",
    f"Residual Gated Graph ConvNet (Bresson and Laurent, https://arxiv.org/abs/1711.07553):\nnum_layers ResGatedGraphConv layers with random weights,\n{CORA}.",
    RTD + "conv.ResGatedGraphConv.html",
    "ResGatedGraphConv",
    "ResGatedGraphConv(c_in, c_out)",
    "ResGatedGCN",
    "A stack of ResGatedGraphConv layers with ReLU in between.",
)
stack(
    "film",
    f"GNN-FiLM (Brockschmidt, https://arxiv.org/abs/1906.12192):\nnum_layers FiLMConv layers (feature-wise linear modulation) with random weights,\n{CORA}.",
    RTD + "conv.FiLMConv.html",
    "FiLMConv",
    "FiLMConv(c_in, c_out)",
    "FiLMNet",
    "A stack of FiLMConv layers with ReLU in between.",
)
stack(
    "transformerconv",
    f"Graph Transformer / UniMP (Shi et al., https://arxiv.org/abs/2009.03509):\nnum_layers TransformerConv layers (4 heads, averaged) with random weights,\n{CORA}.",
    RTD + "conv.TransformerConv.html",
    "TransformerConv",
    "TransformerConv(c_in, c_out, heads=4, concat=False)",
    "GraphTransformer",
    "A stack of TransformerConv layers with ReLU in between.",
)
stack(
    "supergat",
    f"SuperGAT (Kim and Oh, How to Find Your Friendly Neighborhood, https://arxiv.org/abs/2204.04879):\nnum_layers SuperGATConv layers (MX attention, 4 heads, averaged) with random weights,\n{CORA}.",
    RTD + "conv.SuperGATConv.html",
    "SuperGATConv",
    "SuperGATConv(c_in, c_out, heads=4, concat=False)",
    "SuperGAT",
    "A stack of SuperGATConv layers with ReLU in between.",
)
stack(
    "clustergcn",
    f"Cluster-GCN layers (Chiang et al., https://arxiv.org/abs/1905.07953):\nnum_layers ClusterGCNConv layers with random weights, run full-batch\n{CORA}.",
    RTD + "conv.ClusterGCNConv.html",
    "ClusterGCNConv",
    "ClusterGCNConv(c_in, c_out)",
    "ClusterGCN",
    "A stack of ClusterGCNConv layers with ReLU in between.",
)
stack(
    "leconv",
    f"Local Extremum GNN layers from ASAP (Ranjan et al., https://arxiv.org/abs/1911.07979):\nnum_layers LEConv layers with random weights,\n{CORA}.",
    RTD + "conv.LEConv.html",
    "LEConv",
    "LEConv(c_in, c_out)",
    "LENet",
    "A stack of LEConv layers with ReLU in between.",
)
stack(
    "feast",
    f"FeaStNet (Verma et al., https://arxiv.org/abs/1706.05206):\nnum_layers FeaStConv layers (4 heads) with random weights,\n{CORA}.",
    RTD + "conv.FeaStConv.html",
    "FeaStConv",
    "FeaStConv(c_in, c_out, heads=4)",
    "FeaStNet",
    "A stack of FeaStConv layers with ReLU in between.",
)
write(
    "mixhop",
    f"MixHop (Abu-El-Haija et al., https://arxiv.org/abs/1905.00067):\nnum_layers MixHopConv layers (adjacency powers 0, 1, 2, concatenated) and a linear classifier,\nrandom weights, {CORA}.",
    RTD + "conv.MixHopConv.html",
    P3,
    "from torch_geometric.nn import MixHopConv",
    '''

class MixHop(torch.nn.Module):
    """MixHopConv layers (each outputs 3 x hidden features) and a linear classifier."""

    def __init__(self, in_channels, hidden_channels, out_channels, num_layers):
        super().__init__()
        sizes = [in_channels] + [3 * hidden_channels] * (num_layers - 1)
        self.convs = torch.nn.ModuleList(MixHopConv(c_in, hidden_channels) for c_in in sizes)
        self.classifier = torch.nn.Linear(3 * hidden_channels, out_channels)

    def forward(self, x, edge_index):
        for conv in self.convs:
            x = torch.relu(conv(x, edge_index))
        return self.classifier(x)


model = MixHop(in_channels, hidden_channels, out_channels, num_layers).eval()''',
)

write(
    "sgc",
    f"Simplifying Graph Convolutional Networks (Wu et al., https://arxiv.org/abs/1902.07153):\nSGConv (k propagation steps then one linear layer) with random weights,\n{CORA}.",
    RTD + "conv.SGConv.html",
    ["in_channels", "out_channels", "k"],
    "from torch_geometric.nn import SGConv",
    "model = SGConv(in_channels, out_channels, K=k).eval()",
    ci=True,
)
write(
    "ssgc",
    f"Simple Spectral Graph Convolution (Zhu and Koniusz, https://openreview.net/forum?id=CYO5T-YjWZV):\nSSGConv (k propagation steps mixed with the input by alpha) with random weights,\n{CORA}.",
    RTD + "conv.SSGConv.html",
    ["in_channels", "out_channels", "k", "alpha"],
    "from torch_geometric.nn import SSGConv",
    "model = SSGConv(in_channels, out_channels, alpha=alpha, K=k).eval()",
    extra_doc="alpha is benchit's standard parameter (default 2.2, as in MLAgility); the paper uses 0.05. The value\ndoes not change the computation graph.",
)
write(
    "appnp",
    f"APPNP (Klicpera et al., Predict then Propagate, https://arxiv.org/abs/1810.05997):\na 2-layer MLP followed by k steps of personalized-PageRank propagation, random weights,\n{CORA}.",
    RTD + "conv.APPNP.html",
    ["in_channels", "out_channels", "k", "alpha"],
    "from torch_geometric.nn import APPNP, MLP",
    '''

class APPNPNet(torch.nn.Module):
    """Predict with an MLP, then propagate with APPNP."""

    def __init__(self, in_channels, hidden_channels, out_channels, k, alpha):
        super().__init__()
        self.mlp = MLP([in_channels, hidden_channels, out_channels])
        self.propagate = APPNP(K=k, alpha=alpha)

    def forward(self, x, edge_index):
        return self.propagate(self.mlp(x), edge_index)


model = APPNPNet(in_channels, hidden_channels, out_channels, k, alpha).eval()''',
    extra_doc="alpha (teleport probability) is benchit's standard parameter (default 2.2, as in MLAgility); the paper\nuses 0.1. The value does not change the computation graph.",
)
write(
    "gcnii",
    f"GCNII (Chen et al., Simple and Deep Graph Convolutional Networks, https://arxiv.org/abs/2007.02133):\nlinear input layer, num_layers GCN2Conv layers with initial residual and identity mapping, linear\noutput layer; random weights, {CORA}.",
    RTD + "conv.GCN2Conv.html",
    P3 + ["alpha"],
    "from torch_geometric.nn import GCN2Conv",
    '''

class GCNII(torch.nn.Module):
    """Deep GCN with initial residual connections (alpha) and identity mapping (theta)."""

    def __init__(self, in_channels, hidden_channels, out_channels, num_layers, alpha, theta=0.5):
        super().__init__()
        self.lin_in = torch.nn.Linear(in_channels, hidden_channels)
        self.convs = torch.nn.ModuleList(
            GCN2Conv(hidden_channels, alpha, theta, layer=i + 1) for i in range(num_layers)
        )
        self.lin_out = torch.nn.Linear(hidden_channels, out_channels)

    def forward(self, x, edge_index):
        x = x0 = torch.relu(self.lin_in(x))
        for conv in self.convs:
            x = torch.relu(conv(x, x0, edge_index))
        return self.lin_out(x)


model = GCNII(in_channels, hidden_channels, out_channels, num_layers, alpha).eval()''',
    extra_doc="alpha is benchit's standard parameter (default 2.2, as in MLAgility); the paper uses 0.1. The value\ndoes not change the computation graph.",
)
write(
    "arma",
    f"ARMA graph convolutions (Bianchi et al., https://arxiv.org/abs/1901.01343):\ntwo ARMAConv layers (3 parallel stacks of depth 2) with random weights,\n{CORA}.",
    RTD + "conv.ARMAConv.html",
    ["in_channels", "out_channels"],
    "from torch_geometric.nn import ARMAConv",
    '''

class ARMANet(torch.nn.Module):
    """Two ARMA layers, as in the paper's node-classification model."""

    def __init__(self, in_channels, hidden_channels, out_channels):
        super().__init__()
        self.conv1 = ARMAConv(in_channels, hidden_channels, num_stacks=3, num_layers=2, shared_weights=True)
        self.conv2 = ARMAConv(hidden_channels, out_channels, num_stacks=3, num_layers=2, shared_weights=True,
                              act=lambda x: x)

    def forward(self, x, edge_index):
        return self.conv2(torch.relu(self.conv1(x, edge_index)), edge_index)


model = ARMANet(in_channels, hidden_channels, out_channels).eval()''',
)
write(
    "gatedgraphconv",
    f"Gated Graph Neural Network (Li et al., Gated Graph Sequence Neural Networks, https://arxiv.org/abs/1511.05493):\nGatedGraphConv (num_layers GRU-gated propagation steps) with random weights,\n{CORA}.\nGatedGraphConv zero-pads the input features to out_channels, so here it maps in_channels to a\nhidden size first.",
    RTD + "conv.GatedGraphConv.html",
    P3,
    "from torch_geometric.nn import GatedGraphConv",
    '''

class GGNN(torch.nn.Module):
    """Linear embedding, then GatedGraphConv, then a linear readout."""

    def __init__(self, in_channels, hidden_channels, out_channels, num_layers):
        super().__init__()
        self.embed = torch.nn.Linear(in_channels, hidden_channels)
        self.ggnn = GatedGraphConv(hidden_channels, num_layers)
        self.readout = torch.nn.Linear(hidden_channels, out_channels)

    def forward(self, x, edge_index):
        return self.readout(self.ggnn(self.embed(x), edge_index))


model = GGNN(in_channels, hidden_channels, out_channels, num_layers).eval()''',
)
write(
    "deepergcn",
    f"DeeperGCN (Li et al., https://arxiv.org/abs/2006.07739):\nnum_layers pre-activation residual blocks (DeepGCNLayer 'res+') of GENConv with softmax\naggregation; random weights, {CORA}.",
    RTD + "models.DeepGCNLayer.html",
    P3,
    "from torch_geometric.nn import DeepGCNLayer, GENConv",
    '''

class DeeperGCN(torch.nn.Module):
    """Linear encoder, num_layers res+ GENConv blocks, linear classifier."""

    def __init__(self, in_channels, hidden_channels, out_channels, num_layers):
        super().__init__()
        self.encoder = torch.nn.Linear(in_channels, hidden_channels)
        self.layers = torch.nn.ModuleList()
        for _ in range(num_layers):
            conv = GENConv(hidden_channels, hidden_channels, aggr="softmax", t=1.0, learn_t=True, num_layers=2, norm="layer")
            norm = torch.nn.LayerNorm(hidden_channels, elementwise_affine=True)
            self.layers.append(DeepGCNLayer(conv, norm, torch.nn.ReLU(), block="res+"))
        self.classifier = torch.nn.Linear(hidden_channels, out_channels)

    def forward(self, x, edge_index):
        x = self.layers[0].conv(self.encoder(x), edge_index)
        for layer in self.layers[1:]:
            x = layer(x, edge_index)
        x = torch.relu(self.layers[0].norm(x))
        return self.classifier(x)


model = DeeperGCN(in_channels, hidden_channels, out_channels, num_layers).eval()''',
)
write(
    "rgcn",
    f"Relational GCN (Schlichtkrull et al., https://arxiv.org/abs/1703.06103):\nnum_layers RGCNConv layers over 4 edge types (basis decomposition, 2 bases), random weights,\n{CORA}, with a random relation type per edge.",
    RTD + "conv.RGCNConv.html",
    P3,
    "from torch_geometric.nn import RGCNConv",
    '''
num_relations = 4


class RGCN(torch.nn.Module):
    """A stack of RGCNConv layers with ReLU in between."""

    def __init__(self, in_channels, hidden_channels, out_channels, num_layers, num_relations):
        super().__init__()
        sizes = [in_channels] + [hidden_channels] * (num_layers - 1) + [out_channels]
        self.convs = torch.nn.ModuleList(
            RGCNConv(c_in, c_out, num_relations, num_bases=2) for c_in, c_out in zip(sizes[:-1], sizes[1:])
        )

    def forward(self, x, edge_index, edge_type):
        for conv in self.convs[:-1]:
            x = torch.relu(conv(x, edge_index, edge_type))
        return self.convs[-1](x, edge_index, edge_type)


model = RGCN(in_channels, hidden_channels, out_channels, num_layers, num_relations).eval()''',
    graph=GRAPH + "\nedge_type = torch.randint(num_relations, (num_edges,))",
    call="model(x, edge_index, edge_type)",
)
write(
    "monet",
    f"MoNet (Monti et al., Geometric deep learning on graphs and manifolds using mixture model CNNs,\nhttps://arxiv.org/abs/1611.08402): num_layers GMMConv layers (3 Gaussian kernels over 2-D pseudo-coordinates)\nwith random weights, {CORA}.\nEdge pseudo-coordinates are the (deg(i)^-1/2, deg(j)^-1/2) pairs used in the paper's Cora model.",
    RTD + "conv.GMMConv.html",
    P3,
    "from torch_geometric.nn import GMMConv\nfrom torch_geometric.utils import degree",
    '''

class MoNet(torch.nn.Module):
    """A stack of GMMConv layers with ReLU in between."""

    def __init__(self, in_channels, hidden_channels, out_channels, num_layers):
        super().__init__()
        sizes = [in_channels] + [hidden_channels] * (num_layers - 1) + [out_channels]
        self.convs = torch.nn.ModuleList(
            GMMConv(c_in, c_out, dim=2, kernel_size=3) for c_in, c_out in zip(sizes[:-1], sizes[1:])
        )

    def forward(self, x, edge_index, edge_attr):
        for conv in self.convs[:-1]:
            x = torch.relu(conv(x, edge_index, edge_attr))
        return self.convs[-1](x, edge_index, edge_attr)


model = MoNet(in_channels, hidden_channels, out_channels, num_layers).eval()''',
    graph=GRAPH
    + """
deg = degree(edge_index[1], num_nodes).clamp(min=1)
edge_attr = torch.stack([deg[edge_index[0]] ** -0.5, deg[edge_index[1]] ** -0.5], dim=-1)""",
    call="model(x, edge_index, edge_attr)",
)
write(
    "mpnn_nnconv",
    "Message Passing Neural Network with edge networks (Gilmer et al., https://arxiv.org/abs/1704.01212):\nan NNConv layer (an MLP maps each edge's 4 features to a weight matrix) followed by a GRU update,\nrepeated 3 times, on a synthetic molecule-sized batch of 32 graphs of 24 atoms (random bonds); random weights.",
    RTD + "conv.NNConv.html",
    ["in_channels", "out_channels"],
    "from torch_geometric.nn import NNConv, global_add_pool",
    '''
in_channels = min(in_channels, 16)  # atom features: molecules have few (the 1433 default is for Cora)
edge_dim = 4
num_graphs, atoms_per_graph, bonds_per_graph = 32, 24, 50


class MPNN(torch.nn.Module):
    """Edge-network message passing with a GRU node update and a sum readout."""

    def __init__(self, in_channels, hidden_channels, out_channels, edge_dim, steps=3):
        super().__init__()
        self.steps = steps
        self.lin0 = torch.nn.Linear(in_channels, hidden_channels)
        edge_net = torch.nn.Sequential(
            torch.nn.Linear(edge_dim, 128), torch.nn.ReLU(), torch.nn.Linear(128, hidden_channels * hidden_channels)
        )
        self.conv = NNConv(hidden_channels, hidden_channels, edge_net, aggr="mean")
        self.gru = torch.nn.GRU(hidden_channels, hidden_channels)
        self.lin_out = torch.nn.Linear(hidden_channels, out_channels)

    def forward(self, x, edge_index, edge_attr, batch):
        out = torch.relu(self.lin0(x))
        h = out.unsqueeze(0)
        for _ in range(self.steps):
            m = torch.relu(self.conv(out, edge_index, edge_attr))
            out, h = self.gru(m.unsqueeze(0), h)
            out = out.squeeze(0)
        return self.lin_out(global_add_pool(out, batch))


model = MPNN(in_channels, hidden_channels, out_channels, edge_dim).eval()''',
    graph="""num_nodes = num_graphs * atoms_per_graph
x = torch.randn(num_nodes, in_channels)
offsets = torch.arange(num_graphs).repeat_interleave(bonds_per_graph) * atoms_per_graph
edge_index = torch.randint(atoms_per_graph, (2, num_graphs * bonds_per_graph)) + offsets
edge_attr = torch.randn(edge_index.size(1), edge_dim)
batch = torch.arange(num_graphs).repeat_interleave(atoms_per_graph)""",
    call="model(x, edge_index, edge_attr, batch)",
)
write(
    "attentivefp",
    "AttentiveFP molecular property predictor (Xiong et al., https://pubs.acs.org/doi/10.1021/acs.jmedchem.9b00959):\ntorch_geometric.nn.models.AttentiveFP with random weights on a synthetic batch of 32 molecules of\n24 atoms (random bonds, 10 bond features).",
    RTD + "models.AttentiveFP.html",
    ["in_channels", "out_channels", "num_layers"],
    "from torch_geometric.nn.models import AttentiveFP",
    """
in_channels = min(in_channels, 39)  # atom features (39 in the paper); the 1433 default is for Cora
edge_dim = 10
num_graphs, atoms_per_graph, bonds_per_graph = 32, 24, 50

model = AttentiveFP(in_channels, hidden_channels, out_channels, edge_dim, num_layers, num_timesteps=2).eval()""",
    graph="""num_nodes = num_graphs * atoms_per_graph
x = torch.randn(num_nodes, in_channels)
offsets = torch.arange(num_graphs).repeat_interleave(bonds_per_graph) * atoms_per_graph
edge_index = torch.randint(atoms_per_graph, (2, num_graphs * bonds_per_graph)) + offsets
edge_attr = torch.randn(edge_index.size(1), edge_dim)
batch = torch.arange(num_graphs).repeat_interleave(atoms_per_graph)""",
    call="model(x, edge_index, edge_attr, batch)",
)
write(
    "gin_graph_classification",
    "GIN graph classification (Xu et al., https://arxiv.org/abs/1810.00826): num_layers GINConv\nlayers, a sum readout per graph (global_add_pool) and an MLP classifier, random weights, on a\nsynthetic batch of 64 graphs of 40 nodes (about the size of the PROTEINS / MUTAG graphs).",
    RTD + "models.GIN.html",
    P3,
    "from torch_geometric.nn import MLP, global_add_pool\nfrom torch_geometric.nn.models import GIN",
    '''
in_channels = min(in_channels, 64)  # node features of molecule / protein graphs; the 1433 default is for Cora
num_graphs, nodes_per_graph, edges_per_graph = 64, 40, 160


class GINClassifier(torch.nn.Module):
    """GIN node encoder, sum pooling per graph, MLP head."""

    def __init__(self, in_channels, hidden_channels, out_channels, num_layers):
        super().__init__()
        self.gnn = GIN(in_channels, hidden_channels, num_layers)
        self.head = MLP([hidden_channels, hidden_channels, out_channels], norm=None)

    def forward(self, x, edge_index, batch):
        return self.head(global_add_pool(self.gnn(x, edge_index), batch))


model = GINClassifier(in_channels, hidden_channels, out_channels, num_layers).eval()''',
    graph="""num_nodes = num_graphs * nodes_per_graph
x = torch.randn(num_nodes, in_channels)
offsets = torch.arange(num_graphs).repeat_interleave(edges_per_graph) * nodes_per_graph
edge_index = torch.randint(nodes_per_graph, (2, num_graphs * edges_per_graph)) + offsets
batch = torch.arange(num_graphs).repeat_interleave(nodes_per_graph)""",
    call="model(x, edge_index, batch)",
)
write(
    "linkx",
    f"LINKX (Lim et al., Large Scale Learning on Non-Homophilous Graphs, https://arxiv.org/abs/2110.14446):\ntorch_geometric.nn.models.LINKX (separate MLPs over adjacency rows and node features) with random\nweights, {CORA}.",
    RTD + "models.LINKX.html",
    P3,
    "from torch_geometric.nn.models import LINKX",
    "",
    graph=GRAPH + "\n\nmodel = LINKX(num_nodes, in_channels, hidden_channels, out_channels, num_layers).eval()",
)
write(
    "graph_unet",
    f"Graph U-Net (Gao and Ji, https://arxiv.org/abs/1905.05178):\ntorch_geometric.nn.models.GraphUNet (GCN layers with top-k pooling and unpooling, depth 3) with random\nweights, {CORA}.",
    RTD + "models.GraphUNet.html",
    ["in_channels", "out_channels"],
    "from torch_geometric.nn.models import GraphUNet",
    "model = GraphUNet(in_channels, hidden_channels, out_channels, depth=3).eval()",
)
print(len(list(OUT.glob("*.py"))))
