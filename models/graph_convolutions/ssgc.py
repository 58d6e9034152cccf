# labels: name::ssgc author::pyg task::graph_learning test_group::daily
"""
Simple Spectral Graph Convolution (Zhu and Koniusz, https://openreview.net/forum?id=CYO5T-YjWZV):
SSGConv (k propagation steps mixed with the input by alpha) with random weights,
on a synthetic Cora-sized graph (2708 nodes, 10556 random directed edges, in_channels
random features per node).
alpha is benchit's standard parameter (default 2.2, as in MLAgility); the paper uses 0.05. The value
does not change the computation graph.
Source: https://pytorch-geometric.readthedocs.io/en/latest/generated/torch_geometric.nn.conv.SSGConv.html
"""
from benchit.parser import parse
import torch
from torch_geometric.nn import SSGConv

torch.manual_seed(0)
in_channels, out_channels, k, alpha = parse(["in_channels", "out_channels", "k", "alpha"])

model = SSGConv(in_channels, out_channels, alpha=alpha, K=k).eval()

num_nodes, num_edges = 2708, 10556  # the size of the Cora citation graph
x = torch.randn(num_nodes, in_channels)
edge_index = torch.randint(num_nodes, (2, num_edges))

with torch.no_grad():
    model(x, edge_index)
