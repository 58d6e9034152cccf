# labels: name::arma author::pyg task::graph_learning test_group::daily
"""
ARMA graph convolutions (Bianchi et al., https://arxiv.org/abs/1901.01343):
two ARMAConv layers (3 parallel stacks of depth 2) with random weights,
on a synthetic Cora-sized graph (2708 nodes, 10556 random directed edges, in_channels
random features per node).
Source: https://pytorch-geometric.readthedocs.io/en/latest/generated/torch_geometric.nn.conv.ARMAConv.html
"""
from benchit.parser import parse
import torch
from torch_geometric.nn import ARMAConv

torch.manual_seed(0)
in_channels, out_channels = parse(["in_channels", "out_channels"])
hidden_channels = 64


class ARMANet(torch.nn.Module):
    """Two ARMA layers, as in the paper's node-classification model."""

    def __init__(self, in_channels, hidden_channels, out_channels):
        super().__init__()
        self.conv1 = ARMAConv(in_channels, hidden_channels, num_stacks=3, num_layers=2, shared_weights=True)
        self.conv2 = ARMAConv(hidden_channels, out_channels, num_stacks=3, num_layers=2, shared_weights=True,
                              act=lambda x: x)

    def forward(self, x, edge_index):
        return self.conv2(torch.relu(self.conv1(x, edge_index)), edge_index)


model = ARMANet(in_channels, hidden_channels, out_channels).eval()

num_nodes, num_edges = 2708, 10556  # the size of the Cora citation graph
x = torch.randn(num_nodes, in_channels)
edge_index = torch.randint(num_nodes, (2, num_edges))

with torch.no_grad():
    model(x, edge_index)
