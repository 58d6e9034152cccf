# labels: name::mixhop author::pyg task::graph_learning test_group::daily
"""
MixHop (Abu-El-Haija et al., https://arxiv.org/abs/1905.00067):
num_layers MixHopConv layers (adjacency powers 0, 1, 2, concatenated) and a linear classifier,
random weights, on a synthetic Cora-sized graph (2708 nodes, 10556 random directed edges, in_channels
random features per node).
Source: https://pytorch-geometric.readthedocs.io/en/latest/generated/torch_geometric.nn.conv.MixHopConv.html
"""
from benchit.parser import parse
import torch
from torch_geometric.nn import MixHopConv

torch.manual_seed(0)
in_channels, out_channels, num_layers = parse(["in_channels", "out_channels", "num_layers"])
hidden_channels = 64


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


model = MixHop(in_channels, hidden_channels, out_channels, num_layers).eval()

num_nodes, num_edges = 2708, 10556  # the size of the Cora citation graph
x = torch.randn(num_nodes, in_channels)
edge_index = torch.randint(num_nodes, (2, num_edges))

with torch.no_grad():
    model(x, edge_index)
