# labels: name::mpnn_nnconv author::pyg task::graph_learning test_group::daily
"""
Message Passing Neural Network with edge networks (Gilmer et al., https://arxiv.org/abs/1704.01212):
an NNConv layer (an MLP maps each edge's 4 features to a weight matrix) followed by a GRU update,
repeated 3 times, on a synthetic molecule-sized batch of 32 graphs of 24 atoms (random bonds); random weights.
Source: https://pytorch-geometric.readthedocs.io/en/latest/generated/torch_geometric.nn.conv.NNConv.html
"""
from benchit.parser import parse
import torch
from torch_geometric.nn import NNConv, global_add_pool

torch.manual_seed(0)
in_channels, out_channels = parse(["in_channels", "out_channels"])
hidden_channels = 64

in_channels = min(in_channels, 16)  # atom features: molecules have few (the 1433 default is for Cora)
edge_dim = 4
num_graphs, atoms_per_graph, bonds_per_graph = 32, 24, 50


class MPNN(torch.nn.Module):
    """Edge-network message passing with a GRU node update and a sum readout."""

    def __init__(self, in_channels, hidden_channels, out_channels, edge_dim, steps=3):
        super().__init__()
        self.steps = steps
        self.lin0 = torch.nn.Linear(in_channels, hidden_channels)
        edge_net = torch.nn.Sequential(
            torch.nn.Linear(edge_dim, 128), torch.nn.ReLU(), torch.nn.Linear(128, hidden_channels * hidden_channels)
        )
        self.conv = NNConv(hidden_channels, hidden_channels, edge_net, aggr="mean")
        self.gru = torch.nn.GRU(hidden_channels, hidden_channels)
        self.lin_out = torch.nn.Linear(hidden_channels, out_channels)

    def forward(self, x, edge_index, edge_attr, batch):
        out = torch.relu(self.lin0(x))
        h = out.unsqueeze(0)
        for _ in range(self.steps):
            m = torch.relu(self.conv(out, edge_index, edge_attr))
            out, h = self.gru(m.unsqueeze(0), h)
            out = out.squeeze(0)
        return self.lin_out(global_add_pool(out, batch))


model = MPNN(in_channels, hidden_channels, out_channels, edge_dim).eval()

num_nodes = num_graphs * atoms_per_graph
x = torch.randn(num_nodes, in_channels)
offsets = torch.arange(num_graphs).repeat_interleave(bonds_per_graph) * atoms_per_graph
edge_index = torch.randint(atoms_per_graph, (2, num_graphs * bonds_per_graph)) + offsets
edge_attr = torch.randn(edge_index.size(1), edge_dim)
batch = torch.arange(num_graphs).repeat_interleave(atoms_per_graph)

with torch.no_grad():
    model(x, edge_index, edge_attr, batch)
