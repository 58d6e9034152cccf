# labels: name::sgc author::pyg task::graph_learning test_group::ci,daily
"""
Simplifying Graph Convolutional Networks (Wu et al., https://arxiv.org/abs/1902.07153):
SGConv (k propagation steps then one linear layer) with random weights,
on a synthetic Cora-sized graph (2708 nodes, 10556 random directed edges, in_channels
random features per node).
Source: https://pytorch-geometric.readthedocs.io/en/latest/generated/torch_geometric.nn.conv.SGConv.html
"""
from benchit.parser import parse
import torch
from torch_geometric.nn import SGConv

torch.manual_seed(0)
in_channels, out_channels, k = parse(["in_channels", "out_channels", "k"])

model = SGConv(in_channels, out_channels, K=k).eval()

num_nodes, num_edges = 2708, 10556  # the size of the Cora citation graph
x = torch.randn(num_nodes, in_channels)
edge_index = torch.randint(num_nodes, (2, num_edges))

with torch.no_grad():
    model(x, edge_index)
