# labels: name::gin_graph_classification author::pyg task::graph_learning test_group::daily
"""
GIN graph classification (Xu et al., https://arxiv.org/abs/1810.00826): num_layers GINConv
layers, a sum readout per graph (global_add_pool) and an MLP classifier, random weights, on a
synthetic batch of 64 graphs of 40 nodes (about the size of the PROTEINS / MUTAG graphs).
Source: https://pytorch-geometric.readthedocs.io/en/latest/generated/torch_geometric.nn.models.GIN.html
"""
from benchit.parser import parse
import torch
from torch_geometric.nn import MLP, global_add_pool
from torch_geometric.nn.models import GIN

torch.manual_seed(0)
in_channels, out_channels, num_layers = parse(["in_channels", "out_channels", "num_layers"])
hidden_channels = 64

in_channels = min(in_channels, 64)  # node features of molecule / protein graphs; the 1433 default is for Cora
num_graphs, nodes_per_graph, edges_per_graph = 64, 40, 160


class GINClassifier(torch.nn.Module):
    """GIN node encoder, sum pooling per graph, MLP head."""

    def __init__(self, in_channels, hidden_channels, out_channels, num_layers):
        super().__init__()
        self.gnn = GIN(in_channels, hidden_channels, num_layers)
        self.head = MLP([hidden_channels, hidden_channels, out_channels], norm=None)

    def forward(self, x, edge_index, batch):
        return self.head(global_add_pool(self.gnn(x, edge_index), batch))


model = GINClassifier(in_channels, hidden_channels, out_channels, num_layers).eval()

num_nodes = num_graphs * nodes_per_graph
x = torch.randn(num_nodes, in_channels)
offsets = torch.arange(num_graphs).repeat_interleave(edges_per_graph) * nodes_per_graph
edge_index = torch.randint(nodes_per_graph, (2, num_graphs * edges_per_graph)) + offsets
batch = torch.arange(num_graphs).repeat_interleave(nodes_per_graph)

with torch.no_grad():
    model(x, edge_index, batch)
