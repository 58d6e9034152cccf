# labels: name::no_models author::faults task::control
"""A script that calls no model: status no_models, not a failure."""

print("nothing to see")
