# labels: name::gatedgraphconv author::pyg task::graph_learning test_group::daily
"""
Gated Graph Neural Network (Li et al., Gated Graph Sequence Neural Networks, https://arxiv.org/abs/1511.05493):
GatedGraphConv (num_layers GRU-gated propagation steps) with random weights,
on a synthetic Cora-sized graph (2708 nodes, 10556 random directed edges, in_channels
random features per node).
GatedGraphConv zero-pads the input features to out_channels, so here it maps in_channels to a
hidden size first.
Source: https://pytorch-geometric.readthedocs.io/en/latest/generated/torch_geometric.nn.conv.GatedGraphConv.html
"""
from benchit.parser import parse
import torch
from torch_geometric.nn import GatedGraphConv

torch.manual_seed(0)
in_channels, out_channels, num_layers = parse(["in_channels", "out_channels", "num_layers"])
hidden_channels = 64


class GGNN(torch.nn.Module):
    """Linear embedding, then GatedGraphConv, then a linear readout."""

    def __init__(self, in_channels, hidden_channels, out_channels, num_layers):
        super().__init__()
        self.embed = torch.nn.Linear(in_channels, hidden_channels)
        self.ggnn = GatedGraphConv(hidden_channels, num_layers)
        self.readout = torch.nn.Linear(hidden_channels, out_channels)

    def forward(self, x, edge_index):
        return self.readout(self.ggnn(self.embed(x), edge_index))


model = GGNN(in_channels, hidden_channels, out_channels, num_layers).eval()

num_nodes, num_edges = 2708, 10556  # the size of the Cora citation graph
x = torch.randn(num_nodes, in_channels)
edge_index = torch.randint(num_nodes, (2, num_edges))

with torch.no_grad():
    model(x, edge_index)
