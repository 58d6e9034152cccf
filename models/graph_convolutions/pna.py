# labels: name::pna author::pyg task::graph_learning test_group::daily
"""
Principal Neighbourhood Aggregation (Corso et al., https://arxiv.org/abs/2004.05718):
torch_geometric.nn.models.PNA (mean/min/max/std aggregators, degree scalers) with random weights,
on a synthetic Cora-sized graph (2708 nodes, 10556 random directed edges, in_channels
random features per node).
The degree histogram PNA needs is computed from the synthetic graph.
Source: https://pytorch-geometric.readthedocs.io/en/latest/generated/torch_geometric.nn.models.PNA.html
"""
from benchit.parser import parse
import torch
from torch_geometric.nn.models import PNA
from torch_geometric.utils import degree

torch.manual_seed(0)
in_channels, out_channels, num_layers = parse(["in_channels", "out_channels", "num_layers"])
hidden_channels = 64

num_nodes, num_edges = 2708, 10556  # the size of the Cora citation graph
x = torch.randn(num_nodes, in_channels)
edge_index = torch.randint(num_nodes, (2, num_edges))

deg = torch.bincount(degree(edge_index[1], num_nodes, dtype=torch.long))  # in-degree histogram
model = PNA(
    in_channels,
    hidden_channels,
    num_layers,
    out_channels,
    aggregators=["mean", "min", "max", "std"],
    scalers=["identity", "amplification", "attenuation"],
    deg=deg,
).eval()

with torch.no_grad():
    model(x, edge_index)
