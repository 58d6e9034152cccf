# labels: name::edgecnn author::pyg task::graph_learning test_group::daily
"""
EdgeCNN / DGCNN (Wang et al., Dynamic Graph CNN, https://arxiv.org/abs/1801.07829):
torch_geometric.nn.models.EdgeCNN (EdgeConv layers on a fixed graph) with random weights,
on a synthetic Cora-sized graph (2708 nodes, 10556 random directed edges, in_channels
random features per node).
The dynamic variant (DynamicEdgeConv) rebuilds a k-NN graph with torch_cluster, which is not
installed, so this uses EdgeConv on the given edges.
Source: https://pytorch-geometric.readthedocs.io/en/latest/generated/torch_geometric.nn.models.EdgeCNN.html
"""
from benchit.parser import parse
import torch
from torch_geometric.nn.models import EdgeCNN

torch.manual_seed(0)
in_channels, out_channels, num_layers = parse(["in_channels", "out_channels", "num_layers"])
hidden_channels = 64

model = EdgeCNN(in_channels, hidden_channels, num_layers, out_channels).eval()

num_nodes, num_edges = 2708, 10556  # the size of the Cora citation graph
x = torch.randn(num_nodes, in_channels)
edge_index = torch.randint(num_nodes, (2, num_edges))

with torch.no_grad():
    model(x, edge_index)
