# labels: name::rgcn author::pyg task::graph_learning test_group::daily
"""
Relational GCN (Schlichtkrull et al., https://arxiv.org/abs/1703.06103):
num_layers RGCNConv layers over 4 edge types (basis decomposition, 2 bases), random weights,
on a synthetic Cora-sized graph (2708 nodes, 10556 random directed edges, in_channels
random features per node), with a random relation type per edge.
Source: https://pytorch-geometric.readthedocs.io/en/latest/generated/torch_geometric.nn.conv.RGCNConv.html
"""
from benchit.parser import parse
import torch
from torch_geometric.nn import RGCNConv

torch.manual_seed(0)
in_channels, out_channels, num_layers = parse(["in_channels", "out_channels", "num_layers"])
hidden_channels = 64

num_relations = 4


class RGCN(torch.nn.Module):
    """A stack of RGCNConv layers with ReLU in between."""

    def __init__(self, in_channels, hidden_channels, out_channels, num_layers, num_relations):
        super().__init__()
        sizes = [in_channels] + [hidden_channels] * (num_layers - 1) + [out_channels]
        self.convs = torch.nn.ModuleList(
            RGCNConv(c_in, c_out, num_relations, num_bases=2) for c_in, c_out in zip(sizes[:-1], sizes[1:])
        )

    def forward(self, x, edge_index, edge_type):
        for conv in self.convs[:-1]:
            x = torch.relu(conv(x, edge_index, edge_type))
        return self.convs[-1](x, edge_index, edge_type)


model = RGCN(in_channels, hidden_channels, out_channels, num_layers, num_relations).eval()

num_nodes, num_edges = 2708, 10556  # the size of the Cora citation graph
x = torch.randn(num_nodes, in_channels)
edge_index = torch.randint(num_nodes, (2, num_edges))
edge_type = torch.randint(num_relations, (num_edges,))

with torch.no_grad():
    model(x, edge_index, edge_type)
