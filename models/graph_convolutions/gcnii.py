# labels: name::gcnii author::pyg task::graph_learning test_group::daily
"""
GCNII (Chen et al., Simple and Deep Graph Convolutional Networks, https://arxiv.org/abs/2007.02133):
linear input layer, num_layers GCN2Conv layers with initial residual and identity mapping, linear
output layer; random weights, on a synthetic Cora-sized graph (2708 nodes, 10556 random directed edges, in_channels
random features per node).
alpha is benchit's standard parameter (default 2.2, as in MLAgility); the paper uses 0.1. The value
does not change the computation graph.
Source: https://pytorch-geometric.readthedocs.io/en/latest/generated/torch_geometric.nn.conv.GCN2Conv.html
"""
from benchit.parser import parse
import torch
from torch_geometric.nn import GCN2Conv

torch.manual_seed(0)
in_channels, out_channels, num_layers, alpha = parse(["in_channels", "out_channels", "num_layers", "alpha"])
hidden_channels = 64


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


model = GCNII(in_channels, hidden_channels, out_channels, num_layers, alpha).eval()

num_nodes, num_edges = 2708, 10556  # the size of the Cora citation graph
x = torch.randn(num_nodes, in_channels)
edge_index = torch.randint(num_nodes, (2, num_edges))

with torch.no_grad():
    model(x, edge_index)
