# labels: name::graphsage author::pyg task::graph_learning test_group::ci,daily
"""
GraphSAGE (Hamilton et al., https://arxiv.org/abs/1706.02216):
torch_geometric.nn.models.GraphSAGE (SAGEConv, mean aggregation) with random weights,
on a synthetic Cora-sized graph (2708 nodes, 10556 random directed edges, in_channels
random features per node).
Source: https://pytorch-geometric.readthedocs.io/en/latest/generated/torch_geometric.nn.models.GraphSAGE.html
"""
from benchit.parser import parse
import torch
from torch_geometric.nn.models import GraphSAGE

torch.manual_seed(0)
in_channels, out_channels, num_layers = parse(["in_channels", "out_channels", "num_layers"])
hidden_channels = 64

model = GraphSAGE(in_channels, hidden_channels, num_layers, out_channels).eval()

num_nodes, num_edges = 2708, 10556  # the size of the Cora citation graph
x = torch.randn(num_nodes, in_channels)
edge_index = torch.randint(num_nodes, (2, num_edges))

with torch.no_grad():
    model(x, edge_index)
