# labels: name::attentivefp author::pyg task::graph_learning test_group::daily
"""
AttentiveFP molecular property predictor (Xiong et al., https://pubs.acs.org/doi/10.1021/acs.jmedchem.9b00959):
torch_geometric.nn.models.AttentiveFP with random weights on a synthetic batch of 32 molecules of
24 atoms (random bonds, 10 bond features).
Source: https://pytorch-geometric.readthedocs.io/en/latest/generated/torch_geometric.nn.models.AttentiveFP.html
"""
from benchit.parser import parse
import torch
from torch_geometric.nn.models import AttentiveFP

torch.manual_seed(0)
in_channels, out_channels, num_layers = parse(["in_channels", "out_channels", "num_layers"])
hidden_channels = 64

in_channels = min(in_channels, 39)  # atom features (39 in the paper); the 1433 default is for Cora
edge_dim = 10
num_graphs, atoms_per_graph, bonds_per_graph = 32, 24, 50

model = AttentiveFP(in_channels, hidden_channels, out_channels, edge_dim, num_layers, num_timesteps=2).eval()

num_nodes = num_graphs * atoms_per_graph
x = torch.randn(num_nodes, in_channels)
offsets = torch.arange(num_graphs).repeat_interleave(bonds_per_graph) * atoms_per_graph
edge_index = torch.randint(atoms_per_graph, (2, num_graphs * bonds_per_graph)) + offsets
edge_attr = torch.randn(edge_index.size(1), edge_dim)
batch = torch.arange(num_graphs).repeat_interleave(atoms_per_graph)

with torch.no_grad():
    model(x, edge_index, edge_attr, batch)
